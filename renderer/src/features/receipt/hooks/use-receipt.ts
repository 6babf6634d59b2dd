import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { receiptQuery } from '../api/get-receipt';

/**
 * The receipt of the enrollment this browser was on (`id`, none when it was on none): once its receipt is read, the
 * browser forgets it (a new quote starts afresh) and the header's cart is read again.
 */
export function useReceipt() {
  const { refresh } = useCartCount();
  const [id] = useState(() => tempId.get());
  const read = useQuery({ ...receiptQuery(id ?? ''), enabled: Boolean(id) });
  const receipt = read.data;
  useEffect(() => {
    if (!receipt) return;
    tempId.clear();
    refresh();
  }, [receipt, refresh]);
  return { id, read, receipt };
}
