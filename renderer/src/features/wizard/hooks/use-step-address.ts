import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Step, StepEvent } from '../../../lib/step-machine';

interface StepAddress {
  /** The route in the address bar. */
  route: string;
  step: Step | null;
  /** Whether the step is shown for answering (not loading, answering or failed). */
  editing: boolean;
  failed: boolean;
  /** A page the machine says to go to instead (the cart, the receipt). */
  redirect: string | null;
  send: (event: StepEvent) => void;
}

/** The page's address and the wizard's step follow one another. */
export function useStepAddress({ route, step, editing, failed, redirect, send }: StepAddress) {
  const navigate = useNavigate();
  useEffect(() => {
    if (redirect) navigate(redirect);
  }, [redirect, navigate]);

  // The URL follows the step the server answered; a URL typed or reached by Back in the browser opens that step.
  useEffect(() => {
    if (step?.wizard && editing && route !== step.wizard.route && route !== step.step) {
      navigate(`/enrollment/${step.wizard.route}`, { replace: false });
    }
  }, [step, editing, route, navigate]);
  const openedRoute = useRef(route);
  useEffect(() => {
    // The first draw's route is the one the machine opened (a step already here may have another name for it).
    if (openedRoute.current === route) return;
    openedRoute.current = route;
    if (failed || (step?.wizard && editing && route !== step.wizard.route)) send({ type: 'OPEN', where: route });
    // Only a change of the URL opens a step; the step the server answered is followed by the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route]);
}
