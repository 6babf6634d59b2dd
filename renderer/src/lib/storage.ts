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

const DEVICE_ID = 'device_id';
/** What the benefit service takes as a device id: 8 to 100 letters, digits, `-` or `_`. */
const DEVICE_ID_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

/** A random id of this browser, kept until the visitor leaves the site (the benefit service's leads and chat). */
function newDeviceId(): string {
  // randomUUID exists only on a secure page (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const deviceId = {
  get: (): string => {
    const kept = localStorage.getItem(DEVICE_ID);
    if (kept && DEVICE_ID_SHAPE.test(kept)) return kept;
    const id = newDeviceId();
    localStorage.setItem(DEVICE_ID, id);
    return id;
  },
};

/** A listing of plans the person saw: where "Plans" and Continue Shopping take them back to. */
export interface Listing {
  href: string;
  /**
   * The one kind of plan it lists, which names it in a breadcrumb ("Dental Plans") in whatever language the page is
   * read in then (lib/catalogue.ts, `useListingName`); none for a listing of several kinds.
   */
  category: string | null;
}

const LAST_LISTING = 'enroll_last_listing';
const MEDICAL: Listing = { href: '/plans?type=medical', category: null };

/** The last listing of plans seen in this tab; Medical's until there is one. */
export const lastListing = {
  get: (): Listing => {
    try {
      const kept = JSON.parse(sessionStorage.getItem(LAST_LISTING) ?? 'null') as Listing | null;
      return kept && typeof kept.href === 'string' && kept.href.startsWith('/plans') ? { href: kept.href, category: typeof kept.category === 'string' ? kept.category : null } : MEDICAL;
    } catch {
      return MEDICAL;
    }
  },
  set: (listing: Listing) => sessionStorage.setItem(LAST_LISTING, JSON.stringify(listing)),
};

const LAST_PLAN = 'enroll_last_plan';

/** The plan page the person last looked at in this tab: the cart's breadcrumb leads back to it (Plan Details). */
export const lastPlan = {
  get: (): string | null => {
    const kept = sessionStorage.getItem(LAST_PLAN);
    return kept && kept.startsWith('/plan/') ? kept : null;
  },
  set: (href: string) => sessionStorage.setItem(LAST_PLAN, href),
};

/** A plan chosen to compare: its category decides which others may join it. */
export interface ComparedChoice {
  plan_id: number;
  plan_name: string;
  category: string;
}

const COMPARE = 'enroll_compare';

/** The plans chosen to compare in this tab (kept while the person goes to the comparison and back). */
export const compareChoice = {
  get: (): ComparedChoice[] => {
    try {
      const kept = JSON.parse(sessionStorage.getItem(COMPARE) ?? '[]') as unknown;
      return Array.isArray(kept) ? (kept as ComparedChoice[]).filter((c) => typeof c?.plan_id === 'number') : [];
    } catch {
      return [];
    }
  },
  set: (choice: ComparedChoice[]) => sessionStorage.setItem(COMPARE, JSON.stringify(choice)),
};
