// A field entered in a dialog (the spec's Enroller Code: an "Enter Enroller Code" button opening a dialog titled
// Enroller Code with Save). Save checks the value with the field's own schema and messages, shows a refusal in the
// dialog, and puts the value in the form, which saves it with the step.
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { Message, useT } from '../lib/i18n';
import { common } from '../lib/messages';
import { transformErrors } from './field-messages';
import { m } from './messages';
import { m as own } from './modal-field-widget.messages';
import { Modal } from './modal';

export function ModalFieldWidget(props: WidgetProps) {
  const { id, value, label, schema, registry, onChange, disabled, readonly, rawErrors } = props;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const messages = (schema['x-messages'] ?? {}) as Record<string, string>;
  const t = useT();

  const save = () => {
    const text = draft.trim();
    if (!text) return setError(messages.required ?? t(m.fieldRequired));
    const wrapper = { type: 'object', properties: { value: schema } } as RJSFSchema;
    const result = registry.schemaUtils.getValidator().validateFormData({ value: text }, wrapper, undefined, transformErrors(wrapper, t));
    if (result.errors.length > 0) return setError(result.errors[0].message ?? t(m.notValid));
    onChange(text);
    setOpen(false);
  };

  return (
    <div>
      {typeof value === 'string' && value && (
        <p id={id}>
          <Message of={own.fieldValue} values={{ label, value, strong: (chunks) => <strong>{chunks}</strong> }} />
        </p>
      )}
      <button
        type="button"
        disabled={disabled || readonly}
        aria-describedby={rawErrors && rawErrors.length > 0 ? `${id}__error` : undefined}
        onClick={() => {
          setDraft(typeof value === 'string' ? value : '');
          setError(null);
          setOpen(true);
        }}
      >
        {t(own.enterField, { label })}
      </button>
      <Modal title={label} open={open}>
        <div className="form-group">
          <label htmlFor={`${id}-dialog`} className="control-label">
            {label}
          </label>
          <input
            id={`${id}-dialog`}
            className="form-control"
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-dialog-error` : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          {error && (
            <p id={`${id}-dialog-error`} className="error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="buttons">
          <button type="button" onClick={() => setOpen(false)}>
            {t(common.cancel)}
          </button>
          <button type="button" className="primary" onClick={save}>
            {t(own.save)}
          </button>
        </div>
      </Modal>
    </div>
  );
}
