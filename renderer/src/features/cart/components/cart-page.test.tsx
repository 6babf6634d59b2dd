import { act, render, screen, spanish, waitFor, within } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Answer, Schema } from '../../../lib/api';
import { SiteProvider } from '../../../lib/site';
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

  it('lets checkout begin only once the effective dates have come, so the confirmation can state the date', async () => {
    const line: Schema<'PricedLine'> = {
      plan_id: 1101, plan_pricing_id: 110101, plan_name: 'Brightbite Dental Preferred PPO', option_name: 'Preferred', coverage: 'Member Only',
      plan_logo: '', plan_category: 'dental', plan_type: 'STD', price: 29.25, removable: 1,
    };
    let release: () => void = () => {};
    const datesSent = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/v1/get-plan-cart', () =>
        success({ result: [line], initial_month_cost: 29.25, recurring_month_cost: 29.25, total_cost: 29.25, riders: [], notices: [], show_quotation: false } satisfies Schema<'CartAnswer'>),
      ),
      http.get('/api/v1/get-cart-effective-dates', async () => {
        await datesSent;
        return success({ result: ['01/01/2027', '02/01/2027'] } satisfies Answer<'/get-cart-effective-dates'>);
      }),
    );
    const opened: string[] = [];
    render(
      <MemoryRouter>
        <CartPage
          enrollmentId="5"
          parties={{ enrollment_type: 'new-member', result: { user_info: null, group_info: null, platforms: [] } }}
          renderCheckout={({ effectiveDate }) => {
            opened.push(effectiveDate);
            return null;
          }}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Brightbite Dental Preferred PPO')).toBeTruthy();
    const checkout = screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled, 'no date yet').toBe(true);
    release();
    await waitFor(() => expect(checkout.disabled).toBe(false));
    await act(async () => checkout.click());
    expect(opened).toEqual(['01/01/2027']);
  });

  it.each([
    [false, true],
    [true, false],
  ])('offers a rep Send Personalized Quote except on the single-portal host (special host %s)', async (special, offered) => {
    const line: Schema<'PricedLine'> = {
      plan_id: 1101, plan_pricing_id: 110101, plan_name: 'Brightbite Dental Preferred PPO', option_name: 'Preferred', coverage: 'Member Only',
      plan_logo: '', plan_category: 'dental', plan_type: 'STD', price: 29.25, removable: 1,
    };
    const site: Answer<'/get-default-info'> = {
      eprocess: 'rep', front_page: 'agent-home', special_host: special, show_quotation: !special, admin_links: false,
      expired_referral: false, benefit_root: '/benefit/v1', home_link: special ? null : '/agent-home',
      branding: { display_name: 'Benefit Store', display_email: '', display_phone: '', tagline: '', logo: '', image: '',
        image_link: '', display_about_name: '', about: '', thank_you_image: '', colors: { primary: '', accent: '' } },
      links: { rep_registration: '', rep_dashboard: '', member_login: '', member_dashboard: '', group_application: '',
        group_login: '', ticket: '', app_store: '', play_store: '', how_to_video: '', admin: [] },
    };
    let siteRead = false;
    server.use(
      http.get('/api/v1/get-default-info', () => {
        siteRead = true;
        return success(site);
      }),
      http.get('/api/v1/get-plan-cart', () =>
        success({ result: [line], initial_month_cost: 29.25, recurring_month_cost: 29.25, total_cost: 29.25, riders: [], notices: [], show_quotation: true } satisfies Schema<'CartAnswer'>),
      ),
      http.get('/api/v1/get-cart-effective-dates', () => success({ result: ['12/01/2026'] } satisfies Answer<'/get-cart-effective-dates'>)),
    );
    render(
      <SiteProvider>
        <MemoryRouter>
          <CartPage enrollmentId="5" parties={{ enrollment_type: 'new-member', result: { user_info: null, group_info: null, platforms: [] } }} renderCheckout={() => null} />
        </MemoryRouter>
      </SiteProvider>,
    );
    expect(await screen.findByText('Brightbite Dental Preferred PPO')).toBeTruthy();
    if (offered) {
      expect(await screen.findByRole('button', { name: 'Send Personalized Quote' })).toBeTruthy();
    } else {
      await waitFor(() => expect(siteRead).toBe(true));
      await act(async () => {});
      expect(screen.queryByRole('button', { name: 'Send Personalized Quote' })).toBeNull();
    }
  });

  it('the cart speaks Spanish when Spanish is chosen, its way back to the plans too, though they were seen in English', async () => {
    // The dental listing, last seen in English.
    sessionStorage.setItem('enroll_last_listing', JSON.stringify({ href: '/plans?type=dental', label: 'Dental Plans', category: 'dental' }));
    const line: Schema<'PricedLine'> = {
      plan_id: 1101, plan_pricing_id: 110101, plan_name: 'Brightbite Dental Preferred PPO', option_name: 'Preferred', coverage: 'Member Only',
      plan_logo: '', plan_category: 'dental', plan_type: 'STD', price: 29.25, removable: 1,
    };
    server.use(
      http.get('/api/v1/get-plan-cart', () =>
        success({ result: [line], initial_month_cost: 29.25, recurring_month_cost: 29.25, total_cost: 29.25, riders: [], notices: [], show_quotation: false } satisfies Schema<'CartAnswer'>),
      ),
      http.get('/api/v1/get-cart-effective-dates', () => success({ result: ['12/01/2026'] } satisfies Answer<'/get-cart-effective-dates'>)),
      // The catalogue's names as the server answers them once Spanish is chosen.
      http.get('/api/v1/get-plan-category', () => success([{ category: 'dental', display_name: 'Planes dentales', image: '' }])),
    );
    render(
      <MemoryRouter>
        <CartPage enrollmentId="5" parties={{ enrollment_type: 'new-member', result: { user_info: null, group_info: null, platforms: [] } }} renderCheckout={() => null} />
      </MemoryRouter>,
      { language: await spanish() },
    );
    expect(await screen.findByRole('button', { name: 'Quitar Brightbite Dental Preferred PPO' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mi carrito' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceder al pago' })).toBeTruthy();
    expect(screen.getByText('Costo del primer mes')).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    await waitFor(() => expect(trail.textContent).toBe('Inicio › Planes dentales › Carrito'));
    expect(within(trail).getByRole('link', { name: 'Planes dentales' }).getAttribute('href')).toBe('/plans?type=dental');
    expect(within(trail).getByText('Carrito').getAttribute('aria-current')).toBe('page');
  });
});
