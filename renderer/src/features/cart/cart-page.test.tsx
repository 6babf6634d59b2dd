import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CartPage } from './cart-page';

describe('the cart page', () => {
  it('says No items in cart. and offers no checkout when the cart is empty', async () => {
    localStorage.setItem('tempId', '5');
    globalThis.fetch = (async (url: string) => {
      const data = String(url).includes('effective-dates')
        ? { result: ['12/01/2026'] }
        : String(url).includes('group-agent-member-info')
          ? { enrollment_type: 'new-member', result: { user_info: null, group_info: null, platforms: [] } }
          : { result: [], initial_month_cost: 0, recurring_month_cost: 0, total_cost: 0, riders: [], notices: [], show_quotation: false };
      return new Response(JSON.stringify({ status: 'success', data }), { status: 200 });
    }) as typeof fetch;
    render(
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No items in cart.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
