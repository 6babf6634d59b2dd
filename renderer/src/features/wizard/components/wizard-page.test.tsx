import { fireEvent, render, screen, spanish, waitFor } from '../../../testing/render';
import type { Chosen } from '../../../lib/i18n';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import { refusal, server, success } from '../../../testing/server';
import { WizardPage } from './wizard-page';

const reviewPlace: Schema<'WizardPlace'> = {
  tab: 'review_info',
  route: 'review-confirm',
  version: 0,
  progress: { index: 0, total: 1, steps: [{ step: 'review_info', route: 'review-confirm', title: 'Review & Confirmation', status: 'current' }] },
  confirm: { title: 'Submit your application?', text: 'Please check your answers.', accept: 'Submit Application', cancel: 'Keep reviewing' },
  summary: {
    sections: [{ number: 1, step: 'primary_info', title: 'Personal Information', rows: [{ label: 'First Name', value: 'Dana' }] }],
    cart: { lines: [{ plan_name: 'Silver Choice PPO', price: 511.2 }], initial_month_cost: 511.2, recurring_month_cost: 511.2 },
    unfinished: [],
  },
};

const review: Schema<'Step'> = {
  kind: 'form',
  step: 'review_info',
  title: 'Review & Confirmation',
  schema: { type: 'object', properties: { additional_notes: { type: 'string', title: 'Additional Notes' } } },
  uiSchema: {},
  formData: {},
  actions: [
    { action: 'next', label: 'Submit Application' },
    { action: 'back', label: 'Back' },
    { action: 'save-for-later', label: 'Save & Continue Later' },
    { action: 'edit', label: 'Edit' },
  ],
  wizard: reviewPlace,
};

const billingUnfinished: Schema<'Unfinished'> = {
  target_element: 'billing_info',
  error_message: 'Finish Billing Information',
  route: 'billing-information',
  title: 'Billing Information',
  reason: 'saved_for_later',
  missing: [],
};

function openAt(route: string, language?: Chosen) {
  render(
    <MemoryRouter initialEntries={[`/enrollment/${route}`]}>
      <Routes>
        <Route path="/enrollment/:route" element={<WizardPage />} />
        <Route path="/enrollment/receipt" element={<p>Receipt page</p>} />
      </Routes>
    </MemoryRouter>,
    { language },
  );
}

