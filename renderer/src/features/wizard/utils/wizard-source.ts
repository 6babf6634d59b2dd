// The wizard's calls as the step machine takes them (lib/step-machine.ts): a tab is loaded by its route and answered
// with its action (Next with the form's answers, Back, Edit with the tab to open, Save & Continue Later with the form's
// answers and the address to send the code to), carrying back the version of the document it was drawn from, so that
// a page left open while another window saved is refused rather than saved over. A list step (dependents,
// beneficiaries) keeps what it holds as a draft each time a person is added or removed, so a reload loses nothing.
import type { Outcome, Step, StepSource } from '../../../lib/step-machine';
import { type StepOutcome, getEnrollmentStep } from '../api/get-enrollment-step';
import { type StepRequest, submitEnrollmentStep } from '../api/submit-enrollment-step';

/** A step to show, a page to go to instead (the cart, the receipt), or the words that the draft was saved. */
export function outcomeOf(answer: StepOutcome): Outcome {
  if ('step' in answer) return { step: answer.step };
  if ('redirect' in answer) return { step: null, redirect: answer.redirect };
  if ('drafted' in answer) return { step: null };
  // The confirmation, then where the code went and how long it works: a paragraph each.
  return { step: null, saved: true, message: [answer.message, answer.sent].filter(Boolean).join('\n') };
}

/** The actions a person takes on a wizard step (a draft is the source's own, below). */
const WIZARD_ACTIONS = ['next', 'back', 'edit', 'save-for-later'] as const;
type WizardAction = (typeof WIZARD_ACTIONS)[number];
const isWizardAction = (action: string): action is WizardAction => (WIZARD_ACTIONS as readonly string[]).includes(action);

/** The request of an action: only Next and Save & Continue Later carry the form's answers; Edit names the tab. */
function requestOf(action: WizardAction, formData: Record<string, unknown>, extra: Record<string, unknown>): StepRequest {
  switch (action) {
    case 'next':
      return { action, formData };
    case 'save-for-later':
      return { action, formData, email: typeof extra.email === 'string' ? extra.email : null };
    case 'edit':
      return { action, target: String(extra.target ?? '') };
    case 'back':
      return { action };
  }
}

/** The page as drawn, loaded only when a step is saved: what pictures it is no part of a step's first load. */
const capturePage = () => import('../../../lib/screenshot').then((m) => m.capturePage());

/** The wizard's source, which also keeps what a step holds as a draft beside it (`draft`), before Next. */
export type WizardSource = StepSource & { draft: (step: Step, formData: Record<string, unknown>) => Promise<void> };

/**
 * `capture` draws the page (the tests give none). A draft moves the step's document to a newer version: the source
 * remembers it, so that the step's next answer carries it; and an answer waits for a draft on its way, so the two
 * never cross.
 */
export function wizardSource(enrollmentId: string, capture: () => Promise<string | null> = capturePage): WizardSource {
  const drafted = new Map<string, number>();
  let drafting: Promise<unknown> = Promise.resolve();
  const versionOf = (step: Step) => Math.max(step.wizard?.version ?? 0, drafted.get(step.step) ?? 0);
  return {
    draft: (step, formData) => {
      const sent = drafting.then(() =>
        submitEnrollmentStep({ enrollment_id: enrollmentId, step: step.step, body: { action: 'draft', formData, version: versionOf(step) } }),
      );
      drafting = sent.catch(() => undefined);
      return sent.then((answer) => {
        if ('drafted' in answer) drafted.set(step.step, answer.version);
      });
    },
    load: (route) => getEnrollmentStep({ enrollment_id: enrollmentId, route: route ?? '' }).then(outcomeOf),
    answer: (step, action, formData, extra) => {
      if (!isWizardAction(action)) return Promise.reject(new Error(`A wizard step does not ${action}.`));
      const request = requestOf(action, formData, extra);
      // Each step saved is pictured for the audit record, as the person saw it when they pressed Next.
      const picture = action === 'next' ? capture() : null;
      const sending = picture ? import('../../../lib/screenshot') : null;
      return drafting
        .then(() =>
          submitEnrollmentStep({
            enrollment_id: enrollmentId,
            step: step.step,
            body: { ...request, version: versionOf(step) },
          }),
        )
        .then((answer) => {
        if (picture && sending) void sending.then((m) => m.sendScreenshot(enrollmentId, step.step, picture)).catch(() => undefined);
        return outcomeOf(answer);
      });
    },
  };
}
