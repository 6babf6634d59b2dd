// The header's cart badge: how many plans the enrollment's cart holds and what they cost, refreshed by any page that
// changes the cart. How the numbers are read is the app's to say (it lends the cart feature's calls).
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { tempId } from './storage';

interface CartCount {
  count: number;
  amount: number;
  /** Whether the count has been read once (or there is no cart to read): the header is drawn with it from the start. */
  known: boolean;
  refresh: () => void;
}

export interface CartCountReaders {
  count: (enrollmentId: string) => Promise<number>;
  amount: (enrollmentId: string) => Promise<number>;
}

const CartCountContext = createContext<CartCount>({ count: 0, amount: 0, known: true, refresh: () => {} });

export function CartCountProvider({ read, children }: { read: CartCountReaders; children: ReactNode }) {
  const [count, setCount] = useState(0);
  const [amount, setAmount] = useState(0);
  const [known, setKnown] = useState(() => !tempId.get());
  const refresh = useCallback(() => {
    const id = tempId.get();
    if (!id) {
      setCount(0);
      setAmount(0);
      setKnown(true);
      return;
    }
    read.count(id).then(
      (n) => {
        setCount(n);
        setKnown(true);
      },
      () => {
        setCount(0);
        setKnown(true);
      },
    );
    read.amount(id).then(setAmount, () => setAmount(0));
  }, [read]);
  useEffect(refresh, [refresh]);
  return <CartCountContext.Provider value={{ count, amount, known, refresh }}>{children}</CartCountContext.Provider>;
}

export const useCartCount = () => useContext(CartCountContext);
