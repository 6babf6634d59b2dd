import type { Chosen } from '../../../lib/i18n';
import { fireEvent, render, screen, spanish, within } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import { SiteProvider } from '../../../lib/site';
import { refusal, server, success, tierStep } from '../../../testing/server';
import { chooseOption } from '../../../testing/screen';
import { siteInfo } from '../../../testing/site';
import { CurrentMembers } from './current-members';

/** A rep's session. */
const repSite = siteInfo({
  eprocess: 'rep',
  front_page: 'agent-home',
  home_link: '/agent-home',
  branding: { display_name: 'Whitfield Family Benefits', colors: { primary: '', accent: '' } },
} as Partial<Schema<'SiteInfo'>>);

function member(n: number, plans: Schema<'MemberPlan'>[] = []): Schema<'MemberRow'> {
  return {
    user_id: 5000 + n,
    name: `Member ${String(n).padStart(2, '0')}`,
    dob: '01/01/1980',
    email: `member${n}@example.com`,
    ssn: `***-**-${1000 + n}`,
    policy_id: `P${n}`,
    group_info: { group_id: n % 2 ? 2556 : null, group_name: n % 2 ? 'Peachtree Logistics' : null },
    plan_info: plans,
  };
}

function renderPage(language?: Chosen) {
  return render(
    <MemoryRouter initialEntries={['/agent-select-member']}>
      <SiteProvider>
        <Routes>
          <Route path="/agent-select-member" element={<CurrentMembers kind="agent" />} />
          <Route path="/plans" element={<h1>Plans</h1>} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
    { language },
  );
}

describe('current members', () => {
  beforeEach(() => localStorage.clear());

  it('shows five members a page, writes a plan that is not active with its status, and finds members by plan', async () => {
    const members = Array.from({ length: 12 }, (_, i) => member(i + 1));
    members[3] = member(4, [
      { plan: 1, plan_name: 'Silver Choice PPO', plan_status: 'ACTIVE' },
      { plan: 2, plan_name: 'Accident Advantage', plan_status: 'CANCELLED' },
    ]);
    server.use(
      http.get('/api/v1/get-default-info', () => success(repSite)),
      http.get('/api/v1/get-agent-members', () => success(members)),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your current members' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Showing 1–5 of 12 members')).toBeTruthy();
    expect(within(table).getByText('Silver Choice PPO')).toBeTruthy();
    expect(within(table).getByText('Accident Advantage (CANCELLED)')).toBeTruthy();

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'accident' } });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('rowheader', { name: 'Member 04' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('asks for a tier before Enroll Now starts the quote, then goes to the plans', async () => {
    let sent: unknown = null;
    server.use(
      http.get('/api/v1/get-default-info', () => success(repSite)),
      http.get('/api/v1/get-agent-members', () => success([member(1)])),
      http.get('/api/v1/filter-form', () => success(tierStep())),
      http.post('/api/v1/add-filter-for-existing-user', async ({ request }) => {
        sent = await request.json();
        return success({ temp_enrollment_id: 77, portal_id: 10 });
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Submit', hidden: true }));
    expect(await within(dialog).findByText('Please choose a tier')).toBeTruthy();
    chooseOption(within(dialog).getByLabelText(/Choose Tier/), 'Member + Spouse');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit', hidden: true }));
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(sent).toEqual({ user_id: 5001, tier: 'IS', policy_id: 'P1' });
    expect(localStorage.getItem('tempId')).toBe('77');
    expect(localStorage.getItem('enroll_type')).toBe('existing-member');
    expect(localStorage.getItem('isCurrentMemberAvailable')).toBe('true');
  });

  it('tells someone who is not the members’ rep that they can only see their own, with a way home', async () => {
    server.use(
      http.get('/api/v1/get-default-info', () => success(repSite)),
      http.get('/api/v1/get-agent-members', () => refusal(403, 'You can only see and enroll your own members.')),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You can only see and enroll your own members.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/agent-home');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks a rep who only gave the access code to sign in with a code e-mailed to them, then shows the members', async () => {
    let signedIn = false;
    let sent = 0;
    server.use(
      http.get('/api/v1/get-default-info', () => success(repSite)),
      http.get('/api/v1/get-agent-members', () =>
        signedIn ? success([member(1)]) : refusal(401, 'Please sign in to see your members: open the sign-in link from your rep dashboard.'),
      ),
      http.post('/api/v1/send-rep-sign-in-code', () => {
        sent += 1;
        return success({ sent_to: 'j••••@benefitstore.example', minutes: 10 });
      }),
      http.post('/api/v1/rep-sign-in', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        if (body.code !== '246810') {
          return refusal(422, 'This code is not right.', [{ target_element: 'code', error_message: 'This code is not right.' }]);
        }
        signedIn = true;
        return success({ agent_id: 7781, name: 'Jordan Whitfield' });
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sign in to see your members' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in code' }));
    expect(await screen.findByText('j••••@benefitstore.example')).toBeTruthy();
    expect(sent).toBe(1);
    fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This code is not right.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Member 01')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to see your members' })).toBeNull();
  });

  it('the current members speak Spanish when Spanish is chosen', async () => {
    server.use(
      http.get('/api/v1/get-default-info', () => success(repSite)),
      http.get('/api/v1/get-agent-members', () => success(Array.from({ length: 12 }, (_, i) => member(i + 1)))),
    );
    renderPage(await spanish());
    const table = await screen.findByRole('table', { name: 'Sus miembros actuales' });
    expect(screen.getByRole('heading', { name: 'Miembros actuales' })).toBeTruthy();
    expect(screen.getByText('Mostrando 1–5 de 12 miembros')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Fecha de nacimiento' })).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Inscribir ahora' })).toHaveLength(5);
    expect(within(screen.getByRole('navigation', { name: 'Páginas' })).getByRole('button', { name: 'Página 2' })).toBeTruthy();
  });
});