describe('the review step', () => {
  it('shows what was entered on each step with Edit, and the plans with their costs', async () => {
    localStorage.setItem('tempId', '9');
    server.use(http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: review })));
    openAt('review-confirm');
    expect(await screen.findByRole('heading', { name: '1. Personal Information' })).toBeTruthy();
    expect(screen.getByText('First Name')).toBeTruthy();
    expect(screen.getByText('Dana')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Personal Information' })).toBeTruthy();
    expect(screen.getByText('Silver Choice PPO')).toBeTruthy();
  });

  it('asks for confirmation before submitting, and Keep reviewing submits nothing', async () => {
    localStorage.setItem('tempId', '9');
    let posts = 0;
    server.use(
      http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: review })),
      http.post('/api/v1/enrollment/9/step/review_info', () => {
        posts += 1;
        return success({ redirect: '/enrollment/receipt' });
      }),
    );
    openAt('review-confirm');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    expect(dialog.textContent).toContain('Please check your answers.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep reviewing' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep reviewing' })).toBeNull());
    expect(posts).toBe(0);
  });

  it('submits once however often the confirmation is pressed', async () => {
    localStorage.setItem('tempId', '9');
    let posts = 0;
    server.use(
      http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: review })),
      http.post('/api/v1/enrollment/9/step/review_info', async () => {
        posts += 1;
        await new Promise((r) => setTimeout(r, 50));
        return success({ redirect: '/enrollment/receipt' });
      }),
    );
    openAt('review-confirm');
    const submit = await screen.findByRole('button', { name: 'Submit Application' });
    fireEvent.click(submit);
    await screen.findByRole('dialog', { name: 'Submit your application?' });
    const accept = screen.getAllByRole('button', { name: 'Submit Application' }).find((b) => b.closest('dialog'));
    fireEvent.click(accept as HTMLElement);
    fireEvent.click(accept as HTMLElement);
    fireEvent.click(submit);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Receipt page')).toBeTruthy();
    expect(posts).toBe(1);
  });

  it('lists the steps to finish as links, a link opens the step for editing', async () => {
    localStorage.setItem('tempId', '9');
    const agreement: Schema<'Unfinished'> = {
      ...billingUnfinished,
      target_element: 'agreement_info',
      error_message: 'Finish Agreement & Signature',
      route: 'agreement-signature',
      title: 'Agreement & Signature',
      reason: 'needs_attention',
      missing: [{ target_element: 'signature', error_message: 'Electronic Signature: Signature is required' }],
    };
    const unfinished = { ...review, wizard: { ...reviewPlace, summary: { ...reviewPlace.summary!, unfinished: [agreement, billingUnfinished] } } };
    let edited: unknown = null;
    server.use(
      http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: unfinished })),
      http.post('/api/v1/enrollment/9/step/review_info', async ({ request }) => {
        edited = await request.json();
        return success({ step: { ...review, step: 'billing_info', title: 'Billing Information', wizard: { ...reviewPlace, tab: 'billing_info', route: 'billing-information', summary: null, confirm: null } } });
      }),
    );
    openAt('review-confirm');
    expect(await screen.findByRole('heading', { name: 'Before you submit' })).toBeTruthy();
    expect(screen.getByText('Electronic Signature: Signature is required')).toBeTruthy();
    expect(screen.getByText('Saved for later but not finished')).toBeTruthy();
    // Submit asks nothing first: the server names the steps again.
    let submitted: unknown = null;
    server.use(
      http.post('/api/v1/enrollment/9/step/review_info', async ({ request }) => {
        submitted = await request.json();
        return refusal(422, 'Your application is not complete yet.', [agreement, billingUnfinished]);
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(submitted).toMatchObject({ action: 'next' }));
    expect(screen.queryByRole('dialog', { name: 'Submit your application?' })).toBeNull();
    server.use(
      http.post('/api/v1/enrollment/9/step/review_info', async ({ request }) => {
        edited = await request.json();
        return success({ step: { ...review, step: 'billing_info', title: 'Billing Information', wizard: { ...reviewPlace, tab: 'billing_info', route: 'billing-information', summary: null, confirm: null } } });
      }),
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Finish Billing Information' }));
    expect(await screen.findByRole('heading', { name: 'Billing Information', level: 1 })).toBeTruthy();
    expect(edited).toMatchObject({ action: 'edit', target: 'billing_info' });
  });

  it('shows the steps a refused submission names instead of a list of field problems, and moves the focus there', async () => {
    localStorage.setItem('tempId', '9');
    server.use(
      http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: review })),
      http.post('/api/v1/enrollment/9/step/review_info', () =>
        refusal(422, 'Your application is not complete yet. Please finish Billing Information.', [billingUnfinished]),
      ),
    );
    openAt('review-confirm');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Application' }));
    const accept = (await screen.findAllByRole('button', { name: 'Submit Application' })).find((b) => b.closest('dialog'));
    fireEvent.click(accept as HTMLElement);
    expect(await screen.findByRole('link', { name: 'Finish Billing Information' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.classList.contains('unfinished-steps')).toBe(true));
    expect(screen.queryByRole('heading', { name: /Please correct/ })).toBeNull();
    expect(screen.queryByText('Something went wrong. Please save your enrollment.')).toBeNull();
  });

  it('shows the spec error modal when submitting fails', async () => {
    localStorage.setItem('tempId', '9');
    server.use(
      http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: review })),
      http.post('/api/v1/enrollment/9/step/review_info', () => refusal(500, 'Something went wrong. Please try again.')),
    );
    openAt('review-confirm');
    expect(await screen.findByRole('heading', { name: '1. Personal Information' })).toBeTruthy();
    expect(screen.getByText('First Month Total Cost')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    const accept = (await screen.findAllByRole('button', { name: 'Submit Application' })).find((b) => b.closest('dialog'));
    fireEvent.click(accept as HTMLElement);
    expect(await screen.findByText('Something went wrong. Please save your enrollment.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and Continue Later' })).toBeTruthy();
  });
});

