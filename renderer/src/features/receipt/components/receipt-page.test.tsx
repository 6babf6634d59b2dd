import { fireEvent, render, screen, spanish } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../lib/api';
import { refusal, server, success } from '../../../testing/server';
import { ReceiptPage } from './receipt-page';

const receipt: Schema<'Receipt'> = {
  reader: 'applicant',
  policy_id: '20261201',
  name: 'Dana Whitfield',
  effective_date: '12/01/2026',
  callInvoice: false,
  eprocess: 'applicant',
  return_to: '/',
  plans: [
    {
      plan_name: 'Silver Choice PPO',
      option_name: 'Gold 1000',
      coverage: 'Member Only',
      price: 511.2,
      covered: ['Dana Whitfield'],
      carrier_name: 'Peachtree Health',
      carrier_phone: '8005550100',
    },
  ],
  initial_month_cost: 511.2,
  recurring_month_cost: 511.2,
  payment: { method: 'Card ****1111', first_amount: 511.2, first_when: 'on 11/20/2026', recurring_amount: 511.2, recurring_when: 'on the 28th of each month' },
  next_steps: ['Each plan’s carrier reviews your application.'],
  helper: { name: 'Riley Chen', phone: '4045550134', email: 'riley@example.com' },
  application: [],
  cancel_until: '12/20/2026',
};

const noPlans: Schema<'Policy'> = { policy_id: '20261201', saved: [], plans: [], changes: [], events: [] };

function drawn(
  answer: Schema<'Receipt'>,
  language?: Awaited<ReturnType<typeof spanish>>,
  policy: Schema<'Policy'> = noPlans,
  kinds: Schema<'LifeEventKind'>[] = [],
  personForm: Schema<'PersonForm'> = { schema: {}, ui_schema: {}, events: [] },
  removal: Schema<'RemovalForm'> = { people: [], events: [] },
  names: Schema<'NameForm'> = { schema: {}, ui_schema: {}, people: [] },
  payment: Schema<'PaymentForm'> = { schema: {}, ui_schema: {}, form_data: {}, paid_by: null },
  plans: Schema<'PlanChoices'> = { events: [] },
) {
  localStorage.setItem('tempId', '9');
  server.use(
    http.get('/api/v1/get-receipt', () => success(answer)),
    http.get('/api/v1/policies/9', () => success(policy)),
    http.get('/api/v1/policies/9/life-events', () => success(kinds)),
    http.get('/api/v1/policies/9/add-person', () => success(personForm)),
    http.get('/api/v1/policies/9/remove-person', () => success(removal)),
    http.get('/api/v1/policies/9/name', () => success(names)),
    http.get('/api/v1/policies/9/payment', () => success(payment)),
    http.get('/api/v1/policies/9/plans', () => success(plans)),
  );
  return render(
    <MemoryRouter>
      <ReceiptPage />
    </MemoryRouter>,
    { language },
  );
}

