import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../../lib/api';

/** The server's messages as rjsf's nested errors: `health.questions.1.question_text` under that field. */
export function nestedErrors(fields: FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const f of fields.filter((f) => f.target_element)) {
    let at = root;
    for (const key of f.target_element.split('.')) at = (at[key] ??= {}) as Record<string, unknown>;
    ((at.__errors ??= []) as string[]).push(f.error_message);
  }
  return root as ErrorSchema;
}
