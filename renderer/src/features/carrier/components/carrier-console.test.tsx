import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Chosen } from '../../../lib/i18n';
import { fireEvent, render, screen, spanish } from '../../../testing/render';
import { refusal, server, success } from '../../../testing/server';
import { CarrierConsole } from './carrier-console';
import { nestedErrors } from '../utils/nested-errors';

function renderAt(path: string, language?: Chosen) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/carrier" element={<CarrierConsole />} />
      </Routes>
    </MemoryRouter>,
    { language },
  );
}

describe('the carriers console', () => {
  it('tells a session that is not a carrier’s how to sign in, and a used link that it no longer works', async () => {
    const words = 'Please sign in with the link from your carrier portal: it opens the console for your carrier’s plans.';
    server.use(http.get('/api/v1/carrier/me', () => refusal(401, words)));
    renderAt('/carrier?sign-in=link-failed');
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^This sign-in link has expired or was already used/);
  });

  it('lists the carrier’s plans with what each asks and which has a draft', async () => {
    const plan = (plan_id: number, plan_name: string, health: number, draft: boolean) => ({
      plan_id,
      plan_name,
      category: 'term_life',
      published: { kind: 'questionnaire', plan_id, health: health ? { questions: Array(health).fill({}), decline_message: 'No.' } : null },
      draft: draft ? { questionnaire: {}, revision: 1, updated_by: 'Priya', updated_at: '', changes: [], stale: [] } : null,
      history: [],
      form_data: {},
    });
    server.use(
      http.get('/api/v1/carrier/me', () => success({ carrier_id: 3, carrier_name: 'Northgate Life', staff_name: 'Priya Raman' })),
      http.get('/api/v1/carrier/questionnaires', () => success([plan(1401, 'Term Life 20', 0, false), plan(1403, 'Optional Life', 3, true)])),
      http.get('/api/v1/carrier/questionnaire-form', () => success({ schema: { type: 'object', properties: {} }, ui_schema: {} })),
      http.get('/api/v1/carrier/questionnaires/:plan/draft/preview', () => success({ steps: [] })),
    );
    renderAt('/carrier?plan=1403');
    expect(await screen.findByRole('heading', { name: 'Questions of Northgate Life’s plans', level: 1 })).toBeTruthy();
    const buttons = (await screen.findByRole('navigation', { name: 'Plans' })).querySelectorAll('button');
    expect([...buttons].map((b) => b.textContent)).toEqual(['Term Life 20 · no questions', 'Optional Life · 3 health questionsDraft']);
    expect(await screen.findByRole('heading', { name: 'Optional Life', level: 2 })).toBeTruthy();
  });

  it('is its own frame: the carrier’s name, who is signed in and Sign out, which asks for the portal’s link again', async () => {
    let signedIn = true;
    server.use(
      http.get('/api/v1/carrier/me', () =>
        signedIn ? success({ carrier_id: 3, carrier_name: 'Northgate Life', staff_name: 'Priya Raman' }) : refusal(401, 'Please sign in.'),
      ),
      http.post('/api/v1/carrier/sign-out', () => {
        signedIn = false;
        return success({ message: 'You are signed out of the carrier console.' });
      }),
      http.get('/api/v1/carrier/questionnaires', () => success([])),
    );
    renderAt('/carrier');
    const frame = await screen.findByRole('banner');
    expect(frame.textContent).toBe('Northgate Life · Carrier consoleSigned in as Priya RamanSign out');
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(frame.closest('main')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You are signed out. Open the console again with the link from your carrier portal.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('puts each of the server’s refusals at the field its path names', () => {
    expect(
      nestedErrors([
        { target_element: 'health.questions.1.question_id', error_message: 'question 901 is listed twice' },
        { target_element: '', error_message: 'for the whole form' },
      ]),
    ).toEqual({ health: { questions: { 1: { question_id: { __errors: ['question 901 is listed twice'] } } } } });
  });

  it('the console speaks Spanish when Spanish is chosen', async () => {
    const plan = {
      plan_id: 1403,
      plan_name: 'Optional Life',
      category: 'term_life',
      published: { kind: 'questionnaire', plan_id: 1403, health: { questions: [{}, {}, {}], decline_message: 'No.' } },
      draft: { questionnaire: {}, revision: 1, updated_by: 'Priya', updated_at: '', changes: [], stale: [] },
      history: [],
      form_data: {},
    };
    server.use(
      http.get('/api/v1/carrier/me', () => success({ carrier_id: 3, carrier_name: 'Northgate Life', staff_name: 'Priya Raman' })),
      http.get('/api/v1/carrier/questionnaires', () => success([plan])),
      http.get('/api/v1/carrier/questionnaire-form', () => success({ schema: { type: 'object', properties: {} }, ui_schema: {} })),
      http.get('/api/v1/carrier/questionnaires/:plan/draft/preview', () => success({ steps: [] })),
    );
    renderAt('/carrier?plan=1403', await spanish());
    expect(await screen.findByRole('heading', { name: 'Preguntas de los planes de Northgate Life', level: 1 })).toBeTruthy();
    const buttons = (await screen.findByRole('navigation', { name: 'Planes' })).querySelectorAll('button');
    expect([...buttons].map((b) => b.textContent)).toEqual(['Optional Life · 3 preguntas de saludBorrador']);
    expect(await screen.findByRole('button', { name: 'Guardar borrador' })).toBeTruthy();
    expect(screen.getByText('Nada: el borrador pregunta lo que está publicado.')).toBeTruthy();
  });
});
