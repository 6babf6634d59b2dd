import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { useCategoryMenu } from '../../../lib/catalogue';
import type { SiteInfo } from '../../../lib/site';
import { siteSetting } from '../../../lib/site-settings';
import { money, phone, telHref } from '../../../utils/format';
import { AboutButton } from './about-dialog';
import { CartIcon, MailIcon, MenuIcon, PhoneIcon } from './icons';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';
import { LanguageChoice } from './language-choice';

/** "Dental Plans" reads "Dental" in the menu, where every item is a kind of plan; its name stays whole for a reader. */
function MenuLabel({ label }: { label: string }) {
  const match = /^(.*\S)(\s+plans?)$/i.exec(label);
  if (!match) return <>{label}</>;
  return (
    <>
      {match[1]}
      <span className="visually-hidden">{match[2]}</span>
    </>
  );
}

function address(site: SiteInfo): string {
  const a = site.group?.address_information;
  if (!a) return '';
  const line = [a.address1, a.address2].filter(Boolean).join(', ');
  const place = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [line, place].filter(Boolean).join(', ');
}

/**
 * Every page's header, in the site's own colours: the owner's logo, name and tagline, how to reach them, About, the
 * cart with its count and amount (and beside it `recommended`, the app's link to the visitor's recommendations), the
 * category menu with Home, and under an employer group's enrollment the group.
 */
export function SiteHeader({ site, recommended }: { site: SiteInfo; recommended?: ReactNode }) {
  const { count, amount } = useCartCount();
  const menu = useCategoryMenu(site);
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const t = useT();
  const { branding } = site;
  const logo = siteSetting(site, 'cart_logo') ?? branding.logo;

  // A link followed from the menu closes it (on a narrow screen it covers the page).
  useEffect(() => setMenuOpen(false), [pathname, search]);
  const current = pathname === '/plans' ? new URLSearchParams(search).get('type') : null;

  return (
    <header className="site-header">
      <div className="header-top">
        <div className="header-inner">
          <p className="header-help">{t(m.headerHelp)}</p>
          <div className="header-contact">
            {branding.display_phone && (
              <a href={telHref(branding.display_phone)} className="header-link">
                <PhoneIcon />
                {phone(branding.display_phone)}
              </a>
            )}
            {branding.display_email && (
              <a href={`mailto:${branding.display_email}`} className="header-link header-email">
                <MailIcon />
                {branding.display_email}
              </a>
            )}
            <AboutButton branding={branding} />
            <LanguageChoice className="header-link" />
            {site.admin_links && site.links.admin.length > 0 && (
              <details className="admin-menu">
                <summary>{t(m.adminSites)}</summary>
                <ul>
                  {site.links.admin.map((l) => (
                    <li key={l.url}>
                      <a href={l.url}>{l.name}</a>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        </div>
      </div>
      <div className="header-band">
        <div className="header-inner">
          <div className="brand">
            <Link to="/" className="brand-logo">
              {logo ? <img src={logo} alt={branding.display_name} width={176} height={45} /> : branding.display_name}
            </Link>
            <div className="brand-text">
              <p className="brand-name">{branding.display_name}</p>
              {branding.tagline && <p className="brand-tagline">{branding.tagline}</p>}
            </div>
          </div>
          <div className="header-actions">
            {recommended}
            {/* Named by its own text, the visible count and amount among it (WCAG 2.5.3), with words for a reader. */}
            <Link to="/cart" className="cart-link">
              <CartIcon />
              <span className="visually-hidden">{t(m.cartLabel)}</span>
              <span className="cart-count">{count}</span>
              <span className="visually-hidden">{t(m.cartItems, { count })}</span>
              <span className="cart-amount">{money(amount)}</span>
            </Link>
          </div>
        </div>
      </div>
      <div className="header-nav">
        <div className="header-inner">
          <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen((o) => !o)}>
            <MenuIcon />
            {t(m.menu)}
          </button>
          <nav id="site-menu" aria-label={t(m.planCategories)} className={menuOpen ? 'site-menu is-open' : 'site-menu'}>
            <ul>
              {site.home_link != null && (
                <li>
                  <Link to={site.home_link} aria-current={pathname === site.home_link ? 'page' : undefined}>
                    {t(m.home)}
                  </Link>
                </li>
              )}
              {menu.map((item) => (
                <li key={item.category}>
                  <Link to={`/plans?type=${item.category}`} aria-current={current === item.category ? 'page' : undefined}>
                    <MenuLabel label={item.label} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      {site.group && (
        <div className="employer-strip">
          <div className="header-inner">
            <p>
              <Message
                // A rep enrolls the group's employees: the group is not the rep's employer.
                of={site.eprocess === 'rep' ? (address(site) ? m.repGroupAt : m.repGroup) : address(site) ? m.employerGroupAt : m.employerGroup}
                values={{
                  name: site.group.name,
                  address: address(site),
                  strong: (chunks) => <strong>{chunks}</strong>,
                  place: (chunks) => <span className="employer-address">{chunks}</span>,
                }}
              />
            </p>
          </div>
        </div>
      )}
    </header>
  );
}
