import type { Chosen } from '../../../lib/i18n';
import { fireEvent, render, screen, spanish } from '../../../testing/render';
import type { ReactNode } from 'react';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { SiteProvider } from '../../../lib/site';
import { refusal, server, success, tierStep } from '../../../testing/server';
import { AgentHome } from './agent-home';
import { chooseOption } from '../../../testing/screen';
import { siteInfo } from '../../../testing/site';
import { MemberHome } from './member-home';

const site = siteInfo;

const rep = site({
  eprocess: 'rep',
  front_page: 'agent-home',
  agent: { agent_id: 7781, name: 'Jordan Whitfield', email: 'j@example.com', phone: '4045550191', agent_code: 'REP7781' },
});

function renderAt(path: string, element: ReactNode, language?: Chosen) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteProvider>
        <Routes>
          <Route path={path} element={element} />
          <Route path="/home" element={<h1>Quote form</h1>} />
          <Route path="/plans" element={<h1>Plans</h1>} />
          <Route path="/" element={<h1>Front page</h1>} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
    { language },
  );
}

describe('the rep home', () => {
  beforeEach(() => localStorage.clear());

  it('asks for a portal, then a group, and starts a new group member on the quote form', async () => {
    let chosen: unknown = null;
    localStorage.setItem('tempId', '41');
    server.use(
      http.get('/api/v1/get-default-info', () => success(rep)),
      http.get('/api/v1/get-enrollment-platforms', () =>
        success([
          { platform_group_id: 10, platform_name: 'Benefit Store Direct', platform_code: 'BSD' },
          { platform_group_id: 12, platform_name: 'Harborstone Worksite Portal', platform_code: 'HWP' },
        ]),
      ),
      http.get('/api/v1/get-agent-groups', () => success([{ gid: 2556, gname: 'Peachtree Logistics' }])),
      http.post('/api/v1/update-filter-portal', async ({ request }) => {
        chosen = await request.json();
        return success({ platform_group_id: 12, group_id: 2556, enroll_type: 'new-group-member' });
      }),
    );
    renderAt('/agent-home', <AgentHome />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Jordan Whitfield' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please choose a platform')).toBeTruthy();
    // The select is drawn before the portals are read: a choice is made once its option is there, as a person would.
    await screen.findByRole('option', { name: 'Harborstone Worksite Portal' });
    fireEvent.change(screen.getByLabelText('Enrollment Portal'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByText('Portal: Harborstone Worksite Portal')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please choose a group')).toBeTruthy();
    expect(screen.getByText('Choose enroll for new member')).toBeTruthy();
    await screen.findByRole('option', { name: 'Peachtree Logistics' });
    fireEvent.change(screen.getByLabelText('Choose an option to enroll a new member:'), { target: { value: '2556' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Quote form' })).toBeTruthy();
    expect(chosen).toEqual({ platform_group_id: 12, group_id: 2556 });
    expect(localStorage.getItem('tempId')).toBeNull();
    expect(localStorage.getItem('enroll_type')).toBe('new-group-member');
    expect(localStorage.getItem('eprocess')).toBe('rep');
  });

  it('shows the server’s refusal of a portal on the portal step', async () => {
    server.use(
      http.get('/api/v1/get-default-info', () => success(rep)),
      http.get('/api/v1/get-enrollment-platforms', () => success([{ platform_group_id: 10, platform_name: 'Benefit Store Direct', platform_code: 'BSD' }])),
      http.get('/api/v1/get-agent-groups', () => success([])),
      http.post('/api/v1/update-filter-portal', () =>
        refusal(422, 'Please choose a platform', [{ target_element: 'platform_group_id', error_message: 'Please choose a platform' }]),
      ),
    );
    renderAt('/agent-home', <AgentHome />);
    fireEvent.click(await screen.findByRole('button', { name: 'New Member' }));
    // The only portal is chosen already.
    await screen.findByRole('option', { name: 'Benefit Store Direct', selected: true });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Direct Enrollment' }));
    expect(await screen.findByText('Please choose a platform')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose Enrollment Portal' })).toBeTruthy();
  });

  it('the rep home speaks Spanish when Spanish is chosen', async () => {
    server.use(
      http.get('/api/v1/get-default-info', () => success(rep)),
      http.get('/api/v1/get-enrollment-platforms', () => success([])),
      http.get('/api/v1/get-agent-groups', () => success([])),
    );
    renderAt('/agent-home', <AgentHome />, await spanish());
    expect(await screen.findByRole('heading', { name: 'Le damos la bienvenida, Jordan Whitfield' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '¿A quién desea inscribir?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Miembro nuevo' }));
    expect(screen.getByRole('heading', { name: 'Elija el portal de inscripción' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getByText('Elija una plataforma')).toBeTruthy();
  });
});

describe('the member home', () => {
  beforeEach(() => localStorage.clear());

  it('offers Member + 1 Child and a disabled Choose Tier when the cart holds a premier plan, and saves the tier', async () => {
    let saved: unknown = null;
    localStorage.setItem('tempId', '9');
    server.use(
      http.get('/api/v1/get-default-info', () => success(site({ front_page: 'member-home', member: { first_name: 'Maria', last_name: 'Alvarez' } }))),
      http.get('/api/v1/get-more-requirement', () => success({ result: true })),
      // The server names the children tier of a quote with a premier plan in its cart, and starts from no tier.
      http.get('/api/v1/filter-form', () => success(tierStep({ premier: true }))),
      http.put('/api/v1/change-filter-info/9', async ({ request }) => {
        saved = await request.json();
        return success({ temp_enrollment_id: 9, filter_info: { zip: '33606', dob: '05/20/1979', state: 'FL', tier: 'IC', gender: '1' } });
      }),
    );
    renderAt('/member-home', <MemberHome />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Maria Alvarez' })).toBeTruthy();
    const tier = (await screen.findByLabelText(/Choose Tier/)) as HTMLSelectElement;
    expect(screen.getByRole('option', { name: 'Member + 1 Child' })).toBeTruthy();
    const placeholder = screen.getByRole('option', { name: 'Choose Tier' }) as HTMLOptionElement;
    expect(placeholder.disabled).toBe(true);
    expect(placeholder.selected).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please choose a tier')).toBeTruthy();
    expect(saved).toBeNull();
    chooseOption(tier, 'Member + 1 Child');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
    expect(saved).toEqual({ tier: 'IC' });
  });

  it('sends someone who is not a member to the front page', async () => {
    server.use(http.get('/api/v1/get-default-info', () => success(site({}))));
    renderAt('/member-home', <MemberHome />);
    expect(await screen.findByRole('heading', { name: 'Front page' })).toBeTruthy();
  });
});
