import { render, screen, spanish } from '../../../testing/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Chosen } from '../../../lib/i18n';
import { LandingConfigError } from './landing-config-error';

function drawn(path: string, language?: Chosen) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/landing-config-error/:type/:redirect" element={<LandingConfigError />} />
        <Route path="/404" element={<p>Not found</p>} />
      </Routes>
    </MemoryRouter>,
    { language },
  );
}

describe('the landing configuration error', () => {
  it('names whose site has no landing name, and whom to ask', () => {
    drawn('/landing-config-error/group/landingPage');
    expect(screen.getByRole('heading', { name: 'Landing url is not configured for this Group' })).toBeTruthy();
    expect(screen.getByText('Please ask your employer for the right link, or start again from the home page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Homepage' })).toBeTruthy();
  });

  it('speaks Spanish when Spanish is chosen', async () => {
    drawn('/landing-config-error/Agent/landingPage', await spanish());
    expect(screen.getByRole('heading', { name: 'La dirección de la página de destino no está configurada para este representante' })).toBeTruthy();
    expect(screen.getByText('Pídale a su representante el enlace correcto o vuelva a empezar desde la página de inicio.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver a la página de inicio' })).toBeTruthy();
  });

  it('is a page that does not exist for any other kind of site', () => {
    drawn('/landing-config-error/Carrier/landingPage');
    expect(screen.getByText('Not found')).toBeTruthy();
  });
});
