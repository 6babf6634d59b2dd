import type { Chosen } from '../../../lib/i18n';
import { render, screen, spanish, waitFor, within } from '../../../testing/render';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteProvider, type SiteInfo } from '../../../lib/site';
import { server, success } from '../../../testing/server';
import { SiteHeader } from './site-header';

const store: SiteInfo = {
  eprocess: 'applicant',
  open_type: 'user',
  front_page: 'open',
  home_link: '/',
  special_host: false,
  show_quotation: false,
  admin_links: false,
  branding: {
    display_name: 'Benefit Store',
    display_email: 'help@benefitstore.example',
    display_phone: '8005550100',
    tagline: 'Health, dental, vision and life coverage',
    logo: '/assets/sites/benefit-store.svg',
    image: '',
    image_link: '',
    display_about_name: 'About the Benefit Store',
    about: 'First paragraph.\n\nSecond paragraph.',
    thank_you_image: '',
    colors: { primary: '#1f5f8b', accent: '#e07a1f' },
  },
  settings: [],
  links: {
    rep_registration: '',
    rep_dashboard: '',
    member_login: '',
    member_dashboard: '',
    group_application: '',
    group_login: '',
    ticket: '',
    app_store: '',
    play_store: '',
    how_to_video: '',
    admin: [{ name: 'Message Center', url: 'https://messages.example/' }],
  },
  expired_referral: false,
  benefit_root: '/benefit/v1',
};

function drawn(site: SiteInfo, language?: Chosen) {
  server.use(
    http.get('/api/v1/get-common-menu', () => success(['dental', 'medical'])),
    http.get('/api/v1/get-plan-category', () =>
      success([
        { category: 'dental', display_name: 'Dental Plans', image: '' },
        { category: 'medical', display_name: 'Medical Plans', image: '' },
        { category: 'pet', display_name: 'PET Plans', image: '' },
      ]),
    ),
  );
  return render(
    <MemoryRouter>
      <SiteHeader site={site} />
    </MemoryRouter>,
    { language },
  );
}

describe('the site header', () => {
  it('shows the owner’s logo, phone as people read it, and the site’s categories by name', async () => {
    drawn(store);
    expect(screen.getByRole('img', { name: 'Benefit Store' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(800) 555-0100' }).getAttribute('href')).toBe('tel:+18005550100');
    const menu = screen.getByRole('navigation', { name: 'Plan categories' });
    expect(await within(menu).findByRole('link', { name: 'Dental Plans' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Medical Plans' }).getAttribute('href')).toBe('/plans?type=medical');
    expect(within(menu).queryByRole('link', { name: 'PET Plans' }), 'not on this site’s menu').toBeNull();
    expect(within(menu).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Admin sites')).toBeNull();
    expect(screen.queryByText(/Your Employer Group/)).toBeNull();
  });

  it('hides Home where the site has none, and lists the admin sites only when the site says so', async () => {
    drawn({ ...store, home_link: null, admin_links: true });
    const menu = screen.getByRole('navigation', { name: 'Plan categories' });
    await within(menu).findByRole('link', { name: 'Dental Plans' });
    expect(within(menu).queryByRole('link', { name: 'Home' })).toBeNull();
    expect(screen.getByText('Admin sites')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message Center' }).getAttribute('href')).toBe('https://messages.example/');
  });

  it('names the employer group and its address under an employer’s enrollment', async () => {
    drawn({
      ...store,
      group: { group_id: 2556, name: 'Peachtree Logistics', address_information: { address1: '1200 Marietta Blvd NW', address2: 'Suite 300', city: 'Atlanta', state: 'GA', zip: '30318' } },
    });
    await screen.findByRole('link', { name: 'Dental Plans' });
    expect(screen.getByText(/Your Employer Group:/).textContent).toBe('Your Employer Group: Peachtree Logistics · 1200 Marietta Blvd NW, Suite 300, Atlanta, GA 30318');
  });

  it('names the group without calling it the reader’s employer when a rep enrolls its employees', async () => {
    drawn({ ...store, eprocess: 'rep', group: { group_id: 2556, name: 'Peachtree Logistics', address_information: { address1: '', address2: '', city: '', state: '', zip: '' } } });
    await screen.findByRole('link', { name: 'Dental Plans' });
    expect(screen.getByText(/Employer Group:/).textContent).toBe('Employer Group: Peachtree Logistics');
    expect(screen.queryByText(/Your Employer Group/)).toBeNull();
  });

  it('speaks Spanish when it is chosen, offers English in its own name, and changes language where the person is', async () => {
    drawn({ ...store, group: { group_id: 2556, name: 'Peachtree Logistics', address_information: { address1: '1200 Marietta Blvd NW', address2: '', city: 'Atlanta', state: 'GA', zip: '30318' } } }, await spanish());
    expect(screen.getByText('¿Preguntas? Estamos aquí para ayudarle.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Categorías de planes' })).toBeTruthy();
    expect(screen.getByText(/Su grupo empleador:/).textContent).toBe('Su grupo empleador: Peachtree Logistics · 1200 Marietta Blvd NW, Atlanta, GA 30318');
    screen.getByRole('button', { name: 'English' }).click();
    await waitFor(() => expect(screen.getByText('Questions? We are here to help.')).toBeTruthy());
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('enroll_lang=en');
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('lang')).toBe('es');
  });

  it('reads again in the chosen language an answer that was still on its way when the language was chosen', async () => {
    let menuReads = 0;
    let arrive: () => void = () => {};
    const firstOnItsWay = new Promise<void>((resolve) => (arrive = resolve));
    server.use(
      http.get('/api/v1/get-default-info', () => success({ ...store, settings: undefined })),
      http.get('/api/v1/get-common-menu', async () => {
        menuReads += 1;
        // The first answer, asked in English, is slow: Spanish is chosen before it arrives.
        if (menuReads === 1) await firstOnItsWay;
        return success(['dental', 'medical']);
      }),
      http.get('/api/v1/get-plan-category', () => success([{ category: 'dental', display_name: 'Dental Plans', image: '' }])),
    );
    render(
      <MemoryRouter>
        <SiteProvider>
          <SiteHeader site={store} />
        </SiteProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(menuReads).toBe(1));
    screen.getByRole('button', { name: 'Español' }).click();
    await screen.findByText('¿Preguntas? Estamos aquí para ayudarle.');
    arrive();
    await waitFor(() => expect(menuReads).toBe(2));
  });

  it('reads each answer on the page once again when another language is chosen, not twice', async () => {
    const reads = { menu: 0, site: 0 };
    server.use(
      http.get('/api/v1/get-default-info', () => {
        reads.site += 1;
        return success({ ...store, settings: undefined });
      }),
      http.get('/api/v1/get-common-menu', () => {
        reads.menu += 1;
        return success(['dental', 'medical']);
      }),
      http.get('/api/v1/get-plan-category', () => success([{ category: 'dental', display_name: 'Dental Plans', image: '' }])),
    );
    render(
      <MemoryRouter>
        <SiteProvider>
          <SiteHeader site={store} />
        </SiteProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(reads).toEqual({ menu: 1, site: 1 }));
    screen.getByRole('button', { name: 'Español' }).click();
    await screen.findByText('¿Preguntas? Estamos aquí para ayudarle.');
    await waitFor(() => expect(reads).toEqual({ menu: 2, site: 2 }));
    // Nothing more arrives once the page has settled in Spanish.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toEqual({ menu: 2, site: 2 });
  });
});
