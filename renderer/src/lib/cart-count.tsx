// The header's cart badge: how many plans the enrollment's cart holds and what they cost, read under the cart's key
// (lib/query.ts), so any page that changes the cart and reads it again refreshes the badge too. How the numbers are
// read is the app's to say (it lends the cart feature's calls).
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { cartKey, invalidateCart } from './query';
import { tempId } from './storage';

interface CartCount {
  count: number;
  amount: number;
  /** Whether the count has been read once (or there is no cart to read): the header is drawn with it from the start. */
  known: boolean;
  /** Reads the cart again: after a change of the cart, or of which enrollment this browser is on. */
  refresh: () => void;
}

export interface CartCountReaders {
  count: (enrollmentId: string) => Promise<number>;
  amount: (enrollmentId: string) => Promise<number>;
}

const CartCountContext = createContext<CartCount>({ count: 0, amount: 0, known: true, refresh: () => {} });

export function CartCountProvider({ read, children }: { read: CartCountReaders; children: ReactNode }) {
  const client = useQueryClient();
  // The enrollment this browser is on: it changes with a new quote, which calls refresh.
  const [id, setId] = useState(() => tempId.get());
  // A new quote's numbers replace the last ones when they arrive: the header (and the page under it) is never drawn
  // as unknown again once it was known.
  const count = useQuery({
    queryKey: [...cartKey(id ?? ''), 'count'],
    queryFn: () => read.count(id ?? ''),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
  const amount = useQuery({
    queryKey: [...cartKey(id ?? ''), 'amount'],
    queryFn: () => read.amount(id ?? ''),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => {
    const now = tempId.get();
    setId(now);
    if (now) void invalidateCart(client, now);
  }, [client]);
  // Known once, known for good: a page is never taken away to wait for the badge of a quote it just made.
  const known = useRef(false);
  known.current ||= !id || count.data !== undefined || count.isError;
  const value: CartCount = {
    count: id ? (count.data ?? 0) : 0,
    amount: id ? (amount.data ?? 0) : 0,
    known: known.current,
    refresh,
  };
  return <CartCountContext.Provider value={value}>{children}</CartCountContext.Provider>;
}

export const useCartCount = () => useContext(CartCountContext);
