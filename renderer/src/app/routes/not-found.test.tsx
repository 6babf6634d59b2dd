import { render, screen, spanish } from '../../testing/render';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found';

describe('the page not found', () => {
  it('speaks Spanish when Spanish is chosen, its code as it is', async () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(screen.getByRole('heading', { name: '¡UY! Página no encontrada' })).toBeTruthy();
    expect(screen.getByText('La página que buscó no está aquí. Puede que se haya movido o que el enlace esté mal escrito.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver a la página de inicio' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
  });
});
