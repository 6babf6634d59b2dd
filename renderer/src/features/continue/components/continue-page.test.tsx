import { render, screen, spanish } from '../../../testing/render';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/server';
import { ContinuePage } from './continue-page';
import { DirectContinuePage } from './direct-continue-page';

describe('continuing an enrollment', () => {
  it('the continue page speaks Spanish when Spanish is chosen', async () => {
    render(
      <MemoryRouter>
        <ContinuePage />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(screen.getByRole('heading', { name: 'Continúe su inscripción' })).toBeTruthy();
    expect(screen.getByLabelText('Código para continuar')).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
  });

  it('says in Spanish that a link from the e-mail could not be opened, and offers the code instead', async () => {
    server.use(http.get('/api/v1/direct-continue/:token', () => HttpResponse.error()));
    render(
      <MemoryRouter initialEntries={['/direct-continue/sealed']}>
        <Routes>
          <Route path="/direct-continue/:id" element={<DirectContinuePage />} />
        </Routes>
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(screen.getByText('Abriendo su inscripción…')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo abrir este enlace.');
    expect(screen.getByRole('link', { name: 'Ingresar su código para continuar' })).toBeTruthy();
  });
});
