import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { getCartAmount } from '../features/cart/api/get-cart-amount';
import { getCartCount } from '../features/cart/api/get-cart-count';
import { LanguageProvider, type Chosen } from '../lib/i18n';
import { CartCountProvider, type CartCountReaders } from '../lib/cart-count';
import { newQueryClient } from '../lib/query';
import { SiteProvider } from '../lib/site';

// The header's badge reads the cart with the cart's own calls.
const cartCount: CartCountReaders = {
  count: (enrollmentId) => getCartCount({ enrollment_id: enrollmentId }).then((d) => d.result),
  amount: (enrollmentId) => getCartAmount({ enrollment_id: enrollmentId }).then((d) => d.result),
};

// One answer cache for the page's whole life (lib/query.ts).
const queryClient = newQueryClient();

export function AppProvider({ language, children }: { language: Chosen; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider initial={language}>
        <BrowserRouter>
          <SiteProvider>
            <CartCountProvider read={cartCount}>{children}</CartCountProvider>
          </SiteProvider>
        </BrowserRouter>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
