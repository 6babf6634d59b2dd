// Each screen's own title (WCAG 2.4.2): the page's heading, then the site's name ("Personal Information · Benefit
// Store"), so a tab, a bookmark and a screen reader's page list say where the person is. Every screen draws one h1;
// the title follows it as screens change, without each screen having to say its title twice.
import { useEffect } from 'react';

/** The title for a page headed `heading` on the site named `site`. */
export function pageTitle(heading: string | null | undefined, site: string): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text && text !== site ? `${text} · ${site}` : site;
}

/** Keeps the document's title to the page's heading and `site`'s name while mounted. */
export function usePageTitle(site: string) {
  useEffect(() => {
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const title = pageTitle(document.querySelector('h1')?.textContent, site);
        if (document.title !== title) document.title = title;
      });
    };
    follow();
    const watch = new MutationObserver(follow);
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      watch.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [site]);
}
