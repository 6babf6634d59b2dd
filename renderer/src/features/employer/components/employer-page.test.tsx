import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../../testing/render';
import { refusal, server, success } from '../../../testing/server';
import { EmployerPage } from './employer-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/employer']}>
      <Routes>
        <Route path="/employer" element={<EmployerPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const settings = {
  plan_year: { start: '2027-01-01', open_from: '2026-11-15', open_until: '2026-12-31', waiting: 'days30', min_hours: 30, classes: [] },
  offers: [{ category: 'dental', plan_ids: [1101], contribution: { kind: 'percent', employee_percent: 50, dependents_percent: 0 } }],
};

const console = (withSettings: boolean) => ({
  group_id: 2556,
  name: 'Peachtree Logistics',
  pays: 'every two weeks',
  settings: withSettings ? settings : null,
  settings_updated_at: withSettings ? '2026-12-04T10:00:00Z' : null,
  settings_schema: {},
  offerable: [
    {
      category: 'dental',
      display_name: 'Dental Plans',
      plans: [
        {
          plan_id: 1101,
          plan_name: 'Brightbite Dental Preferred PPO',
          carrier_name: 'Brightbite Dental & Vision',
          minimums: { employee_percent: 25, dependents_percent: 0, participation_percent: 50 },
          from_price: 29.25,
        },
      ],
    },
  ],
  minimums: { employee_percent: 25, dependents_percent: 0, participation_percent: 50 },
  census: { employees: 2, terminated: 0 },
  participation: withSettings
    ? { eligible: 2, enrolled: 1, waived: 1, not_started: 0, waived_by_reason: [{ reason: 'spouse_plan', employees: 1 }], percent: 100, minimum: 50, meets_minimum: true }
    : null,
});

const jose = {
  employee_id: 1,
  first_name: 'José',
  last_name: 'Álvarez',
  date_of_birth: '04/15/1985',
  zip: '30318',
  email: 'jose@example.com',
  hire_date: '03/01/2019',
  hours: 40,
  class: 'Drivers',
  salary: 52000,
  terminated_on: null,
  standing: 'enrolled',
  waived: null,
  not_eligible: null,
};

describe('the employer’s console', () => {
  it('lets an administrator without the link sign in by a code sent to the group’s address, and opens the console', async () => {
    let signedIn = false;
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/employer', () =>
        signedIn ? success(console(false)) : refusal(403, 'This page is for a group’s administrator. Please open the link your group was given.'),
      ),
      http.post('/api/v1/employer/sign-in/send-code', async ({ request }) => {
        sent.push(await request.json());
        return success({ sent_to: 'b••••@peachtreelogistics.example', minutes: 10 });
      }),
      http.post('/api/v1/employer/sign-in', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456') {
          return refusal(400, 'Please correct the errors below.', [{ target_element: 'code', error_message: 'This code is not right. Please check the e-mail we sent and try again.' }]);
        }
        signedIn = true;
        return success({ group_id: 2556, name: 'Peachtree Logistics' });
      }),
      http.get('/api/v1/employer/census', () => success([])),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sign in to your employer console' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'benefits@peachtreelogistics.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('If b••••@peachtreelogistics.example is a group’s address on file, a code is on its way. It works for 10 minutes.')).toBeTruthy();
    expect(sent).toEqual([{ email: 'benefits@peachtreelogistics.example' }]);
    fireEvent.change(screen.getByLabelText('The code from the e-mail'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open my console' }));
    expect(await screen.findByText('This code is not right. Please check the e-mail we sent and try again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('The code from the e-mail'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open my console' }));
    expect(await screen.findByRole('heading', { name: 'Peachtree Logistics: open enrollment', level: 1 })).toBeTruthy();
  });

  it('shows a refused contribution at its field in the carriers’ words, and what was sent', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/employer', () => success(console(false))),
      http.get('/api/v1/employer/census', () => success([])),
      http.put('/api/v1/employer/settings', async ({ request }) => {
        sent.push(await request.json());
        const words = 'The carriers of these plans ask the employer to pay at least 25% of each employee’s own premium';
        return refusal(422, 'validation failed', [{ target_element: 'offers.0.contribution.employee_percent', error_message: words }]);
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Peachtree Logistics: open enrollment' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Plan year starts (the first of a month)'), { target: { value: '2027-01-01' } });
    fireEvent.click(screen.getByLabelText('Offer Dental Plans'));
    fireEvent.click(screen.getByLabelText('Brightbite Dental Preferred PPO (Brightbite Dental & Vision), from $29.25 a month'));
    fireEvent.change(screen.getByLabelText('Of each employee’s own premium (%)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the plan year and coverage' }));
    const alert = await screen.findByText(/ask the employer to pay at least 25%/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Of each employee’s own premium (%)').getAttribute('aria-invalid')).toBe('true');
    expect(sent[0]).toMatchObject({
      plan_year: { start: '2027-01-01', waiting: 'days30', min_hours: 30 },
      offers: [{ category: 'dental', plan_ids: [1101], contribution: { kind: 'percent', employee_percent: 10, dependents_percent: 0, cap: null } }],
    });
  });

  it('lists each bad field of a refused census by its row and column, and nothing as imported', async () => {
    server.use(
      http.get('/api/v1/employer', () => success(console(true))),
      http.get('/api/v1/employer/census', () => success([jose])),
      http.get('/api/v1/employer/deductions', () => success([])),
      http.post('/api/v1/employer/census', () =>
        refusal(422, 'validation failed', [
          { target_element: 'census.4', error_message: 'Row 4, column “E-mail”: Please enter an e-mail address such as name@example.com' },
          { target_element: 'census.6', error_message: 'Row 6, column “ZIP code”: Please enter a five-digit ZIP code' },
        ]),
      ),
    );
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('rowheader', { name: /José Álvarez/ })).toBeTruthy();
    expect(within(table).getByText('Enrolled')).toBeTruthy();
    const file = new File(['First name\n'], 'census.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Census file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload the census' }));
    const refused = await screen.findByText('Nothing was imported. Please correct these and upload the census again:');
    const items = within(refused.parentElement as HTMLElement).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Row 4, column “E-mail”: Please enter an e-mail address such as name@example.com',
      'Row 6, column “ZIP code”: Please enter a five-digit ZIP code',
    ]);
    expect(screen.getByText('1 of 2 enrolled, 1 waived, 0 not started')).toBeTruthy();
  });

  it('quotes the census under the contribution and a what-if side by side, a month and a paycheck', async () => {
    let asked: unknown;
    const totals = (employer: number, employee: number) => ({ employees: 2, premium: 68.25, employer, employee, employer_per_paycheck: 0, employee_per_paycheck: 15.75 });
    server.use(
      http.get('/api/v1/employer', () => success(console(true))),
      http.get('/api/v1/employer/census', () => success([jose])),
      http.get('/api/v1/employer/deductions', () =>
        success([{ period_start: '2026-11-27', period_end: '2026-12-10', made_at: '2026-12-04T10:00:00Z', deductions: 1, new: 1, changed: 0, stopped: 0, kept: true }]),
      ),
      http.post('/api/v1/employer/quote', async ({ request }) => {
        asked = await request.json();
        return success({
          start: '01/01/2027',
          contributions: 2,
          plans: [{ plan_id: 1101, plan_name: 'Brightbite Dental Preferred PPO', carrier_name: 'Brightbite', category: 'dental', level: 'Preferred 1000', totals: [totals(34.13, 34.12), totals(68.25, 0)] }],
          employees: [],
        });
      }),
    );
    renderPage();
    fireEvent.change(await screen.findByLabelText('Compare with paying this share of each employee’s premium (%)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quote the census' }));
    expect(await screen.findByText('Ages on 01/01/2027.')).toBeTruthy();
    expect(asked).toEqual({ what_if: [{ dental: { kind: 'percent', employee_percent: 100, dependents_percent: 0 } }] });
    const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows.some((r) => r.includes('Your contribution') && r.includes('$34.13') && r.includes('$34.12'))).toBe(true);
    expect(rows.some((r) => r.includes('At 100%') && r.includes('$68.25') && r.includes('$0.00'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Print the proposal' })).toBeTruthy();
    const file = screen.getByRole('link', { name: 'Pay period 2026-11-27 to 2026-12-10' });
    expect(file.getAttribute('href')).toBe('/api/v1/employer/deductions/2026-11-27');
    expect(screen.getByText('(1 deduction: 1 new, 0 changed, 0 stopped)')).toBeTruthy();
  });
});
