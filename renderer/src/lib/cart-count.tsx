import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, tempId } from './api';

interface CartCount {
  count: number;
  amount: number;
  refresh: () => void;
}

const CartCountContext = createContext<CartCount>({ count: 0, amount: 0, refresh: () => {} });

export function CartCountProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const [amount, setAmount] = useState(0);
  const refresh = useCallback(() => {
    const id = tempId.get();
    if (!id) {
      setCount(0);
      setAmount(0);
      return;
    }
    api.get<{ result: number }>(`/get-cart-count?enrollment_id=${id}`).then((d) => setCount(d.result), () => setCount(0));
    api.get<{ result: number }>(`/get-cart-amount?enrollment_id=${id}`).then((d) => setAmount(d.result), () => setAmount(0));
  }, []);
  useEffect(refresh, [refresh]);
  return <CartCountContext.Provider value={{ count, amount, refresh }}>{children}</CartCountContext.Provider>;
}

export const useCartCount = () => useContext(CartCountContext);
