import type { ErrorSchema, FieldPathId, FieldPathList, Registry, RJSFSchema } from '@rjsf/utils';
import { setByPath } from '@rjsf/utils';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import type { Translate } from '../../lib/i18n';
import { useFormData } from '../form-data';
import { transformErrors } from '../field-messages';
import type { ListEditorContext } from './context';
import { type Item, itemCheckErrors, itemRefusal } from './rules';

export interface ItemEditing {
  /** The list's schema (its `x-new-item` rules, its `x-item-validate` call) and an item's. */
  schema: RJSFSchema;
  itemSchema: RJSFSchema;
  list: Item[];
  registry: Registry;
  /** Where the list is in the form, and where the item being edited is drawn. */
  fieldPathId: FieldPathId;
  editPath: FieldPathId;
  onChange: (list: Item[], path: FieldPathList) => void;
  context: ListEditorContext;
  t: Translate;
}

/**
 * The one item of the list being edited (`editing`, with its messages): opened by Edit or Add, changed field by field,
 * and put into the list on Submit once it holds by the form's rules, the engine's checks and the server's call. A
 * list changed (an item submitted or deleted) is told to the page too.
 */
export function useItemEditing({ schema, itemSchema, list, registry, fieldPathId, editPath, onChange, context, t }: ItemEditing) {
  const form = useFormData();
  const [editing, setEditing] = useState<{ index: number; item: Item } | null>(null);
  const [itemErrors, setItemErrors] = useState<ErrorSchema | undefined>(undefined);
  const validator = registry.schemaUtils.getValidator();

  const start = (index: number, item: Item) => {
    setItemErrors(undefined);
    // An item from file may lack answers the form now asks (a dependent's health questions): they start at their
    // defaults, as on a new item.
    setEditing({ index, item: (registry.schemaUtils.getDefaultFormState(itemSchema, item) ?? item) as Item });
  };
  // A new item starts at its defaults and at what the list's first holding `x-new-item` rule sets (a family's new
  // dependent is the spouse until one is listed): the server says how, over the whole form and the list.
  const add = () => {
    const rules = (Array.isArray(schema['x-new-item']) ? schema['x-new-item'] : []) as { if?: RJSFSchema; set?: Item }[];
    const rule = rules.find((r) => !r.if || validator.isValid(r.if, { form, items: list }, r.if));
    start(list.length, { ...((registry.schemaUtils.getDefaultFormState(itemSchema, {}) ?? {}) as Item), ...(rule?.set ?? {}) });
  };
  const remove = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    onChange(next, fieldPathId.path);
    context.listChanged?.(fieldPathId.path, next);
  };

  /** A field of the item changed (`path` is the field's, in the form). */
  const change = (value: unknown, path: FieldPathList) => {
    const relative = path.slice(editPath.path.length);
    setEditing((current) => {
      if (!current) return current;
      if (relative.length === 0) return { ...current, item: (value ?? {}) as Item };
      const item = structuredClone(current.item);
      setByPath(item, relative, value);
      return { ...current, item };
    });
  };

  const submit = async () => {
    if (!editing) return;
    const local = validator.validateFormData(editing.item, itemSchema, undefined, transformErrors(itemSchema, t));
    if (local.errors.length > 0) {
      setItemErrors(local.errorSchema);
      return;
    }
    const checked = itemCheckErrors(editing.item, itemSchema);
    if (checked) {
      setItemErrors(checked);
      return;
    }
    const call = schema['x-item-validate'];
    if (typeof call === 'string' && context.validateItem) {
      const { health_info: health, ...primary } = editing.item;
      try {
        await context.validateItem(call, { primary_info: primary, health_info: health });
      } catch (error) {
        if (error instanceof ApiError) {
          setItemErrors(itemRefusal(error));
          return;
        }
        throw error;
      }
    }
    const next = [...list];
    next[editing.index] = editing.item;
    onChange(next, fieldPathId.path);
    setEditing(null);
    context.listChanged?.(fieldPathId.path, next);
  };

  return { editing, itemErrors, start, add, remove, change, submit, cancel: () => setEditing(null) };
}
