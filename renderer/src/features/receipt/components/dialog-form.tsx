import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/**
 * A server-defined form in one of the receipt's dialogs (a person to add, the contact details): the server's schema,
 * its refusals beside their fields, and the dialog's two buttons.
 */
export function DialogForm({
  id,
  schema,
  uiSchema,
  formData,
  error,
  busy,
  confirm,
  onSubmit,
  onClose,
}: {
  id: string;
  schema: unknown;
  uiSchema: unknown;
  formData: unknown;
  error: unknown;
  busy: boolean;
  confirm: string;
  onSubmit: (data: Record<string, unknown>) => void;
  onClose: () => void;
}) {
  const t = useT();
  const failure = error instanceof ApiError ? error : null;
  return (
    <SchemaForm
      id={id}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema as UiSchema}
      formData={(formData ?? {}) as Record<string, unknown>}
      extraErrors={failure?.errorSchema()}
      disabled={busy}
      onSubmit={onSubmit}
    >
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {confirm}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t(m.addKeep)}
        </button>
      </div>
    </SchemaForm>
  );
}
