import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { MenuItem } from '../../../lib/catalogue';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

export interface CategoryMenuProps {
  menu: MenuItem[];
  /** The category on the page. */
  current: string;
}

/** The site's categories as links; on a phone one line that scrolls sideways, the current category brought to its middle. */
export function CategoryMenu({ menu, current }: CategoryMenuProps) {
  const t = useT();
  const menuRef = useRef<HTMLElement>(null);
  const drawn = menu.length > 0;
  useEffect(() => {
    const nav = menuRef.current;
    const here = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !here || nav.scrollWidth <= nav.clientWidth) return;
    const offset = here.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    nav.scrollLeft += offset - (nav.clientWidth - here.offsetWidth) / 2;
  }, [current, drawn]);
  return (
    <nav aria-label={t(m.categories)} className="category-menu" ref={menuRef}>
      {menu.map((c) => (
        <Link key={c.category} to={`/plans?type=${c.category}`} aria-current={c.category === current ? 'page' : undefined}>
          {c.label}
        </Link>
      ))}
    </nav>
  );
}
