import { fireEvent, render, screen, spanish, waitFor } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Step } from '../../../lib/step-machine';
import { server, success } from '../../../testing/server';
import { PlanPopup } from './plan-popup';

// The shop adds no words of its own to a popup: its title, text, buttons and the message after it are the server's,
// in the person's language.
const tobacco = {
  kind: 'form',
  step: 'tobacco',
  title: '¿Usa productos de tabaco?',
  text: 'El precio de este plan depende de su respuesta.',
  schema: { type: 'object', properties: {} },
  uiSchema: {},
  formData: {},
  actions: [
    { action: 'submit', label: 'Guardar respuesta' },
    { action: 'cancel', label: 'Cancelar' },
  ],
} as unknown as Step;

describe('a plan’s popup', () => {
  it('speaks Spanish when Spanish is chosen, in the server’s words, and tells its message at the end', async () => {
    server.use(
      http.post('/api/v1/shop/5/plan/1101/tobacco', () => success({ step: null, buttons: [], ready: true, message: 'Guardamos su respuesta.' })),
    );
    const finished = vi.fn();
    render(
      <MemoryRouter>
        <PlanPopup enrollmentId="5" planId="1101" start={tobacco} onFinish={finished} />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(await screen.findByRole('heading', { name: '¿Usa productos de tabaco?' })).toBeTruthy();
    expect(screen.getByText('El precio de este plan depende de su respuesta.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar respuesta' }));
    await waitFor(() => expect(finished).toHaveBeenCalledWith(expect.objectContaining({ ready: true }), 'Guardamos su respuesta.'));
  });
});
