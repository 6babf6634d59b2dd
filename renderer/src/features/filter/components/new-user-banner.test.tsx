import { fireEvent, render, screen, spanish } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { server, success } from '../../../testing/server';
import { NewUserBanner } from './new-user-banner';

// The filter step in parts, as the server sends it in Spanish (its words are the server's).
const partsStep = {
  kind: 'form',
  step: 'filter',
  title: 'Obtenga su precio',
  schema: {
    type: 'object',
    properties: {
      zip: { type: 'string', pattern: '^[0-9]{5}$', maxLength: 5 },
      gender: { type: 'string', oneOf: [{ const: '1', title: 'Masculino' }, { const: '2', title: 'Femenino' }] },
    },
  },
  uiSchema: {},
  formData: {},
  actions: [{ action: 'next', label: 'Siguiente' }],
  parts: [
    { title: 'Su código postal', fields: ['zip'] },
    { title: 'Sobre usted', fields: ['gender', 'is_smoker'] },
    { title: 'Su cobertura', fields: ['tier', 'dob'] },
  ],
};

describe('the new-user banner', () => {
  it('speaks Spanish when Spanish is chosen, its own words and the form’s', async () => {
    server.use(http.get('/api/v1/filter-form', () => success(partsStep)));
    render(
      <MemoryRouter>
        <NewUserBanner />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(screen.getByRole('heading', { name: 'Le damos la bienvenida a la Tienda de beneficios. Comencemos' })).toBeTruthy();
    expect(await screen.findByText('Su código postal')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Pasos' })).toBeTruthy();
    // A ZIP code left empty: the form has no words for it, so the page's own say so.
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Este campo es obligatorio');
    expect(screen.getByLabelText('Código postal')).toBeTruthy();
  });
});
