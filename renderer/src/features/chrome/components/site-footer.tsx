import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useLeaveSite } from '../../../lib/leave-site';
import type { SiteInfo } from '../../../lib/site';
import { siteSetting } from '../../../lib/site-settings';
import { phone, telHref } from '../../../utils/format';
import { HowToVideo } from './how-to-video';
import { MailIcon, PhoneIcon } from './icons';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';
import { LanguageChoice } from './language-choice';

/** Apple's phones, tablets and computers are not offered the Google Play app. */
const onAppleDevice = () => /iPhone|iPad|iPod|Macintosh/i.test(navigator.userAgent);

export interface SiteFooterProps {
  site: SiteInfo;
  /** The Employee Enrollment popup's content (the group enrollment code). */
  employeeEnrollment: ReactNode;
  /** The Access Code popup's content (a rep's access code). */
  accessCode: ReactNode;
}

/**
 * Every page's footer: how to reach the site's owner, the ways in for reps, members and employers (the outbound sites,
 * the code popups and Not my site), the apps, a support ticket, How to enroll and the copyright line.
 */
export function SiteFooter({ site, employeeEnrollment, accessCode }: SiteFooterProps) {
  const leave = useLeaveSite();
  const [popup, setPopup] = useState<'employee' | 'rep' | null>(null);
  const { branding, links } = site;
  const logo = siteSetting(site, 'footer_logo') ?? branding.logo;
  const close = () => setPopup(null);
  const t = useT();
  // A confirmed code leads to another page: its popup closes behind it.
  const { pathname } = useLocation();
  useEffect(() => setPopup(null), [pathname]);

  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-about">
          {logo && <img src={logo} alt="" width={176} height={45} className="footer-logo" />}
          <p className="footer-name">{branding.display_name}</p>
          <p className="footer-help">{t(m.footerHelp)}</p>
          {branding.display_phone && (
            <a href={telHref(branding.display_phone)} className="footer-contact">
              <PhoneIcon />
              {phone(branding.display_phone)}
            </a>
          )}
          {branding.display_email && (
            <a href={`mailto:${branding.display_email}`} className="footer-contact">
              <MailIcon />
              {branding.display_email}
            </a>
          )}
        </div>

        <nav aria-labelledby="footer-reps" className="footer-column">
          <h2 id="footer-reps">{t(m.brokers)}</h2>
          <ul>
            {links.rep_registration && (
              <li>
                <a href={links.rep_registration}>{t(m.repRegistration)}</a>
              </li>
            )}
            {links.rep_dashboard && (
              <li>
                <a href={links.rep_dashboard}>{t(m.repDashboard)}</a>
              </li>
            )}
            <li>
              <button type="button" className="footer-link" onClick={() => setPopup('rep')}>
                {t(m.repAccessCode)}
              </button>
            </li>
            <li>
              <button type="button" className="footer-link" onClick={() => void leave()}>
                {t(m.notMySite)}
              </button>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-members" className="footer-column">
          <h2 id="footer-members">{t(m.members)}</h2>
          <ul>
            <li>
              <button type="button" className="footer-link" onClick={() => setPopup('employee')}>
                {t(m.employeeEnrollment)}
              </button>
            </li>
            {links.member_login && (
              <li>
                <a href={links.member_login}>{t(m.memberLogin)}</a>
              </li>
            )}
            {links.member_dashboard && (
              <li>
                <a href={links.member_dashboard}>{t(m.memberDashboard)}</a>
              </li>
            )}
            <li>
              <Link to="/continue-enrollment">{t(m.continueEnrollment)}</Link>
            </li>
            <li>
              <Link to="/my-policies">{t(m.myPolicies)}</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-groups" className="footer-column">
          <h2 id="footer-groups">{t(m.groups)}</h2>
          <ul>
            {links.group_application && (
              <li>
                <a href={links.group_application}>{t(m.groupApplication)}</a>
              </li>
            )}
            {links.group_login && (
              <li>
                <a href={links.group_login}>{t(m.groupLogin)}</a>
              </li>
            )}
          </ul>
        </nav>

        <div className="footer-column footer-apps">
          <h2 id="footer-apps">{t(m.getTheApp)}</h2>
          <div className="app-badges">
            {links.app_store && (
              <a href={links.app_store}>
                <img src="/assets/sites/app-store.svg" alt={t(m.appStore)} width={135} height={40} />
              </a>
            )}
            {links.play_store && !onAppleDevice() && (
              <a href={links.play_store}>
                <img src="/assets/sites/play-store.svg" alt={t(m.playStore)} width={135} height={40} />
              </a>
            )}
          </div>
          <ul>
            <li>
              <HowToVideo src={links.how_to_video} />
            </li>
            <li>
              <LanguageChoice className="footer-link" />
            </li>
            {links.ticket && (
              <li>
                <a href={links.ticket}>{t(m.ticket)}</a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        <p>{t(m.copyright, { year: String(new Date().getFullYear()), name: branding.display_name })}</p>
      </div>

      <Modal title={t(m.employeeEnrollment)} open={popup === 'employee'} onClose={close}>
        {employeeEnrollment}
        <div className="buttons">
          <button type="button" onClick={close}>
            {t(common.close)}
          </button>
        </div>
      </Modal>
      <Modal title={t(m.accessCode)} open={popup === 'rep'} onClose={close}>
        {accessCode}
        <div className="buttons">
          <button type="button" onClick={close}>
            {t(common.close)}
          </button>
        </div>
      </Modal>
    </footer>
  );
}
