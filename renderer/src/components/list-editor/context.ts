import { m } from '../list-editor.messages';

/**
 * What the wizard page lends the list editor: a way to hold Next while an item is open, and the check of an item by
 * the call the list's schema names (`x-item-validate`), which refuses with an ApiError.
 */
export interface ListEditorContext {
  holdNext?: (reason: string | null) => void;
  /**
   * The list at `path` is now `list` (an item submitted or deleted): the page keeps what the step holds as a draft.
   * Given the list itself, because the form's own change may reach the page only after React has drawn it.
   */
  listChanged?: (path: readonly (string | number)[], list: unknown[]) => void;
  validateItem?: (call: string, item: { primary_info: Record<string, unknown>; health_info: unknown }) => Promise<unknown>;
}

/** Why Next, Delete and Add wait while an item is open (the spec's words). */
export const HOLD = {
  next: m.holdNext,
  remove: m.holdRemove,
  add: m.holdAdd,
};
