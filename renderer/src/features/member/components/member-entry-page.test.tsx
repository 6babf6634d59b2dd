import { render, screen, spanish } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { refusal, server } from '../../../testing/server';
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
});
