import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { invalidateCart } from '../../../lib/query';
import { addPlanToCart } from '../api/add-plan-to-cart';
import { cartCheckout } from '../api/cart-checkout';
import type { CartLine, Rider } from '../api/get-plan-cart';
import { removePlanFromCart } from '../api/remove-plan-from-cart';

/**
 * What the cart page changes: a line removed, a rider added, the cart checked out; each reads the cart again (its
 * lines, costs, dates and the header's badge), and a refusal is kept to say beside the field it is about.
 */
export function useCartChanges(enrollmentId: string) {
  const client = useQueryClient();
  const [error, setError] = useState<ApiError | null>(null);
  const reload = useCallback(() => void invalidateCart(client, enrollmentId), [client, enrollmentId]);
  const refused = (e: unknown) => {
    if (e instanceof ApiError) setError(e);
    else throw e;
  };

  const remove = async (line: CartLine) => {
    await removePlanFromCart({ enrollment_id: enrollmentId, plan_id: line.plan_id, plan_pricing_id: line.plan_pricing_id }).catch(() => undefined);
    reload();
  };

  const addRider = async (rider: Rider) => {
    setError(null);
    try {
      await addPlanToCart({ enrollment_id: enrollmentId, plan_id: rider.plan_id, plan_pricing_id: rider.plan_pricing_id });
      reload();
    } catch (e) {
      refused(e);
    }
  };

  /** Checks out for `date` completed by `type` (rep or member); the route of the wizard's first step, or none. */
  const checkout = async (date: string, type: string): Promise<string | null> => {
    setError(null);
    // The cart as the person confirmed it is pictured for the audit record (what pictures it loads only now).
    const pictures = import('../../../lib/screenshot');
    const picture = pictures.then((screenshot) => screenshot.capturePage());
    try {
      const done = await cartCheckout({ enrollment_id: enrollmentId, effective_date: date, type });
      void pictures.then((screenshot) => screenshot.sendScreenshot(enrollmentId, 'cart_checkout', picture)).catch(() => undefined);
      return done.next.route;
    } catch (e) {
      reload();
      refused(e);
      return null;
    }
  };

  return { error, reload, remove, addRider, checkout, clearError: () => setError(null) };
}
