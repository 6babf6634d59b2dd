import type { Chosen } from '../../../lib/i18n';
import { fireEvent, render, screen, spanish, waitFor } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../../../lib/site';
import { server, success } from '../../../testing/server';
import { siteInfo } from '../../../testing/site';
import { AccessCode } from './access-code';
import { EmployeeEnrollment } from './employee-enrollment';

const rep = { agent_id: 7781, first_name: 'Jordan', last_name: 'Whitfield', email: 'j@example.com', phone: '4045550191', agent_code: 'REP7781', landing_url: 'jordan-whitfield', logo: null, image: null, groups: [] };


function renderAt(element: React.ReactNode, language?: Chosen) {
  server.use(
    http.get('/api/v1/get-default-info', () => success(siteInfo())),
    http.get('/api/v1/get-cart-count', () => success({ result: 0 })),
  );
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteProvider>
        <Routes>
          <Route path="/" element={element} />
          <Route path="/jordan-whitfield" element={<h1>Whitfield Family Benefits</h1>} />
          <Route path="/peachtree-logistics" element={<h1>Peachtree Logistics Benefits</h1>} />
        </Routes>
      </SiteProvider>
    </MemoryRouter>,
    { language },
  );
}

describe('a code confirmed or not', () => {
  it('No to the rep a code names changes nothing on the server; Yes makes the session the rep’s', async () => {
    const confirmed: unknown[] = [];
    server.use(
      http.get('/api/v1/validate-agent', () => success(rep)),
      http.post('/api/v1/confirm-access', async ({ request }) => {
        confirmed.push(await request.json());
        return success({ role: 'rep', landing_url: 'jordan-whitfield' });
      }),
    );
    renderAt(<AccessCode />);
    fireEvent.change(screen.getByLabelText('Rep Access Code'), { target: { value: 'REP7781' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Do you want to enroll under Rep Jordan Whitfield?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByLabelText('Rep Access Code')).toBeTruthy();
    expect(confirmed).toEqual([]);

    fireEvent.change(screen.getByLabelText('Rep Access Code'), { target: { value: 'REP7781' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Whitfield Family Benefits' })).toBeTruthy();
    expect(confirmed).toEqual([{ agent_code: 'REP7781' }]);
  });

  it('No to the employer a group code names changes nothing; Yes makes the session the employee’s', async () => {
    const confirmed: unknown[] = [];
    server.use(
      http.get('/api/v1/validate-group', () => success({ group_id: 2556, name: 'Peachtree Logistics', landing_url: 'peachtree-logistics' })),
      http.post('/api/v1/confirm-access', async ({ request }) => {
        confirmed.push(await request.json());
        return success({ role: 'employee', landing_url: 'peachtree-logistics' });
      }),
    );
    renderAt(<EmployeeEnrollment />);
    fireEvent.change(screen.getByLabelText('Group Enrollment Code'), { target: { value: 'PEACH2556' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Is Peachtree Logistics your employer?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Is Peachtree Logistics your employer?')).toBeNull());
    expect(confirmed).toEqual([]);
    fireEvent.change(screen.getByLabelText('Group Enrollment Code'), { target: { value: 'PEACH2556' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Peachtree Logistics Benefits' })).toBeTruthy();
    expect(confirmed).toEqual([{ group_code: 'PEACH2556' }]);
  });

  it('the rep access code speaks Spanish when Spanish is chosen', async () => {
    server.use(http.get('/api/v1/validate-agent', () => success(rep)));
    renderAt(<AccessCode />, await spanish());
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Este campo es obligatorio');
    fireEvent.change(screen.getByLabelText('Código de acceso del representante'), { target: { value: 'REP7781' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('¿Desea inscribirse con el representante Jordan Whitfield?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sí' })).toBeTruthy();
  });
});
