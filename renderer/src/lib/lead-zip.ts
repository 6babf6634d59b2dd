// The ZIP code the location banner learned (the visitor allowed their position, or answered before on this site): the
// quote forms start from it when their own ZIP code is empty. The banner and the forms are different features; this
// is what they share.
import { useSyncExternalStore } from 'react';

let zip: string | null = null;
const listeners = new Set<() => void>();

export const leadZip = {
  get: (): string | null => zip,
  set: (value: string | null | undefined) => {
    // The benefit service answered it (its shape is the server's to check); blank is none.
    const next = value && value.trim() ? value.trim() : null;
    if (next === zip) return;
    zip = next;
    for (const listener of listeners) listener();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ZIP code the visitor's position gave, or null; the caller re-renders when it arrives. */
export function useLeadZip(): string | null {
  return useSyncExternalStore(subscribe, leadZip.get, leadZip.get);
}
