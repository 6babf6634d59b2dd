import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { FlowAnswer, FlowSource, FlowStep } from '../machines/flow-machine';
import { FlowDialog } from './flow-dialog';

const offer: FlowStep = {
  step: 'term_life',
  kind: 'offer',
  title: 'Term life with no medical exam',
  header: 'Add term life coverage for your family',
  link: '',
  link_description: '',
  plans: [
    { plan_id: 1402, plan_pricing_id: 140201, plan_name: 'Northgate Term Life 10', option_name: '$100,000 benefit', plan_logo: '/l.svg', plan_category: 'life', price: 11.2 },
  ],
  price: 11.2,
  actions: [
    { action: 'accept', label: 'Add To Cart' },
    { action: 'decline', label: 'No, I like medical questions.' },
  ],
};

const confirmation: FlowStep = {
  step: 'confirmation',
  kind: 'confirmation',
  title: 'Cart page confirmation to proceed further',
  text: 'Your plans will be effective as of 12/01/2026',
  actions: [
    { action: 'rep', label: 'Rep Enrollment' },
    { action: 'member', label: 'Member Enrollment' },
    { action: 'back', label: 'Back to Cart' },
  ],
};

describe('a flow dialog', () => {
  it('draws the offer the server sends, carries the answer back and shows the next step', async () => {
    const answer = vi.fn(async (): Promise<FlowAnswer> => ({ step: confirmation }));
    const source: FlowSource = { load: async () => ({ step: offer }), answer };
    const local = vi.fn();
    render(<FlowDialog source={source} localActions={['rep', 'member', 'back']} onLocalAction={local} onFinish={() => undefined} />);
    expect(await screen.findByText('Northgate Term Life 10 ($100,000 benefit): $11.20/mo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No, I like medical questions.' }));
    expect(await screen.findByText('Your plans will be effective as of 12/01/2026')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(offer, 'decline', {});
    fireEvent.click(screen.getByRole('button', { name: 'Member Enrollment' }));
    expect(local).toHaveBeenCalledWith('member');
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('shows a refused answer in the dialog and keeps the step open', async () => {
    const form: FlowStep = {
      step: 'eligibility',
      kind: 'form',
      title: 'Eligibility Questions',
      schema: { type: 'object', properties: { q1: { type: 'string', title: 'Are you a legal resident of the United States?', enum: ['Yes', 'No'] } } },
      uiSchema: {},
      formData: { q1: 'No' },
      actions: [
        { action: 'submit', label: 'Continue' },
        { action: 'cancel', label: 'Cancel' },
      ],
    };
    const source: FlowSource = {
      load: async () => ({ step: null }),
      answer: async () => {
        throw new ApiError(422, 'Please answer yes in order to continue', [{ target_element: 'eligibility', error_message: 'Please answer yes in order to continue' }]);
      },
    };
    const finished = vi.fn();
    render(<FlowDialog source={source} start={form} onFinish={finished} />);
    // The form itself loads when first drawn.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please answer yes in order to continue')).toBeTruthy();
    expect(screen.getByText('Eligibility Questions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(finished).toHaveBeenCalledWith(null, null));
  });
});
