import { describe, expect, it } from 'vitest';
import { narrowing, refineOf, toggled, withoutRefine, withRefine } from './refine';

describe("the plans page's choices in its address", () => {
  it('reads the choices made and leaves out the others', () => {
    const params = new URLSearchParams('type=medical&sort=yearly_cost&carriers=Harborstone%20Mutual&hsa=1&max_premium=');
    expect(refineOf(params)).toEqual({ sort: 'yearly_cost', carriers: 'Harborstone Mutual', hsa: '1' });
    expect(narrowing(refineOf(params))).toBe(2);
  });

  it('changes one choice and keeps the category, and clearing keeps only the category', () => {
    const params = new URLSearchParams('type=medical&sort=premium');
    expect(withRefine(params, { networks: 'HMO', sort: '' }).toString()).toBe('type=medical&networks=HMO');
    expect(withoutRefine(new URLSearchParams('type=dental&hsa=1&sort=premium')).toString()).toBe('type=dental');
  });

  it('ticks and unticks an item of a comma list', () => {
    expect(toggled('HMO', 'PPO')).toBe('HMO,PPO');
    expect(toggled('HMO,PPO', 'HMO')).toBe('PPO');
    expect(toggled(undefined, 'EPO')).toBe('EPO');
  });
});
