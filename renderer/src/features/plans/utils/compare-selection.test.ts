import { describe, expect, it } from 'vitest';
import { compareHref, toggleCompared } from './compare-selection';

const dental = (plan_id: number) => ({ plan_id, plan_name: `Dental ${plan_id}`, category: 'dental' });

describe('choosing plans to compare', () => {
  it('adds a ticked plan and removes it when unticked', () => {
    const added = toggleCompared([], dental(1));
    expect(added).toEqual({ choice: [dental(1)], refusal: null });
    expect(toggleCompared(added.choice, dental(1))).toEqual({ choice: [], refusal: null });
  });

  it('takes at most three plans and says so at the fourth', () => {
    const three = [dental(1), dental(2), dental(3)];
    const fourth = toggleCompared(three, dental(4));
    expect(fourth.choice).toEqual(three);
    expect(fourth.refusal).toBe('You can compare up to 3 plans at a time. Remove one to add another.');
  });

  it('compares plans of one category only, naming the one being compared', () => {
    const answer = toggleCompared([dental(1)], { plan_id: 9, plan_name: 'Vision 9', category: 'vision' }, 'Dental Plans');
    expect(answer.choice).toEqual([dental(1)]);
    expect(answer.refusal).toBe('Plans of one kind are compared: you are comparing Dental Plans. Clear your choice to compare other plans.');
  });

  it('opens the comparison of the chosen plans in their order', () => {
    expect(compareHref([dental(3), dental(1)])).toBe('/compare?plans=3,1');
  });
});
