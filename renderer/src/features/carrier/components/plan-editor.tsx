// One plan in the console: its questions in the server's form, what the draft changes, the draft as an applicant meets
// it, publishing, the versions published before, and a version as a workflow file.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { SchemaForm } from '../../../components/lazy-schema-form';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError, type FieldError } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import {
  type PlanQuestions,
  discardDraft,
  exportVersion,
  importFile,
  publishAgain,
  publishDraft,
  questionnaireFormQuery,
  questionnairesQuery,
  saveDraft,
} from '../api/console';
import { m } from '../messages';
import { nestedErrors } from '../utils/nested-errors';
import { PreviewPanel } from './preview-panel';

/** Saves `text` as a file named `name` (a version as a workflow file). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}


export function PlanEditor({ plan, takeFocus = false }: { plan: PlanQuestions; takeFocus?: boolean }) {
  const client = useQueryClient();
  // A plan chosen from the list opens below it on a phone: its heading takes the focus, and the reader is there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  const form = useQuery(questionnaireFormQuery);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  // The carrier's word that texts whose Spanish is older than their English may be published as they are.
  const [staleConfirmed, setStaleConfirmed] = useState(false);
  // Each save draws the form afresh from the server's answer.
  const [drawn, setDrawn] = useState(0);
  const t = useT();

  const replace = (next: PlanQuestions) => {
    client.setQueryData(questionnairesQuery.queryKey, (plans) => plans?.map((p) => (p.plan_id === next.plan_id ? next : p)));
  };
  const run = async (act: () => Promise<string | null>) => {
    setBusy(true);
    setSaid(null);
    try {
      setSaid(await act());
      setErrors([]);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields.length ? error.fields : [{ target_element: '', error_message: error.message }]);
      else setErrors([{ target_element: '', error_message: t(m.sendFailed) }]);
    } finally {
      setBusy(false);
    }
  };

  const save = (data: Record<string, unknown>) =>
    run(async () => {
      // The form's data is the server's schema's (rjsf checked it against that schema); the server checks it again.
      replace(await saveDraft(plan.plan_id, data as Parameters<typeof saveDraft>[1]));
      setDrawn((n) => n + 1);
      return t(m.saved);
    });
  const discard = () =>
    run(async () => {
      replace(await discardDraft(plan.plan_id));
      setDrawn((n) => n + 1);
      return t(m.discarded);
    });
  const publish = () =>
    run(async () => {
      const made = await publishDraft(plan.plan_id, { note, revision: plan.draft?.revision ?? null, stale_confirmed: staleConfirmed });
      setNote('');
      setStaleConfirmed(false);
      await client.invalidateQueries({ queryKey: questionnairesQuery.queryKey });
      setDrawn((n) => n + 1);
      return t(m.published, { version: String(made.publish_id) });
    });
  const imported = (file: File) =>
    run(async () => {
      replace(await importFile(plan.plan_id, await file.text()));
      setDrawn((n) => n + 1);
      return t(m.imported, { file: file.name });
    });
  const general = errors.filter((e) => !e.target_element || ['note', 'plan_id', 'stale_confirmed'].includes(e.target_element));

  return (
    <section className="console-plan" aria-labelledby="plan-title">
      <h2 id="plan-title" tabIndex={-1} ref={heading}>
        {plan.plan_name}
      </h2>
      <p className="hint">
        {plan.draft
          ? t(m.planLineDraft, { category: plan.category_name, name: plan.draft.updated_by })
          : t(m.planLine, { category: plan.category_name })}
      </p>
      {said && (
        <p role="status" className="console-said">
          {said}
        </p>
      )}
      {general.length > 0 && (
        <div role="alert" className="form-error">
          {general.map((e) => (
            <p key={e.error_message}>{e.error_message}</p>
          ))}
        </div>
      )}

      <div className="console-columns">
        <div className="console-edit">
          <h3>{t(m.questions)}</h3>
          {form.isError ? (
            <Failed query={form} />
          ) : !form.data ? (
            <Pending />
          ) : (
            <SchemaForm
              id={`questionnaire-${plan.plan_id}-${drawn}`}
              schema={form.data.schema as RJSFSchema}
              uiSchema={form.data.ui_schema as UiSchema}
              formData={plan.form_data as Record<string, unknown>}
              extraErrors={nestedErrors(errors)}
              disabled={busy}
              onSubmit={save}
            >
              {/* Kept in reach at the bottom of the screen however long the form is. */}
              <div className="buttons console-actions">
                <button type="submit" className="primary" disabled={busy}>
                  {t(m.saveDraft)}
                </button>
                {plan.draft && (
                  <button type="button" onClick={discard} disabled={busy}>
                    {t(m.discardDraft)}
                  </button>
                )}
              </div>
            </SchemaForm>
          )}
          <label className="import">
            {t(m.importFile)}
            <input type="file" accept=".yaml,.yml,.json" disabled={busy} onChange={(e) => e.target.files?.[0] && imported(e.target.files[0])} />
          </label>
        </div>

        <div className="console-side">
          <Changes plan={plan} />
          <PreviewPanel plan={plan} />
          {plan.draft && (
            <section aria-labelledby="publish-title" className="console-box">
              <h3 id="publish-title">{t(m.publish)}</h3>
              <p>{t(m.publishText)}</p>
              <label>
                {t(m.whatChanges)}
                <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
              </label>
              {plan.draft.stale.length > 0 && (
                <label className="checkbox">
                  <input type="checkbox" checked={staleConfirmed} onChange={(e) => setStaleConfirmed(e.target.checked)} />
                  {t(m.staleConfirm, { count: plan.draft.stale.length })}
                </label>
              )}
              <div className="buttons">
                <button type="button" className="primary" onClick={publish} disabled={busy}>
                  {t(m.publish)}
                </button>
                <button type="button" onClick={() => void exportVersion(plan.plan_id, 'draft').then((f) => download(f.file_name, f.yaml))}>
                  {t(m.downloadDraft)}
                </button>
              </div>
            </section>
          )}
          <History plan={plan} busy={busy} run={run} onDone={() => setDrawn((n) => n + 1)} />
        </div>
      </div>
    </section>
  );
}

