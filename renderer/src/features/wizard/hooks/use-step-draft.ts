import { useCallback, useEffect, useRef } from 'react';
import type { ListEditorContext } from '../../../components/list-editor';
import { drawnForm } from '../../../components/drawn-form';
import { type Step, type StepEvent, useReloadOnLanguage } from '../../../lib/step-machine';
import type { WizardSource } from '../utils/wizard-source';
import { withValueAt } from '../utils/with-value-at';

/**
 * What the person has typed into the step so far (`read`), kept as the form changes (`change`) and as a list editor
 * adds or removes an item (`listChanged`, which keeps it as a draft on the server too).
 */
export function useStepDraft(step: Step | null, send: (event: StepEvent) => void, source: WizardSource) {
  const current = useRef<Record<string, unknown>>({});
  const read = useCallback(() => current.current, []);
  // Another language chosen mid-step: the step's words are read again, with what the person has typed kept.
  useReloadOnLanguage(send, read);
  useEffect(() => {
    current.current = (step && drawnForm(step)?.formData) ?? {};
  }, [step]);
  const change = (formData: Record<string, unknown>) => {
    current.current = formData;
  };
  // A person added or removed is kept at once, as the spec's temporary storage keeps dependents: a reload before
  // Next finds them. The draft is the form's data with the list as it now is: the form's own change reaches the page
  // only once React has drawn it, which after an item's check on the server may come after this.
  const listChanged: NonNullable<ListEditorContext['listChanged']> = (path, list) => {
    current.current = withValueAt(current.current, path, list) as Record<string, unknown>;
    if (step) void source.draft(step, current.current).catch(() => undefined);
  };
  return { read, change, listChanged };
}
