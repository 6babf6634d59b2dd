import { render, screen, spanish } from '../testing/render';
import { describe, expect, it } from 'vitest';
import { PHONE_QUERY } from '../lib/media';
import { screenMatching } from '../testing/screen';
import { ProgressBar } from './progress-bar';

const steps = [
  { step: 'primary_info', route: 'personal-information', title: 'Personal Information', status: 'done' },
  { step: 'beneficiary_info', route: 'beneficiary-information', title: 'Beneficiary Information', status: 'done' },
  { step: 'contact_info', route: 'contact-information', title: 'Contact Information', status: 'current' },
  { step: 'primary_health_info', route: 'health-questions', title: 'Health Questions', status: 'todo' },
  { step: 'agreement_info', route: 'agreement-signature', title: 'Agreement & Signature', status: 'todo' },
  { step: 'billing_info', route: 'billing-information', title: 'Billing Information', status: 'todo' },
  { step: 'review_info', route: 'review-confirm', title: 'Review & Confirmation', status: 'todo' },
] as const;


describe('the stepper', () => {
  it('shows every step on a desktop, the finished ones as done and the current one marked', () => {
    screenMatching();
    render(<ProgressBar steps={[...steps]} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items[0].textContent).toContain('Personal Information (completed)');
    expect(items[2].getAttribute('aria-current')).toBe('step');
    expect(items[2].textContent).toContain('Contact Information (current step)');
    expect(items[6].textContent).toContain('Review & Confirmation (not started)');
    expect(screen.queryByText(/Step 3 of 7/)).toBeNull();
  });

  it('says "Step 3 of 7: Contact Information" on a phone, on one line and without the list', () => {
    screenMatching(PHONE_QUERY);
    render(<ProgressBar steps={[...steps]} />);
    expect(screen.getByRole('navigation', { name: 'Enrollment progress' }).textContent).toBe('Step 3 of 7: Contact Information');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('the stepper speaks Spanish when Spanish is chosen', async () => {
    screenMatching();
    render(<ProgressBar steps={[...steps]} />, { language: await spanish() });
    const items = screen.getAllByRole('listitem');
    expect(screen.getByRole('navigation', { name: 'Progreso de la inscripción' })).toBeTruthy();
    expect(items[0].textContent).toContain('Personal Information (completado)');
    expect(items[2].textContent).toContain('Contact Information (paso actual)');
    expect(items[6].textContent).toContain('Review & Confirmation (sin comenzar)');
  });
});
