import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { Message, useT } from '../../lib/i18n';
import { m } from '../list-editor.messages';
import { itemTitle } from '../templates';
import { HOLD } from './context';
import { type Item, rowFaults, summary } from './rules';

/** The words read only by a screen reader, inside a message (`<hidden>…</hidden>`). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

export interface ListRowsProps {
  list: Item[];
  itemSchema: RJSFSchema;
  /** The list's item title ("Dependent #{n}"), from its uiSchema. */
  titleTemplate: unknown;
  /** The list's field id: each row's id is it and the row's index. */
  idPrefix: string;
  /** The server's faults, by item. */
  errorSchema: ErrorSchema | undefined;
  disabled: boolean | undefined;
  /** An item is open: Edit and Delete wait for it. */
  open: boolean;
  onEdit: (index: number, item: Item) => void;
  onRemove: (index: number) => void;
}

/** The list's items, each a numbered row with its summary, the faults found in it, Edit and Delete. */
export function ListRows({ list, itemSchema, titleTemplate, idPrefix, errorSchema, disabled, open, onEdit, onRemove }: ListRowsProps) {
  const t = useT();
  // Faults the server found in a dependent (on Next) are shown on its row: the row is where the person goes to fix them.
  const faults = (index: number) => rowFaults(errorSchema, index);
  return (
    <ol className="list-editor-rows">
      {list.map((item, index) => (
        <li key={index} id={`${idPrefix}_${index}`} className="list-editor-row">
          <span>
            <strong>{itemTitle(titleTemplate, index)}</strong> {summary(item, itemSchema, t)}
            {faults(index).length > 0 && (
              <Message
                of={m.rowFault}
                values={{
                  title: itemTitle(titleTemplate, index),
                  fault: faults(index)[0],
                  alert: (chunks) => (
                    <span className="error" role="alert">
                      {chunks}
                    </span>
                  ),
                }}
              />
            )}
          </span>
          <span className="list-editor-buttons">
            <button type="button" disabled={disabled || open} title={open ? t(HOLD.next) : undefined} onClick={() => onEdit(index, item)}>
              <Message of={m.edit} values={{ title: itemTitle(titleTemplate, index), hidden }} />
            </button>
            <button type="button" disabled={disabled || open} title={open ? t(HOLD.remove) : undefined} onClick={() => onRemove(index)}>
              <Message of={m.delete} values={{ title: itemTitle(titleTemplate, index), hidden }} />
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
