import { render, screen } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Answer, Schema } from '../../../lib/api';
import { server, success } from '../../../testing/server';
import { CartPage } from './cart-page';

describe('the cart page', () => {
  it('says No items in cart. and offers no checkout when the cart is empty', async () => {
    server.use(
      http.get('/api/v1/get-plan-cart', () =>
        success({ result: [], initial_month_cost: 0, recurring_month_cost: 0, total_cost: 0, riders: [], notices: [], show_quotation: false } satisfies Schema<'CartAnswer'>),
      ),
      http.get('/api/v1/get-cart-effective-dates', () => success({ result: ['12/01/2026'] } satisfies Answer<'/get-cart-effective-dates'>)),
    );
    render(
      <MemoryRouter>
        <CartPage enrollmentId="5" parties={{ enrollment_type: 'new-member', result: { user_info: null, group_info: null, platforms: [] } }} renderCheckout={() => null} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No items in cart.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
