import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { leadZip } from '../../../lib/lead-zip';
import { common } from '../../../lib/messages';
import { useSite } from '../../../lib/site';
import { checkLeadInformation } from '../api/check-lead-information';
import { type StoreInformation, getLeadInformation } from '../api/get-lead-information';
import { bannerDecision, closedKey, roughly } from '../utils/banner';
import { m } from '../messages';
import '../leads.css';

/**
 * The location permission banner, at the foot of the window until answered: Allow asks the browser for the visitor's
 * position, which the server turns into a ZIP code for the quote form; Don't Allow (or a refused position) is kept as
 * declined; close hides it on this site without answering. A device that answered before on this site never sees it.
 */
export function LocationBanner() {
  const t = useT();
  const { site } = useSite();
  const key = closedKey(site);
  const [answered, setAnswered] = useState(false);
  const [locating, setLocating] = useState(false);
  // Asked once per site unless the banner was closed there; a check that fails shows nothing.
  const check = useQuery({ queryKey: ['check-lead-information', key], queryFn: checkLeadInformation, enabled: !localStorage.getItem(key) });
  const decision = check.data ? bannerDecision(check.data, false) : null;
  const zip = decision?.zip;
  useEffect(() => {
    if (zip !== undefined) leadZip.set(zip);
  }, [zip]);
  const show = !answered && Boolean(decision?.show);

  const store = (information: StoreInformation) =>
    getLeadInformation(information).then(
      (answer) => leadZip.set(answer.result.zip_code),
      () => undefined,
    );

  const decline = () => {
    setAnswered(true);
    void store({ consent: 'declined' });
  };

  const allow = () => {
    if (!('geolocation' in navigator)) {
      decline();
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setAnswered(true);
        void store({ consent: 'allowed', latitude: roughly(position.coords.latitude), longitude: roughly(position.coords.longitude) });
      },
      // Refused, unavailable or too slow: as if they had said Don't Allow.
      decline,
      { timeout: 20_000, maximumAge: 10 * 60_000 },
    );
  };

  const close = () => {
    localStorage.setItem(key, '1');
    setAnswered(true);
  };

  if (!show || !site) return null;
  return (
    <section className="location-banner" aria-label={t(m.banner)}>
      <div className="location-inner">
        <p>{site.branding.display_name ? t(m.consent, { name: site.branding.display_name }) : t(m.consentStore)}</p>
        <div className="location-actions">
          <button type="button" className="primary" onClick={allow} disabled={locating}>
            {locating ? t(m.finding) : t(m.allow)}
          </button>
          <button type="button" onClick={decline} disabled={locating}>
            {t(m.dontAllow)}
          </button>
        </div>
        <button type="button" className="location-close" aria-label={t(common.close)} onClick={close}>
          <span aria-hidden="true">{t(m.closeSign)}</span>
        </button>
      </div>
    </section>
  );
}
