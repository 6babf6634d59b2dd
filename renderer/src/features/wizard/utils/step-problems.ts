import type { DrawnForm } from '../../../components/drawn-form';
import { type Problem, problemsFromServer } from '../../../components/error-summary';
import { everyProperty, schemaAt } from '../../../components/field-messages';
import type { ApiError, Schema } from '../../../lib/api';
import type { Translate } from '../../../lib/i18n';
import { unfinishedOf } from '../components/unfinished-steps';

export interface StepProblems {
  /** What the error summary lists: the browser's refusal, else the server's (unless it named unfinished steps). */
  problems: Problem[];
  /** The steps to finish before submitting. */
  unfinished: Schema<'Unfinished'>[];
  /** Whether `unfinished` is what a refused Submit named (the list takes the focus then), not the review's on arrival. */
  refusedAsUnfinished: boolean;
}

/**
 * What is wrong with the step as drawn: the browser's own refusal of the form (`refused`), or the server's (`errors`).
 * Messages for a field of the form are shown under it and listed, as links to it, in the summary at the top; the rest
 * (the whole step, a field the form does not draw) are listed without a link. A field may be one a condition adds
 * (Billing's card fields) or sit inside a list.
 */
export function stepProblems(
  form: DrawnForm,
  place: Schema<'WizardPlace'>,
  errors: ApiError | null,
  refused: Problem[],
  t: Translate,
): StepProblems {
  const drawn = new Set(Object.keys(everyProperty(form.schema)));
  const serverProblems = errors
    ? problemsFromServer(
        form.schema,
        errors.fields.filter((f) => f.target_element !== 'email'),
        (path) => drawn.has(path.split('.')[0]) && schemaAt(form.schema, path) !== undefined,
        t,
      )
    : [];
  // The steps to finish before submitting: as a refused Submit named them, or as the review says on arrival.
  const refusedAsUnfinished = errors?.statusCode === 422 ? unfinishedOf(errors.extra) : [];
  const unfinished = refusedAsUnfinished.length > 0 ? refusedAsUnfinished : (place.summary?.unfinished ?? []);
  const problems = refused.length > 0 ? refused : errors?.statusCode === 422 && refusedAsUnfinished.length === 0 ? serverProblems : [];
  return { problems, unfinished, refusedAsUnfinished: refusedAsUnfinished.length > 0 };
}
