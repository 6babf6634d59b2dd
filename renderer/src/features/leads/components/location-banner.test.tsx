import { fireEvent, render, screen, spanish, waitFor } from '../../../testing/render';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/api';
import type { Chosen } from '../../../lib/i18n';
import { leadZip } from '../../../lib/lead-zip';
import { SiteProvider } from '../../../lib/site';
import { server, success } from '../../../testing/server';
import { bannerDecision, closedKey } from '../utils/banner';
import { LocationBanner } from './location-banner';

const site: Answer<'/get-default-info'> = {
  eprocess: 'applicant', front_page: 'open', special_host: false, show_quotation: false, admin_links: false,
  expired_referral: false, benefit_root: '/benefit/v1', home_link: '/',
  branding: { display_name: 'Harborstone Benefits', display_email: '', display_phone: '', tagline: '', logo: '', image: '',
    image_link: '', display_about_name: '', about: '', thank_you_image: '', colors: { primary: '', accent: '' } },
  links: { rep_registration: '', rep_dashboard: '', member_login: '', member_dashboard: '', group_application: '',
    group_login: '', ticket: '', app_store: '', play_store: '', how_to_video: '', admin: [] },
};

const TEXT = 'By clicking Allow, you agree that Harborstone Benefits can store your location and ZIP code for plan recommendation.';

/** The benefit service's lead calls: check answers `check`; what get-lead-information was sent is kept. */
function leads(check: { statusCode: number; zip_code: string | null; consent: string | null }) {
  const stored: unknown[] = [];
  let checks = 0;
  let sites = 0;
  server.use(
    http.get('/api/v1/get-default-info', () => {
      sites += 1;
      return success(site);
    }),
    http.get('/benefit/v1/check-lead-information', ({ request }) => {
      checks += 1;
      const query = new URL(request.url).searchParams;
      expect(query.get('device_id')).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
      expect(query.get('web_url')).toBe(window.location.href);
      return HttpResponse.json({ status: 'success', ...check });
    }),
    http.get('/benefit/v1/get-lead-information', ({ request }) => {
      const information = JSON.parse(new URL(request.url).searchParams.get('store_information') ?? 'null') as { consent: string };
      stored.push(information);
      const zip = information.consent === 'allowed' ? '30303' : null;
      return HttpResponse.json({ status: 'success', result: { zip_code: zip, city: zip && 'Atlanta', state: zip && 'GA', consent: information.consent } });
    }),
  );
  return { stored, checks: () => checks, sites: () => sites };
}

function geolocation(answer: { latitude: number; longitude: number } | 'denied') {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        answer === 'denied'
          ? fail({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError)
          : ok({ coords: { ...answer, accuracy: 20 }, timestamp: Date.now() } as GeolocationPosition),
    },
  });
}

const banner = (language?: Chosen) => render(<SiteProvider><LocationBanner /></SiteProvider>, { language });

describe('the location permission banner', () => {
  beforeEach(() => {
    localStorage.clear();
    leadZip.set(null);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('shows only to a device that never answered it on this site and did not close it here', () => {
    expect(bannerDecision({ statusCode: 204, status: 'success', zip_code: null, consent: null }, false)).toEqual({ show: true, zip: null });
    expect(bannerDecision({ statusCode: 204, status: 'success', zip_code: null, consent: null }, true).show).toBe(false);
    expect(bannerDecision({ statusCode: 200, status: 'success', zip_code: null, consent: 'declined' }, false)).toEqual({ show: false, zip: null });
    expect(bannerDecision({ statusCode: 200, status: 'success', zip_code: '30303', consent: 'allowed' }, false)).toEqual({ show: false, zip: '30303' });
    expect(bannerDecision(null, false).show).toBe(false);
  });

  it('is closed per site: the store’s own, a rep’s or a group’s', () => {
    expect(closedKey(null)).toBe('location-banner-closed:store');
    expect(closedKey({ ...site, settings: [], agent: { agent_id: 7, name: '', email: '', phone: '', agent_code: '' } })).toBe('location-banner-closed:agent-7');
  });

  it('asks with the site’s name; Allow sends the position, rounded, and the ZIP code it gives fills the quote form', async () => {
    const calls = leads({ statusCode: 204, zip_code: null, consent: null });
    geolocation({ latitude: 33.74912, longitude: -84.38798 });
    banner();
    expect(await screen.findByText(TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(leadZip.get()).toBe('30303'));
    expect(calls.stored).toEqual([{ consent: 'allowed', latitude: 33.75, longitude: -84.39 }]);
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('keeps a refused position as declined and hides', async () => {
    const calls = leads({ statusCode: 204, zip_code: null, consent: null });
    geolocation('denied');
    banner();
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(calls.stored).toEqual([{ consent: 'declined' }]));
    expect(screen.queryByText(TEXT)).toBeNull();
    expect(leadZip.get()).toBeNull();
  });

  it("keeps Don't Allow as declined and hides", async () => {
    const calls = leads({ statusCode: 204, zip_code: null, consent: null });
    banner();
    fireEvent.click(await screen.findByRole('button', { name: "Don't Allow" }));
    expect(screen.queryByText(TEXT)).toBeNull();
    await waitFor(() => expect(calls.stored).toEqual([{ consent: 'declined' }]));
  });

  it('closes without answering, and stays closed on this site without asking the server again', async () => {
    const calls = leads({ statusCode: 204, zip_code: null, consent: null });
    const first = banner();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByText(TEXT)).toBeNull();
    first.unmount();
    banner();
    // The site read again (whose banner it is), and still no question to the server.
    await waitFor(() => expect(calls.sites()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.checks()).toBe(1);
    expect(calls.stored).toEqual([]);
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('stays hidden for a device that answered before, whose ZIP code still fills the quote form', async () => {
    const calls = leads({ statusCode: 200, zip_code: '30303', consent: 'allowed' });
    banner();
    await waitFor(() => expect(calls.checks()).toBe(1));
    await waitFor(() => expect(leadZip.get()).toBe('30303'));
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('speaks Spanish when Spanish is chosen', async () => {
    leads({ statusCode: 204, zip_code: null, consent: null });
    banner(await spanish());
    expect(
      await screen.findByText('Al hacer clic en Permitir, usted acepta que Harborstone Benefits guarde su ubicación y su código postal para recomendarle planes.'),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Permiso de ubicación' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Permitir' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No permitir' })).toBeTruthy();
  });
});
