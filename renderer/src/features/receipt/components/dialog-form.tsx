import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Fragment, useRef } from 'react';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import type { SavedChange } from '../api/policy';
import type { Later } from '../hooks/use-later';
import { m } from '../messages';

/**
 * A server-defined form in one of the receipt's dialogs (a person to add, the contact details): the server's schema,
 * its refusals beside their fields, and the dialog's buttons. With `later`, what the form holds may be saved to finish
 * later; the form then opens with what was saved (sensitive numbers masked), which may be thrown away to start again.
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
  later,
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
  later?: Later;
}) {
  const t = useT();
  const failure = error instanceof ApiError ? error : null;
  const saved = later?.saved;
  const start = (saved?.values ?? formData ?? {}) as Record<string, unknown>;
  // What the form holds now, for saving it as it is (nothing is checked until it is finished).
  const current = useRef(start);
  const laterFailure = later?.error instanceof ApiError ? later.error : null;
  const disabled = busy || Boolean(later?.busy);
  return (
    <>
      {saved && (
        <p className="saved-change">
          {t(m.savedOpened, { on: saved.saved_on, until: saved.kept_until })} <button type="button" className="link-button" onClick={later.onDiscard} disabled={disabled}>{t(m.savedDiscard)}</button>
        </p>
      )}
      {laterFailure && (
        <p className="error" role="alert">
          {laterFailure.fields[0]?.error_message ?? laterFailure.message}
        </p>
      )}
      {/* Thrown away, the form starts again from what the policy holds. */}
      <Fragment key={saved ? saved.saved_on + saved.kept_until : 'fresh'}>
        <SchemaForm
          id={id}
          schema={schema as RJSFSchema}
          uiSchema={uiSchema as UiSchema}
          formData={start}
          extraErrors={failure?.errorSchema()}
          disabled={disabled}
          onChange={(data) => (current.current = data)}
          onSubmit={onSubmit}
        >
          <div className="form-actions">
            <button type="submit" className="primary" disabled={disabled}>
              {confirm}
            </button>
            {later && (
              <button type="button" className="secondary" disabled={disabled} onClick={() => later.onSave(current.current)}>
                {t(m.savedSave)}
              </button>
            )}
            <button type="button" className="secondary" onClick={onClose}>
              {t(m.addKeep)}
            </button>
          </div>
        </SchemaForm>
      </Fragment>
    </>
  );
}

/** Says, beside a change's button, that it was saved to finish later, until when, and where the e-mail went. */
export function SavedLine({ saved, emailedTo }: { saved: SavedChange | undefined; emailedTo?: string | null }) {
  const t = useT();
  if (!saved) return null;
  return (
    <p className="saved-change" role="status">
      {t(m.savedLine, { on: saved.saved_on, until: saved.kept_until })}
      {emailedTo && <> {t(m.savedEmailed, { to: emailedTo })}</>}
    </p>
  );
}