describe('the receipt', () => {
  it('thanks the applicant and names the confirmation number, the plans, the payments and who to call', async () => {
    drawn(receipt);
    expect(await screen.findByRole('heading', { name: 'Thank you, Dana Whitfield!' })).toBeTruthy();
    expect(screen.getByText(/Your confirmation number is/).textContent).toBe('Your confirmation number is 20261201');
    expect(screen.getByText(/Covers/).textContent).toBe('Covers Dana Whitfield');
    expect(screen.getByText(/Peachtree Health/).textContent).toBe('Peachtree Health · (800) 555-0100');
    expect(screen.getByText(/First payment/).textContent).toBe('First payment: $511.20, taken on 11/20/2026');
    expect(screen.getByText(/Call Riley Chen/).textContent).toBe('Call Riley Chen, who helped with your application, at (404) 555-0134, or write to riley@example.com.');
    expect(screen.getByRole('link', { name: '(404) 555-0134' }).getAttribute('href')).toBe('tel:+14045550134');
  });

  it('the receipt speaks Spanish when Spanish is chosen', async () => {
    drawn(receipt, await spanish());
    expect(await screen.findByRole('heading', { name: '¡Gracias, Dana Whitfield!' })).toBeTruthy();
    expect(screen.getByText(/Su número de confirmación es/).textContent).toBe('Su número de confirmación es 20261201');
    expect(screen.getByRole('heading', { name: 'Sus planes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar esta solicitud' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir su solicitud o guardarla como PDF' })).toBeTruthy();
  });

  it('the rep who enrolled the member reads of the member by name and goes on to the next member or the members list', async () => {
    drawn({ ...receipt, reader: 'rep', eprocess: 'rep', return_to: '/agent-home' });
    expect(await screen.findByRole('heading', { name: 'Dana Whitfield’s application is submitted' })).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.getByText(/The confirmation number is/).textContent).toBe('The confirmation number is 20261201');
    expect(screen.getByRole('heading', { name: 'Dana Whitfield’s plans' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dana Whitfield’s payments' })).toBeTruthy();
    expect(screen.queryByText(/who helped with your application/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Enroll another member' }).getAttribute('href')).toBe('/agent-home');
    expect(screen.getByRole('link', { name: 'Back to members' }).getAttribute('href')).toBe('/agent-select-member');
    expect(screen.queryByRole('link', { name: 'Return to homepage' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dana Whitfield changed their mind?' })).toBeTruthy();
    expect(screen.getByText(/^This application can be cancelled until/)).toBeTruthy();
  });
});

const dental: Schema<'Policy'>['plans'][number] = {
  plan_id: 2101,
  plan_name: 'Brightbite Dental Preferred PPO',
  category_name: 'Dental Plans',
  carrier_name: 'Brightbite Dental & Vision',
  status: 'pending',
  effective: '12/01/2026',
  may_end_on: '12/31/2026',
};

describe('the coverage after the sale', () => {
  it('ends a plan at the end of the month once the member says why, and shows it ending and the change', async () => {
    let asked: unknown = null;
    server.use(
      http.post('/api/v1/policies/9/end-plan', async ({ request }) => {
        asked = await request.json();
        if (!(asked as { reason: string }).reason.trim()) {
          return refusal(422, 'Please tell us why you are ending this plan', [
            { target_element: 'reason', error_message: 'Please tell us why you are ending this plan' },
          ]);
        }
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [{ ...dental, status: 'ending', last_day: '12/31/2026', may_end_on: null }],
          events: [],
          changes: [{ what: 'Brightbite Dental Preferred PPO ends on 12/31/2026', requested_by: 'the applicant', reason: 'Dental at my new job', requested_at: '2026-12-02T10:00:00Z', effective: '01/01/2027' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] });
    const line = await screen.findByText(/from 12\/01\/2026, sent to the carrier/);
    expect(line.textContent).toBe('Brightbite Dental Preferred PPO (Brightbite Dental & Vision): from 12/01/2026, sent to the carrier, which has not confirmed it yet.');
    fireEvent.click(screen.getByRole('button', { name: 'End this plan (Brightbite Dental Preferred PPO)' }));
    expect(screen.getByText(/It covers until 12\/31\/2026, the end of the month/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End the plan on 12/31/2026' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please tell us why you are ending this plan');
    fireEvent.change(screen.getByLabelText('Why is it ended? (kept with the change)'), { target: { value: 'Dental at my new job' } });
    fireEvent.click(screen.getByRole('button', { name: 'End the plan on 12/31/2026' }));
    const ending = await screen.findByText(/covers from 12\/01\/2026 until 12\/31\/2026/);
    expect(ending.textContent).toBe('Brightbite Dental Preferred PPO (Brightbite Dental & Vision): covers from 12/01/2026 until 12/31/2026, when it ends.');
    expect(asked).toEqual({ plan_id: 2101, reason: 'Dental at my new job' });
    expect(screen.getByText(/Asked by the applicant/).textContent).toBe('Brightbite Dental Preferred PPO ends on 12/31/2026. Asked by the applicant: “Dental at my new job”');
    expect(screen.queryByRole('button', { name: /End this plan/ })).toBeNull();
  });

  it('a plan its carrier confirmed reads as confirmed, and can still be ended', async () => {
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [{ ...dental, status: 'active' }], changes: [], events: [] });
    const line = await screen.findByText(/confirmed by the carrier/);
    expect(line.textContent).toBe('Brightbite Dental Preferred PPO (Brightbite Dental & Vision): from 12/01/2026, confirmed by the carrier.');
    expect(screen.getByRole('button', { name: 'End this plan (Brightbite Dental Preferred PPO)' })).toBeTruthy();
  });

  it('says each plan’s monthly premium for the people covered, and what the plans cost together from the next month', async () => {
    const medical = { ...dental, plan_id: 1401, plan_name: 'Peachtree Silver', carrier_name: 'Peachtree Health', monthly_price: '$480.00' };
    drawn(receipt, undefined, {
      policy_id: '20261201',
      saved: [],
      plans: [{ ...dental, monthly_price: '$31.20' }, medical],
      changes: [],
      events: [],
      monthly: { from: '01/01/2027', total: '$511.20', plans: 2 },
    });
    expect(await screen.findByText('$31.20 a month for the people it covers.')).toBeTruthy();
    expect(screen.getByText('$480.00 a month for the people it covers.')).toBeTruthy();
    expect(screen.getByText(/^From 01\/01\/2027/).textContent).toBe('From 01/01/2027, these 2 plans cost $511.20 a month together.');
  });
});

describe('a life event reported on the policy', () => {
  it('is checked by the server, and the answer says until when the coverage can change and which proof is due', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/policies/9/life-events', async ({ request }) => {
        const body = (await request.json()) as { kind: string; event_date: string };
        sent.push(body);
        if (body.event_date === '01/01/2026') {
          const words = 'The time to report this ended on 03/02/2026. If you could not report it in time, please call us';
          return refusal(422, words, [{ target_element: 'event_date', error_message: words }]);
        }
        return success({ kind: 'birth', title: 'We had a baby', event_date: body.event_date, window_closes: '01/30/2027', effective: body.event_date, proof_due: '12/31/2026', reported_by: 'the applicant' });
      }),
    );
    const birth = { id: 'birth', title: 'We had a baby', help: 'A child was born in your family.', date_title: 'Date of birth', days_before: 0, days_after: 60, proof: ['Birth certificate'] };
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] }, [birth]);
    fireEvent.change(await screen.findByLabelText('What happened?'), { target: { value: 'birth' } });
    expect(screen.getByText('A child was born in your family.')).toBeTruthy();
    const when = screen.getByLabelText('Date of birth');
    fireEvent.change(when, { target: { value: '01012026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report it' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The time to report this ended on 03/02/2026. If you could not report it in time, please call us');
    expect(when.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(when, { target: { value: '12/01/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report it' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Reported: We had a baby. You can change your coverage for it until 01/30/2027; a change made today takes effect on 12/01/2026.Please send one of these by 12/31/2026: Birth certificate.',
    );
    expect(sent).toEqual([
      { kind: 'birth', event_date: '01/01/2026' },
      { kind: 'birth', event_date: '12/01/2026' },
    ]);
  });
});

describe('a person added for a life event', () => {
  it('is asked under the server’s schema, refused beside the field in the server’s words, and listed once added', async () => {
    const sent: unknown[] = [];
    const personForm: Schema<'PersonForm'> = {
      schema: { type: 'object', properties: { first_name: { type: 'string', title: 'First name' }, birthdate: { type: 'string', title: 'Date of birth' } }, required: ['first_name'] },
      ui_schema: {},
      events: [{ life_event_id: 4, title: 'We had a baby', event_date: '12/01/2026', window_closes: '01/30/2027', effective: '12/01/2026', waits_for_proof: true }],
    };
    server.use(
      http.post('/api/v1/policies/9/add-person', async ({ request }) => {
        const body = (await request.json()) as { life_event_id: number; person: { birthdate?: string } };
        sent.push(body);
        if (body.person.birthdate !== '12/01/2026') {
          const words = 'The date of birth is the day of the birth you reported (12/01/2026)';
          return refusal(422, words, [{ target_element: 'birthdate', error_message: words }]);
        }
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [dental],
          events: [],
          changes: [{ what: 'Zoë is covered from 12/01/2026', requested_by: 'the applicant', reason: 'We had a baby', requested_at: '2026-12-02T10:00:00Z', effective: '12/01/2026', status: 'waiting_for_proof' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] }, [], personForm);
    expect((await screen.findByText(/you can add the person until/)).textContent).toBe('We had a baby: you can add the person until 01/30/2027. They are covered from 12/01/2026.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person (We had a baby)' }));
    expect((await screen.findByText(/once a document that proves the event is approved/)).textContent).toBe(
      'They are covered from 12/01/2026 by each plan of this policy once a document that proves the event is approved; then each carrier is told.',
    );
    fireEvent.change(await screen.findByLabelText(/First name/), { target: { value: 'Zoë' } });
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '11/30/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add them' }));
    expect((await screen.findByText(/is the day of the birth you reported/)).textContent).toContain('The date of birth is the day of the birth you reported (12/01/2026)');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Zoë');
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '12/01/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add them' }));
    expect((await screen.findByText(/Zoë is covered from/)).textContent).toBe(
      'Zoë is covered from 12/01/2026. Asked by the applicant: “We had a baby” Waiting for the document that proves the event.',
    );
    expect(sent).toEqual([
      { life_event_id: 4, person: { first_name: 'Zoë', birthdate: '11/30/2026' } },
      { life_event_id: 4, person: { first_name: 'Zoë', birthdate: '12/01/2026' } },
    ]);
  });
});

describe('the proof of a reported life event', () => {
  it('says what is due, refuses a file over the server’s limit before sending it, and sends the file itself', async () => {
    const sent: { query: string; type: string | null; bytes: number }[] = [];
    // The server answers when the test says, so that what the member sees while the file goes can be read.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const event = (proof: Schema<'EventProof'>): Schema<'ReportedEvent'> => ({
      life_event_id: 4, kind: 'birth', title: 'We had a baby', event_date: '12/01/2026', window_closes: '01/30/2027',
      effective: '12/01/2026', proof_due: '12/31/2026', reported_by: 'the applicant', proof,
    });
    const due = { status: 'due', takes_documents: true, kinds: [{ id: 'birth_certificate', title: 'Birth certificate' }], documents: [], most_bytes: 1024 * 1024 };
    const inReview = {
      ...due,
      status: 'in_review',
      documents: [{ document_id: 1, title: 'Birth certificate', file_name: 'zoe.pdf', sent_at: '2026-12-02T10:00:00Z', status: 'awaiting_review', reason: null }],
    };
    server.use(
      http.post('/api/v1/policies/9/documents', async ({ request }) => {
        sent.push({ query: new URL(request.url).search, type: request.headers.get('content-type'), bytes: (await request.arrayBuffer()).byteLength });
        await answered;
        return success({ policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [event(inReview)] });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [event(due)] });
    expect((await screen.findByText(/Proof needed by/)).textContent).toBe('Proof needed by 12/31/2026: one of Birth certificate.');
    fireEvent.click(screen.getByRole('button', { name: 'Send a document (We had a baby)' }));
    const input = await screen.findByLabelText('The file (PDF, JPEG or PNG, up to 1 MB)');
    const large = new File(['%PDF-1.4'], 'large.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [large] } });
    expect(screen.getByRole('alert').textContent).toBe('This file is larger than 1 MB. Please send a smaller one: a photo of the page, or a PDF of fewer pages');
    expect((screen.getByRole('button', { name: 'Send it' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'zoë.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send it' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^(Sending: \d+% of [\d.]+ MB|Sent\. Checking the file…)$/);
    expect((screen.getByRole('button', { name: 'Send it' }) as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect((await screen.findByText(/zoe.pdf/)).textContent).toBe('Birth certificate (zoe.pdf): with our reviewers');
    expect(screen.getByText(/Your document is with our reviewers/)).toBeTruthy();
    expect(sent).toEqual([{ query: '?life_event_id=4&proof_kind=birth_certificate&file_name=zo%C3%AB.pdf', type: 'application/octet-stream', bytes: 8 }]);
  });
});

describe('a person taken off for a life event', () => {
  it('says until when they are covered before it is done, and lists the change', async () => {
    const sent: unknown[] = [];
    const removal: Schema<'RemovalForm'> = {
      people: [
        { member_index: 1, name: 'Sam Okafor', relationship: 'spouse' },
        { member_index: 2, name: 'Ada Okafor', relationship: 'child' },
      ],
      events: [{ life_event_id: 5, title: 'I divorced or legally separated', event_date: '12/01/2026', last_day: '12/31/2026', window_closes: '01/30/2027', removes: ['spouse'] }],
    };
    server.use(
      http.post('/api/v1/policies/9/remove-person', async ({ request }) => {
        sent.push(await request.json());
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [dental],
          events: [],
          changes: [{ what: 'Sam is covered until 12/31/2026', requested_by: 'the applicant', reason: 'I divorced or legally separated', requested_at: '2026-12-02T10:00:00Z', effective: '01/01/2027' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] }, [], undefined, removal);
    fireEvent.click(await screen.findByRole('button', { name: 'Take someone off (I divorced or legally separated)' }));
    expect(screen.queryByLabelText(/Ada Okafor/)).toBeNull();
    expect((screen.getByLabelText(/Sam Okafor/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cover them until 12/31/2026' }));
    expect((await screen.findByText(/Sam is covered until/)).textContent).toBe('Sam is covered until 12/31/2026. Asked by the applicant: “I divorced or legally separated”');
    expect(sent).toEqual([{ life_event_id: 5, member_index: 1 }]);
  });
});

describe('a plan chosen for a life event', () => {
  it('lists the plans priced by the server, says which plan it replaces, and lists the change', async () => {
    const sent: unknown[] = [];
    const choice = (plan_id: number, plan_name: string, category_name: string, price: string, replaces: boolean) => ({
      plan_id,
      plan_pricing_id: plan_id * 10,
      plan_name,
      level_name: 'Standard',
      category_name,
      carrier_name: 'Fairmeadow Mutual',
      monthly_price: price,
      replaces_plan_id: replaces ? 2101 : null,
      replaces_plan_name: replaces ? 'Brightbite Dental Preferred PPO' : null,
    });
    const plans: Schema<'PlanChoices'> = {
      events: [
        {
          life_event_id: 7,
          title: 'I moved, or will move',
          event_date: '12/02/2026',
          window_closes: '01/31/2027',
          effective: '01/01/2027',
          waits_for_proof: false,
          choices: [choice(1102, 'Fairmeadow Dental Essentials HMO', 'Dental Plans', '$24.10', true), choice(1202, 'Fairmeadow ClearView', 'Vision Plans', '$9.80', false)],
        },
      ],
    };
    server.use(
      http.post('/api/v1/policies/9/plans', async ({ request }) => {
        sent.push(await request.json());
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [dental],
          events: [],
          changes: [{ what: 'Fairmeadow Dental Essentials HMO replaces Brightbite Dental Preferred PPO from 01/01/2027', requested_by: 'the applicant', reason: 'I moved, or will move', requested_at: '2026-12-02T10:00:00Z', effective: '01/01/2027', status: 'recorded' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] }, [], undefined, undefined, undefined, undefined, plans);
    expect((await screen.findByText(/you can choose another plan/)).textContent).toBe('I moved, or will move: you can choose another plan, or add one, until 01/31/2027. It covers from 01/01/2027.');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan (I moved, or will move)' }));
    const confirm = screen.getByRole('button', { name: 'Choose this plan from 01/01/2027' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Vision Plans' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Fairmeadow Dental Essentials HMO, StandardFairmeadow Mutual\$24\.10 a month$/));
    expect(screen.getByText(/Instead of/).textContent).toBe('Instead of Brightbite Dental Preferred PPO, which covers until the day before.');
    fireEvent.click(confirm);
    expect((await screen.findByText(/replaces Brightbite/)).textContent).toContain('Fairmeadow Dental Essentials HMO replaces Brightbite Dental Preferred PPO from 01/01/2027');
    expect(sent).toEqual([{ life_event_id: 7, plan_id: 1102, plan_pricing_id: 11020 }]);
  });
});

describe('the policy’s contact details', () => {
  it('are changed under the server’s schema, filled with what the policy holds, and listed as a change', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/v1/policies/9/contact', () =>
        success({
          schema: { type: 'object', properties: { address1: { type: 'string', title: 'Address 1' }, zip: { type: 'string', title: 'Zip', readOnly: true } } },
          ui_schema: {},
          form_data: { address1: '12 Peachtree St NE', zip: '30301' },
        }),
      ),
      http.post('/api/v1/policies/9/contact', async ({ request }) => {
        sent.push(await request.json());
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [dental],
          events: [],
          changes: [{ what: 'The contact details change from 12/02/2026', requested_by: 'the applicant', reason: '', requested_at: '2026-12-02T10:00:00Z', effective: '12/02/2026' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Change your contact details' }));
    const street = (await screen.findByLabelText(/Address 1/)) as HTMLInputElement;
    expect(street.value).toBe('12 Peachtree St NE');
    fireEvent.change(street, { target: { value: '48 Auburn Ave NE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new details' }));
    expect((await screen.findByText(/The contact details change from/)).textContent).toBe('The contact details change from 12/02/2026. Asked by the applicant.');
    expect(sent).toEqual([{ contact: { address1: '48 Auburn Ave NE', zip: '30301' } }]);
  });
});

describe('a change saved to finish later', () => {
  it('keeps what was typed on the server, says until when and where the e-mail went, and opens again with it', async () => {
    const contactForm = {
      schema: { type: 'object', properties: { address1: { type: 'string', title: 'Address 1' }, zip: { type: 'string', title: 'Zip', readOnly: true } } },
      ui_schema: {},
      form_data: { address1: '12 Peachtree St NE', zip: '30301' },
    };
    const saved = { form: 'contact' as const, values: { address1: '48 Auburn', zip: '30301' }, saved_on: '12/03/2026', kept_until: '01/02/2027', saved_by: 'the applicant' };
    const sent: unknown[] = [];
    let discarded = 0;
    server.use(
      http.get('/api/v1/policies/9/contact', () => success(contactForm)),
      http.put('/api/v1/policies/9/saved/contact', async ({ request }) => {
        sent.push(await request.json());
        return success({ saved, emailed_to: 'd••••@example.com' });
      }),
      http.delete('/api/v1/policies/9/saved/contact', () => {
        discarded += 1;
        return success({ policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Change your contact details' }));
    const street = (await screen.findByLabelText(/Address 1/)) as HTMLInputElement;
    fireEvent.change(street, { target: { value: '48 Auburn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and finish later' }));
    // Saved as typed, nothing checked; the dialog closes and the section says so.
    expect((await screen.findByRole('status')).textContent).toBe(
      'You saved this change on 12/03/2026 to finish later. It is kept until 01/02/2027; nothing changes until you finish it. We sent an e-mail to d••••@example.com saying so.',
    );
    expect(sent).toEqual([{ values: { address1: '48 Auburn', zip: '30301' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened again, the form holds what was saved; thrown away, it holds what the policy holds.
    fireEvent.click(screen.getByRole('button', { name: 'Change your contact details' }));
    expect(((await screen.findByLabelText(/Address 1/)) as HTMLInputElement).value).toBe('48 Auburn');
    expect(screen.getByText(/This is what you saved on 12\/03\/2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Throw it away and start again' }));
    await screen.findByRole('button', { name: 'Save the new details' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(discarded).toBe(1);
    expect(((await screen.findByLabelText(/Address 1/)) as HTMLInputElement).value).toBe('12 Peachtree St NE');
    expect(screen.queryByText(/This is what you saved/)).toBeNull();
  });
});

describe('a covered person’s name', () => {
  it('is changed under the server’s name fields, starting from the name the policy holds, and refused beside the field', async () => {
    const sent: unknown[] = [];
    const schema = {
      type: 'object',
      required: ['first_name', 'last_name'],
      properties: { first_name: { type: 'string', title: 'First Name' }, last_name: { type: 'string', title: 'Last Name' } },
    };
    const names: Schema<'NameForm'> = {
      schema,
      ui_schema: { 'ui:order': ['first_name', 'last_name'] },
      people: [
        { member_index: 0, relationship: 'applicant', form_data: { first_name: 'Dana', last_name: 'Okafor' } },
        { member_index: 1, relationship: 'spouse', form_data: { first_name: 'Sam', last_name: 'Mbeki' } },
      ],
    };
    server.use(
      http.post('/api/v1/policies/9/name', async ({ request }) => {
        const body = (await request.json()) as { name: { last_name: string } };
        sent.push(body);
        if (body.name.last_name.includes('4')) return refusal(400, 'Please enter valid last name', [{ target_element: 'last_name', error_message: 'Please enter valid last name' }]);
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [dental],
          events: [],
          changes: [{ what: 'Sam Mbeki’s name is Sam Núñez-Okafor from 12/03/2026', requested_by: 'the applicant', reason: '', requested_at: '2026-12-03T10:00:00Z', effective: '12/03/2026' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] }, [], undefined, undefined, names);
    expect(await screen.findByRole('button', { name: 'Change the name of Dana Okafor' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change the name of Sam Mbeki' }));
    const last = (await screen.findByLabelText(/Last Name/)) as HTMLInputElement;
    expect(last.value).toBe('Mbeki');
    fireEvent.change(last, { target: { value: 'Núñez-0kafor4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the name' }));
    expect((await screen.findByText('Please enter valid last name')).textContent).toBe('Please enter valid last name');
    fireEvent.change(last, { target: { value: 'Núñez-Okafor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the name' }));
    expect((await screen.findByText(/name is Sam Núñez-Okafor/)).textContent).toBe('Sam Mbeki’s name is Sam Núñez-Okafor from 12/03/2026. Asked by the applicant.');
    expect(sent).toEqual([
      { member_index: 1, name: { first_name: 'Sam', last_name: 'Núñez-0kafor4' } },
      { member_index: 1, name: { first_name: 'Sam', last_name: 'Núñez-Okafor' } },
    ]);
  });
});

describe('how the policy is paid', () => {
  it('says how it is paid now and changes it under the server’s Billing Information, listing the change', async () => {
    const sent: unknown[] = [];
    const payment: Schema<'PaymentForm'> = {
      schema: {
        type: 'object',
        properties: {
          payment_method: { type: 'string', title: 'Payment Type', oneOf: [{ const: 'eft', title: 'EFT' }, { const: 'cc', title: 'Credit Card' }] },
          account_number: { type: 'string', title: 'Account Number' },
        },
      },
      ui_schema: { payment_method: { 'ui:widget': 'radio' } },
      form_data: { payment_method: 'eft', account_number: '****6789' },
      paid_by: 'EFT from Peachtree Community Bank, account ****6789',
    };
    server.use(
      http.post('/api/v1/policies/9/payment', async ({ request }) => {
        sent.push(await request.json());
        return success({
          policy_id: '20261201',
          saved: [],
          plans: [dental],
          events: [],
          changes: [{ what: 'Paid by EFT from Peachtree Community Bank, account ****4321 from 12/03/2026', requested_by: 'the applicant', reason: '', requested_at: '2026-12-03T10:00:00Z', effective: '12/03/2026' }],
        });
      }),
    );
    drawn(receipt, undefined, { policy_id: '20261201', saved: [], plans: [dental], changes: [], events: [] }, [], undefined, undefined, undefined, payment);
    expect((await screen.findByText(/Your premiums are paid by/)).textContent).toBe('Your premiums are paid by EFT from Peachtree Community Bank, account ****6789.');
    fireEvent.click(screen.getByRole('button', { name: 'Change how you pay' }));
    const account = (await screen.findByLabelText(/Account Number/)) as HTMLInputElement;
    expect(account.value).toBe('****6789');
    fireEvent.change(account, { target: { value: '000987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay this way' }));
    expect((await screen.findByText(/account \*\*\*\*4321 from/)).textContent).toBe('Paid by EFT from Peachtree Community Bank, account ****4321 from 12/03/2026. Asked by the applicant.');
    expect(sent).toEqual([{ billing: { payment_method: 'eft', account_number: '000987654321' } }]);
  });
});
