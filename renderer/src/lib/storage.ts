// What this browser remembers of the person's enrollment between pages: the enrollment being shopped, and the group a
// rep chose.

const TEMP_ID = 'tempId';

export const tempId = {
  get: (): string | null => localStorage.getItem(TEMP_ID),
  set: (id: number | string) => localStorage.setItem(TEMP_ID, String(id)),
  clear: () => localStorage.removeItem(TEMP_ID),
};

/** The group a rep chose to enroll for on the access page; sent when the rep's enrollment is created. */
export const chosenGroup = {
  get: (): string | null => sessionStorage.getItem('enroll_group'),
  set: (groupId: number | null) => (groupId === null ? sessionStorage.removeItem('enroll_group') : sessionStorage.setItem('enroll_group', String(groupId))),
};
