import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '../../../testing/render';
import { refusal, server, success } from '../../../testing/server';
import { InvitationPage } from './invitation-page';

const reasons = [
  { reason: 'spouse_plan', words: 'I am covered by my spouse’s or partner’s plan' },
  { reason: 'cost', words: 'It costs too much' },
];

const mine = (waived: string | null) => ({
  first_name: 'Zoë',
  group_id: 2556,
  group_name: 'Peachtree Logistics',
  landing_url: 'peachtree-logistics',
  window: 'open',
  message: 'You can enroll until 12/31/2026; your coverage starts on 01/01/2027.',
  until: '12/31/2026',
  coverage_from: '01/01/2027',
  not_eligible: null,
  waived,
  waive_reasons: reasons,
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/invitation" element={<InvitationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('an employee’s invitation', () => {
  it('opens as the employee, says until when they may enroll, leads to the group’s plans, and takes a waiver with its reason', async () => {
    const opened: unknown[] = [];
    let waived: string | null = null;
    server.use(
      http.post('/api/v1/employee/invitation', async ({ request }) => {
        opened.push(await request.json());
        return success(mine(null));
      }),
      http.get('/api/v1/employee/enrollment', () => success(mine(waived))),
      http.post('/api/v1/employee/waive', async ({ request }) => {
        waived = ((await request.json()) as { reason: string }).reason;
        return success(mine(waived));
      }),
    );
    renderAt('/invitation?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Welcome, Zoë' })).toBeTruthy();
    expect(opened).toEqual([{ token: 'abc123' }]);
    expect(screen.getByText('You can enroll until 12/31/2026; your coverage starts on 01/01/2027.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose your plans' }).getAttribute('href')).toBe('/peachtree-logistics');
    fireEvent.click(screen.getByLabelText('I am covered by my spouse’s or partner’s plan'));
    fireEvent.click(screen.getByRole('button', { name: 'Waive the coverage' }));
    expect(await screen.findByText(/^You waived your employer’s coverage: I am covered by my spouse’s or partner’s plan\./)).toBeTruthy();
    expect(waived).toBe('spouse_plan');
  });

  it('says so when the link no longer works', async () => {
    const words = 'This invitation does not work any more. Please ask your benefits administrator for a new one.';
    server.use(http.post('/api/v1/employee/invitation', () => refusal(422, 'validation failed', [{ target_element: 'token', error_message: words }])));
    renderAt('/invitation?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(words);
  });
});
