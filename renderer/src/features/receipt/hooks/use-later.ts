import { useQuery } from '@tanstack/react-query';
import { policyQuery, savedOf, useDiscardChange, useSaveChange, type ChangeForm, type SavedChange } from '../api/policy';

/** Saving a dialog's form to finish later: what was saved of it, and the calls that save it and throw it away. */
export interface Later {
  saved: SavedChange | undefined;
  busy: boolean;
  error: unknown;
  onSave: (data: Record<string, unknown>) => void;
  onDiscard: () => void;
}

type Subject = { lifeEventId?: number; memberIndex?: number };

/**
 * Saving a change of `form` to finish later, for one of the receipt's sections: what is saved of it (for a subject,
 * when the form is about one), where the last save's e-mail went, and the dialog's part (`later`), which calls
 * `onSaved` once the server kept it.
 */
export function useLater(enrollmentId: string, form: ChangeForm) {
  const policy = useQuery(policyQuery(enrollmentId)).data;
  const save = useSaveChange(enrollmentId, form);
  const discard = useDiscardChange(enrollmentId, form);
  const later = (onSaved: () => void, subject?: Subject): Later => ({
    saved: savedOf(policy, form, subject),
    busy: save.isPending || discard.isPending,
    error: save.error ?? discard.error,
    onSave: (values) => save.mutate({ ...subject, values }, { onSuccess: onSaved }),
    onDiscard: () => discard.mutate(),
  });
  return { savedFor: (subject?: Subject) => savedOf(policy, form, subject), emailedTo: save.data?.emailed_to, later };
}