describe('the review step in Spanish', () => {
  it('the review speaks Spanish when Spanish is chosen, the server’s own words as they came', async () => {
    localStorage.setItem('tempId', '9');
    const unfinished = { ...review, wizard: { ...reviewPlace, summary: { ...reviewPlace.summary!, unfinished: [billingUnfinished] } } };
    server.use(http.get('/api/v1/enrollment/9/step/review-confirm', () => success({ step: unfinished })));
    openAt('review-confirm', await spanish());
    expect(await screen.findByRole('heading', { name: '1. Personal Information' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver detalles de Personal Information' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar Personal Information' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar y continuar más tarde' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Antes de enviar' })).toBeTruthy();
    expect(screen.getByText('Su solicitud aún no está completa. Termine este paso y luego envíela:')).toBeTruthy();
    expect(screen.getByText('Guardado para más tarde, pero sin terminar')).toBeTruthy();
    expect(screen.getByText('Costo total del primer mes')).toBeTruthy();
  });
});

const contact: Schema<'Step'> = {
  ...review,
  step: 'contact_info',
  title: 'Contact Information',
  schema: {
    type: 'object',
    required: ['email', 'phone'],
    properties: {
      email: { type: 'string', title: 'Email', 'x-messages': { required: 'Please enter your email address' } },
      phone: { type: 'string', title: 'Phone' },
    },
  },
  actions: [
    { action: 'next', label: 'Next' },
    { action: 'back', label: 'Back' },
  ],
  wizard: { tab: 'contact_info', route: 'contact-information', version: 0, progress: reviewPlace.progress },
};

describe('a step with problems', () => {
  it('lists the browser’s problems at the top, takes the focus there, and each link focuses its field', async () => {
    localStorage.setItem('tempId', '9');
    server.use(http.get('/api/v1/enrollment/9/step/contact-information', () => success({ step: contact })));
    openAt('contact-information');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const heading = await screen.findByRole('heading', { name: 'Please correct 2 problems' });
    const summary = heading.closest('.error-summary') as HTMLElement;
    expect(document.activeElement).toBe(summary);
    fireEvent.click(screen.getByRole('link', { name: 'Please enter your email address' }));
    expect(document.activeElement?.id).toBe('root_email');
    expect(screen.getByRole('link', { name: 'Phone: Field is required' })).toBeTruthy();
  });

  it('lists the server’s refusal the same way, with a problem of the whole step unlinked', async () => {
    localStorage.setItem('tempId', '9');
    server.use(
      http.get('/api/v1/enrollment/9/step/contact-information', () => success({ step: { ...contact, formData: { email: 'a@b.example', phone: '4045550134' } } })),
      http.post('/api/v1/enrollment/9/step/contact_info', () =>
        refusal(422, 'Invalid phone number', [
          { target_element: 'phone', error_message: 'Invalid phone number' },
          { target_element: '', error_message: 'Your cart changed. Please check it again.' },
        ]),
      ),
    );
    openAt('contact-information');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Please correct 2 problems' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Invalid phone number' }));
    expect(document.activeElement?.id).toBe('root_phone');
    expect(screen.getByText('Your cart changed. Please check it again.').closest('a')).toBeNull();
  });
});

describe('a step opened before its turn', () => {
  it('says to complete the earlier steps and goes to the current one', async () => {
    localStorage.setItem('tempId', '9');
    server.use(
      http.get('/api/v1/enrollment/9/step/billing-information', () => refusal(409, 'Please complete the earlier steps first')),
      http.get('/api/v1/enrollment/9/step', () => success({ step: contact })),
      http.get('/api/v1/enrollment/9/step/contact-information', () => success({ step: contact })),
    );
    openAt('billing-information');
    expect(await screen.findByRole('heading', { name: 'Please complete the earlier steps first' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to my current step' }));
    expect(await screen.findByRole('heading', { name: 'Contact Information', level: 1 })).toBeTruthy();
  });
});
