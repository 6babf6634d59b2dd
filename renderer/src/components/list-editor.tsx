// The list editor: a list of people (dependents) shown as numbered rows with Edit and Delete, one of them edited at a
// time in a form titled by the list's item title ("Dependent #2") with Submit and Cancel. Registered as the rjsf field
// `listEditor`; the server's schema says which list uses it (`x-field`), what an item is, and the list's own rules
// (how many, which relationships), which are checked here live with the same validator and messages as the step.
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { getUiOptions, toFieldPathId } from '@rjsf/utils';
import { useMemo } from 'react';
import { useT } from '../lib/i18n';
import { m } from './list-editor.messages';
import { HOLD, type ListEditorContext } from './list-editor/context';
import { ItemForm } from './list-editor/item-form';
import { ListRows } from './list-editor/list-rows';
import { type Item, listState, shareTotal } from './list-editor/rules';
import { useHoldNext } from './list-editor/use-hold-next';
import { useItemEditing } from './list-editor/use-item-editing';

export { HOLD, type ListEditorContext } from './list-editor/context';
export { itemCheckErrors, listMessages, shareTotal, summary } from './list-editor/rules';

export function ListEditor(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, registry, fieldPathId, disabled, errorSchema } = props;
  const list = useMemo<Item[]>(() => (Array.isArray(formData) ? (formData as Item[]) : []), [formData]);
  const itemSchema = (typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : {}) as RJSFSchema;
  const context = (registry.formContext ?? {}) as ListEditorContext;
  const titleTemplate = getUiOptions(uiSchema).itemTitle;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const t = useT();
  const editPath = toFieldPathId('edit', registry.globalFormOptions, fieldPathId);
  const { editing, itemErrors, start, add, remove, change, submit, cancel } = useItemEditing({
    schema,
    itemSchema,
    list,
    registry,
    fieldPathId,
    editPath,
    onChange,
    context,
    t,
  });

  const { rules, ready } = listState(schema, list, registry.schemaUtils.getValidator());
  // Next waits while an item is open, and while the list breaks its own rules (a tier's count, shares not at 100):
  // the first rule's words say why.
  useHoldNext(context.holdNext, editing ? t(HOLD.next) : (rules[0]?.message ?? null));
  const total = shareTotal(schema, list);
  const noun = typeof titleTemplate === 'string' ? titleTemplate.replace(/\s*#\{n\}/, '') : t(m.item);
  const open = editing !== null;
  return (
    <div className="list-editor">
      {list.length === 0 && !editing && <p className="hint">{t(m.noneYet)}</p>}
      <ListRows
        list={list}
        itemSchema={itemSchema}
        titleTemplate={titleTemplate}
        idPrefix={fieldPathId.$id}
        errorSchema={errorSchema}
        disabled={disabled}
        open={open}
        onEdit={start}
        onRemove={remove}
      />
      {editing && (
        <ItemForm
          editing={editing}
          itemSchema={itemSchema}
          uiSchema={uiSchema}
          titleTemplate={titleTemplate}
          itemErrors={itemErrors}
          editPath={editPath}
          registry={registry}
          disabled={disabled}
          onChange={change}
          onCancel={cancel}
          onSubmit={() => void submit()}
        />
      )}
      {list.length < max && (total === null || total < 100) && (
        <button
          type="button"
          className="list-editor-add"
          disabled={disabled || open}
          title={open ? t(HOLD.add) : t(m.clickToAdd, { noun: noun.toLowerCase() })}
          onClick={add}
        >
          {t(m.addNoun, { noun })}
        </button>
      )}
      {rules.map((r) => (
        <p key={r.keyword} className={r.keyword === 'minItems' ? 'hint' : 'error'} role={r.keyword === 'minItems' ? undefined : 'alert'}>
          {r.message}
        </p>
      ))}
      {ready && (
        <p className="ready" role="status">
          {String(schema['x-ready'])}
        </p>
      )}
    </div>
  );
}