/** What the draft changes of what applicants are asked now, question by question. */
function Changes({ plan }: { plan: PlanQuestions }) {
  const t = useT();
  if (!plan.draft) return null;
  const changes = plan.draft.changes;
  return (
    <section aria-labelledby="changes-title" className="console-box">
      <h3 id="changes-title">{t(m.changesTitle)}</h3>
      {changes.length === 0 ? (
        <p>{t(m.changesNone)}</p>
      ) : (
        <ul className="changes">
          {changes.map((c, i) => (
            <li key={i} data-change={c.change}>
              <Message
                of={c.question_id ? m.changeQuestion : m.changePart}
                values={{
                  part: c.part,
                  change: c.change,
                  what: c.what.join('; '),
                  strong: (chunks) => <strong>{chunks}</strong>,
                }}
              />
              {wordsOf(c.after ?? c.before) && <q>{wordsOf(c.after ?? c.before)}</q>}
              {plan.draft?.stale
                .filter((x) => x.part === c.part && x.question_id === c.question_id)
                .map((x) => (
                  <p key={`${x.what}-${x.language}`} className="stale">
                    {t(m.stale, { what: x.what, language: languageName(x.language) })}
                  </p>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A language by its name ("Spanish"), as the console's staff read it. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A question's words, from a difference's question (none for a part or its messages). */
function wordsOf(question: unknown): string | null {
  if (!question || typeof question !== 'object' || Array.isArray(question)) return null;
  const q = question as { question_text?: unknown; question?: unknown };
  const words = q.question_text ?? q.question;
  return typeof words === 'string' ? words : null;
}

/** The versions published from the console, each downloadable and publishable again. */
function History({
  plan,
  busy,
  run,
  onDone,
}: {
  plan: PlanQuestions;
  busy: boolean;
  run: (act: () => Promise<string | null>) => Promise<void>;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [again, setAgain] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const t = useT();
  const publish = (publishId: number) =>
    run(async () => {
      const made = await publishAgain(plan.plan_id, publishId, { note, revision: null });
      setAgain(null);
      setNote('');
      await client.invalidateQueries({ queryKey: questionnairesQuery.queryKey });
      onDone();
      return t(m.publishedAgain, { id: String(publishId), version: String(made.publish_id) });
    });
  return (
    <section aria-labelledby="history-title" className="console-box">
      <h3 id="history-title">{t(m.versions)}</h3>
      <div className="buttons">
        <button type="button" onClick={() => void exportVersion(plan.plan_id, 'published').then((f) => download(f.file_name, f.yaml))}>
          {t(m.downloadPublished)}
        </button>
      </div>
      {plan.history.length === 0 ? (
        <p>{t(m.noVersions)}</p>
      ) : (
        <ol className="history">
          {plan.history.map((p) => (
            <li key={p.publish_id}>
              <p>
                <Message
                  of={p.restores ? m.versionRestores : m.version}
                  values={{
                    id: String(p.publish_id),
                    date: new Date(p.published_at).toLocaleString(),
                    by: p.published_by,
                    restores: String(p.restores),
                    strong: (chunks) => <strong>{chunks}</strong>,
                  }}
                />
              </p>
              <p>{p.note}</p>
              <div className="buttons">
                <button type="button" className="text-button" onClick={() => void exportVersion(plan.plan_id, String(p.publish_id)).then((f) => download(f.file_name, f.yaml))}>
                  {t(m.download)}
                </button>
                <button type="button" className="text-button" onClick={() => setAgain(p.publish_id)} disabled={busy}>
                  {t(m.publishAgain)}
                </button>
              </div>
              {again === p.publish_id && (
                <div className="again">
                  <label>
                    {t(m.why)}
                    <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
                  </label>
                  <div className="buttons">
                    <button type="button" className="primary" onClick={() => void publish(p.publish_id)} disabled={busy}>
                      {t(m.publishVersionAgain, { id: String(p.publish_id) })}
                    </button>
                    <button type="button" onClick={() => setAgain(null)}>
                      {t(common.cancel)}
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
