import { fireEvent, render, screen, waitFor } from '../testing/render';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { useLanguage } from '../lib/i18n';
import type { Outcome, Step, StepSource } from '../lib/step-machine';
import { StepDialog } from './step-dialog';

const noForm = { schema: {}, uiSchema: {}, formData: {} };

const offer: Step = {
  step: 'term_life',
  kind: 'offer',
  title: 'Term life with no medical exam',
  ...noForm,
  offer: {
    header: 'Add term life coverage for your family',
    link: '',
    link_description: '',
    plans: [
      { plan_id: 1402, plan_pricing_id: 140201, plan_name: 'Northgate Term Life 10', option_name: '$100,000 benefit', plan_logo: '/l.svg', plan_category: 'life', price: 11.2 },
    ],
    price: 11.2,
  },
  actions: [
    { action: 'accept', label: 'Add To Cart' },
    { action: 'decline', label: 'No, I like medical questions.' },
  ],
};

const confirmation: Step = {
  step: 'confirmation',
  kind: 'confirmation',
  title: 'Ready to enroll?',
  text: 'Your plans will be effective as of 12/01/2026',
  ...noForm,
  actions: [
    { action: 'rep', label: 'Rep Enrollment' },
    { action: 'member', label: 'Member Enrollment' },
    { action: 'back', label: 'Back to Cart' },
  ],
};

/** A page's language choice, as the header offers it. */
function ChooseSpanish() {
  const { choose } = useLanguage();
  return (
    <button type="button" onClick={() => void choose('es')}>
      Español
    </button>
  );
}

describe('the dialog frame', () => {
  it('reads its step again in the language the person chooses while it is open, and stays where it was', async () => {
    // The server answers in the language the page's cookie names, as it does.
    const inSpanish = () => document.cookie.includes('enroll_lang=es');
    const load = vi.fn(async (): Promise<Outcome> => ({
      step: inSpanish() ? { ...confirmation, title: '¿Listo para inscribirse?', actions: [{ action: 'back', label: 'Volver al carrito' }] } : confirmation,
    }));
    render(
      <>
        <ChooseSpanish />
        <StepDialog source={{ load, answer: vi.fn() }} localActions={['back']} onLocalAction={() => undefined} onFinish={() => undefined} />
      </>,
    );
    expect(await screen.findByText('Ready to enroll?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('¿Listo para inscribirse?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver al carrito' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    document.cookie = 'enroll_lang=en; Path=/';
  });

  it('draws the offer the server sends, carries the answer back and shows the next step', async () => {
    const answer = vi.fn(async (): Promise<Outcome> => ({ step: confirmation }));
    const source: StepSource = { load: async () => ({ step: offer }), answer };
    const local = vi.fn();
    render(<StepDialog source={source} localActions={['rep', 'member', 'back']} onLocalAction={local} onFinish={() => undefined} />);
    expect(await screen.findByText('Northgate Term Life 10 ($100,000 benefit): $11.20/mo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No, I like medical questions.' }));
    expect(await screen.findByText('Your plans will be effective as of 12/01/2026')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(offer, 'decline', {}, {});
    fireEvent.click(screen.getByRole('button', { name: 'Member Enrollment' }));
    expect(local).toHaveBeenCalledWith('member');
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('shows a refused answer in the dialog and keeps the step open', async () => {
    const form: Step = {
      step: 'eligibility',
      kind: 'form',
      title: 'Eligibility Questions',
      schema: { type: 'object', properties: { q1: { type: 'string', title: 'Are you a legal resident of the United States?', enum: ['Yes', 'No'] } } },
      uiSchema: {},
      formData: { q1: 'No' },
      actions: [
        { action: 'submit', label: 'Continue' },
        { action: 'cancel', label: 'Cancel' },
      ],
    };
    const source: StepSource = {
      load: async () => ({ step: null }),
      answer: async () => {
        throw new ApiError(422, 'Please answer yes in order to continue', [{ target_element: 'eligibility', error_message: 'Please answer yes in order to continue' }]);
      },
    };
    const finished = vi.fn();
    render(<StepDialog source={source} start={form} onFinish={finished} />);
    // The form itself loads when first drawn.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please answer yes in order to continue')).toBeTruthy();
    expect(screen.getByText('Eligibility Questions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(finished).toHaveBeenCalledWith(null, null));
  });
});

// The popups' forms exactly as the engine composes them (engine/tests/popup-forms.json, kept equal to the engine's
// output by its own test).
const popups = JSON.parse(readFileSync(resolve(process.cwd(), '../engine/tests/popup-forms.json'), 'utf8')) as Record<string, { schema: FlowForm['schema']; uiSchema: FlowForm['uiSchema'] }>;

type FlowForm = Step;

function popupStep(name: string): Step {
  return {
    step: name,
    kind: 'form',
    title: name,
    schema: popups[name].schema,
    uiSchema: popups[name].uiSchema,
    formData: {},
    actions: [
      { action: 'submit', label: 'Continue' },
      { action: 'cancel', label: 'Cancel' },
    ],
  } as Step;
}

const never: StepSource = {
  load: async () => ({ step: null }),
  answer: async () => {
    throw new Error('the browser refuses before asking the server');
  },
};

/** The spec's words for an answer missing or refused; anything else (ajv's "must be string") is a defect. */
const SPEC_WORDS = new Set([
  'Field is required',
  'Please choose one of the options',
  '*Answer should be Yes/No to continue',
  '*Answer should be Yes to continue',
  'Please answer yes in order to continue',
  'Please choose a tier',
  'Please choose a membership',
]);

describe('a popup answered too early', () => {
  it.each(['eligibility', 'dependency_info', 'income', 'tobacco', 'choose_tier', 'membership', 'group_code', 'confirm_group'])(
    '%s says what is missing in the spec’s words, never the validator’s',
    async (name) => {
      const { container } = render(<StepDialog source={never} start={popupStep(name)} onFinish={() => undefined} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(container.ownerDocument.querySelectorAll('.error, .text-danger, [id$="__error"] li').length).toBeGreaterThan(0));
      const shown = [...container.ownerDocument.querySelectorAll('.error p, .error li, [id$="__error"] li, .text-danger')]
        .map((e) => e.textContent?.trim() ?? '')
        .filter(Boolean);
      expect(shown.length).toBeGreaterThan(0);
      for (const words of shown) expect(SPEC_WORDS, `${name}: ${words}`).toContain(words);
    },
  );

  it('eligibility answered No where Yes is needed says so beside the question and above the buttons', async () => {
    const form = popupStep('eligibility');
    const properties = (form as FlowForm).schema.properties as Record<string, { 'x-refuse'?: Record<string, string> }>;
    const mustBeYes = Object.keys(properties).find((k) => properties[k]['x-refuse']);
    expect(mustBeYes).toBeTruthy();
    const answers = Object.fromEntries(Object.keys(properties).map((k) => [k, k === mustBeYes ? 'No' : 'Yes']));
    render(<StepDialog source={never} start={{ ...form, formData: answers } as Step} onFinish={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('*Answer should be Yes to continue')).toBeTruthy();
    const above = await screen.findByText('Please answer yes in order to continue');
    const buttons = screen.getByRole('button', { name: 'Continue' });
    expect(above.compareDocumentPosition(buttons) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
