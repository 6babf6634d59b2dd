import { StepContext, isBusy } from '../../../lib/step-machine';

/** What the wizard's machine holds now, as the page draws it: the step, its refusal, where to go, and why it failed. */
export function useWizardState() {
  const wizard = StepContext.useActorRef();
  const step = StepContext.useSelector((s) => s.context.step);
  const errors = StepContext.useSelector((s) => s.context.errors);
  const redirect = StepContext.useSelector((s) => s.context.redirect);
  const failure = StepContext.useSelector((s) => s.context.failure?.message ?? null);
  const failureStatus = StepContext.useSelector((s) => s.context.failure?.statusCode ?? null);
  const editing = StepContext.useSelector((s) => s.matches('showing'));
  const failed = StepContext.useSelector((s) => s.matches('failed'));
  const busy = StepContext.useSelector(isBusy);
  return { wizard, step, errors, redirect, failure, failureStatus, editing, failed, busy };
}
