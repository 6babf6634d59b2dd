// The shared components in Spanish: what they write themselves (rjsf's own buttons through its translateString, the
// engine's words for a field left empty, a field's placeholder, a list's words, a plan card, the problems' summary),
// while the server's words (titles, choices) stay as the server sends them.
import type { RJSFSchema } from '@rjsf/utils';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, spanish, within } from '../testing/render';
import { ErrorSummary } from './error-summary';
import { PlanCard } from './plan-card';
import { SchemaForm } from './schema-form';

const form: RJSFSchema = {
  type: 'object',
  required: ['zip'],
  properties: {
    zip: { type: 'string', title: 'Código postal' },
    medications: { type: 'array', title: 'Medicamentos', items: { type: 'string', title: 'Nombre' } },
  },
};

describe('the shared components in Spanish', () => {
  it('a server form speaks Spanish when Spanish is chosen', async () => {
    render(
      <SchemaForm id="es" schema={form} uiSchema={{ zip: { 'ui:widget': 'zip' } }} formData={{ medications: ['Aspirina'] }} onSubmit={() => undefined}>
        <button type="submit">Siguiente</button>
      </SchemaForm>,
      { language: await spanish() },
    );
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar' })).toBeTruthy();
    expect(screen.getByLabelText(/^Código postal/).getAttribute('placeholder')).toBe('Código postal de 5 dígitos');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
  });

  it('a plan card and the problems’ summary speak Spanish when Spanish is chosen', async () => {
    const language = await spanish();
    render(
      <MemoryRouter>
        <ul>
          <PlanCard plan={{ plan_id: 7, plan_name: 'Dental Plus', plan_logo: '/logo.svg', plan_short_text: '', plan_price: 25 }} />
        </ul>
      </MemoryRouter>,
      { language },
    );
    const card = screen.getByRole('listitem');
    expect(card.querySelector('.price')?.textContent).toBe('Desde $25.00/mes');
    expect(within(card).getByRole('link', { name: 'Más información sobre Dental Plus' })).toBeTruthy();

    render(<ErrorSummary problems={[{ message: 'Falta el código postal' }, { message: 'Falta la fecha' }]} attempt={1} />, { language });
    expect(screen.getByRole('heading', { name: 'Corrija 2 problemas' })).toBeTruthy();
  });
});
