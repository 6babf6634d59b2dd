import type { ErrorSchema, FieldPathId, FieldPathList, Registry, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useT } from '../../lib/i18n';
import { common } from '../../lib/messages';
import { m } from '../list-editor.messages';
import { itemTitle } from '../templates';
import { firstMessage, type Item, summary } from './rules';

export interface ItemFormProps {
  /** The item open, and where it is in the list. */
  editing: { index: number; item: Item };
  itemSchema: RJSFSchema;
  /** The list's uiSchema (its `items` are the item's). */
  uiSchema: UiSchema | undefined;
  /** The list's item title ("Dependent #{n}"), from its uiSchema. */
  titleTemplate: unknown;
  itemErrors: ErrorSchema | undefined;
  editPath: FieldPathId;
  registry: Registry;
  disabled: boolean | undefined;
  onChange: (value: unknown, path: FieldPathList) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** The item being edited, in a form titled by the list's item title, with what is wrong with it, Cancel and Submit. */
export function ItemForm({ editing, itemSchema, uiSchema, titleTemplate, itemErrors, editPath, registry, disabled, onChange, onCancel, onSubmit }: ItemFormProps) {
  const t = useT();
  const SchemaField = registry.fields.SchemaField;
  return (
    <section className="list-item" aria-labelledby={`${editPath.$id}-title`}>
      <h3 id={`${editPath.$id}-title`} className="list-item-title">
        {itemTitle(titleTemplate, editing.index)}
      </h3>
      <SchemaField
        name="edit"
        schema={itemSchema}
        uiSchema={{ ...((uiSchema?.items as object) ?? {}), 'ui:label': false }}
        formData={editing.item}
        errorSchema={itemErrors}
        fieldPathId={editPath}
        registry={registry}
        disabled={disabled}
        readonly={false}
        required
        onChange={onChange}
        onBlur={() => undefined}
        onFocus={() => undefined}
      />
      {itemErrors && Object.keys(itemErrors).length > 0 && (
        <p className="error" role="alert">
          {summary(editing.item, itemSchema, t)
            ? t(m.correctItemNamed, { title: itemTitle(titleTemplate, editing.index), summary: summary(editing.item, itemSchema, t), message: firstMessage(itemErrors) })
            : t(m.correctItem, { title: itemTitle(titleTemplate, editing.index), message: firstMessage(itemErrors) })}
        </p>
      )}
      <div className="list-item-buttons">
        <button type="button" onClick={onCancel}>
          {t(common.cancel)}
        </button>
        <button type="button" className="primary" onClick={onSubmit}>
          {t(m.submit)}
        </button>
      </div>
    </section>
  );
}
