import { fireEvent, render, screen } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import { refusal, server, success } from '../../../testing/server';
import { WizardPage } from './wizard-page';

const review: Schema<'Step'> = {
  step: 'review_info',
  route: 'review-confirm',
  title: 'Review & Confirmation',
  schema: { type: 'object', properties: { additional_notes: { type: 'string', title: 'Additional Notes' } } },
  uiSchema: {},
  formData: {},
  version: 0,
  progress: { index: 0, total: 1, steps: [{ step: 'review_info', route: 'review-confirm', title: 'Review & Confirmation', status: 'current' }] },
  actions: ['back', 'next', 'save-for-later', 'edit'],
  next_label: 'Submit Application',
  confirm: { title: 'Submit your application?', text: 'Please check your answers.', accept: 'Submit Application', cancel: 'Keep reviewing' },
  summary: {
    sections: [{ number: 1, step: 'primary_info', title: 'Personal Information', rows: [{ label: 'First Name', value: 'Dana' }] }],
    cart: { lines: [{ plan_name: 'Silver Choice PPO', price: 511.2 }], initial_month_cost: 511.2, recurring_month_cost: 511.2 },
  },
};

describe('the review step', () => {
  it('shows numbered cards, the cost summary, and the spec error modal when submitting fails', async () => {
    localStorage.setItem('tempId', '9');
    server.use(
      http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: review })),
      http.post('/api/v1/enrollment/9/step/review_info', () => refusal(500, 'Something went wrong. Please try again.')),
    );
    render(
      <MemoryRouter initialEntries={['/enrollment/review-confirm']}>
        <Routes>
          <Route path="/enrollment/:route" element={<WizardPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: '1. Personal Information' })).toBeTruthy();
    expect(screen.getByText('First Month Total Cost')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Something went wrong. Please save your enrollment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and Continue Later' })).toBeTruthy();
  });
});
