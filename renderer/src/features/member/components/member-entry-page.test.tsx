import { render, screen, spanish } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { refusal, server, success } from '../../../testing/server';
import { SiteProvider, useSite } from '../../../lib/site';
import { siteInfo } from '../../../testing/site';
import { MemberEntryPage } from './member-entry-page';

describe('the member link', () => {
  it('the member link speaks Spanish when Spanish is chosen, and shows the server’s refusal as it came', async () => {
    server.use(http.post('/api/v1/add-filter-for-member', () => refusal(400, 'Este enlace ya no es válido.')));
    render(
      <MemoryRouter initialEntries={['/member-benefit-store/sealed/IO']}>
        <Routes>
          <Route path="/member-benefit-store/:id/:tier" element={<MemberEntryPage />} />
        </Routes>
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(screen.getByText('Abriendo su inscripción de miembro…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Inscripción de miembros' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Este enlace ya no es válido.');
  });

  it('a member link reads the site again before the plans open, so Home is the member’s home at once', async () => {
    // The site is first read as a visitor's; the link is answered only after that read, as on a real page.
    let member = false;
    let visitorRead: () => void = () => {};
    const readAsVisitor = new Promise<void>((resolve) => (visitorRead = resolve));
    server.use(
      http.post('/api/v1/add-filter-for-member', async () => {
        await readAsVisitor;
        member = true;
        return success({ temp_enrollment_id: 41, portal_id: 10, name: 'Maria Alvarez' });
      }),
      http.get('/api/v1/get-default-info', () => {
        const answer = success(siteInfo({ home_link: member ? '/member-home' : '/' }));
        visitorRead();
        return answer;
      }),
    );
    function HomeLink() {
      return <p>home is {useSite().site?.home_link}</p>;
    }
    render(
      <SiteProvider>
        <MemoryRouter initialEntries={['/member-benefit-store/sealed/IO']}>
          <Routes>
            <Route path="/member-benefit-store/:id/:tier" element={<MemberEntryPage />} />
            <Route path="/plans" element={<HomeLink />} />
          </Routes>
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(await screen.findByText('home is /member-home')).toBeTruthy();
  });
});
