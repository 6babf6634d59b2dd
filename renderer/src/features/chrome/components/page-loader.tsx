import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

/** How often the site is asked again while it has not answered, and when the page says it is taking long. */
const RETRY_MS = 3000;
const SLOW_MS = 4000;

/**
 * The whole page while the site is not known yet: whose store it is decides everything drawn. A failed answer would
 * leave the page loading for ever, so the site is asked again every few seconds, and after a while the person is told
 * and may ask again at once.
 */
export function PageLoader({ retry }: { retry: () => Promise<unknown> }) {
  const [slow, setSlow] = useState(false);
  const t = useT();
  useEffect(() => {
    const slowTimer = setTimeout(() => setSlow(true), SLOW_MS);
    const retryTimer = setInterval(() => void retry(), RETRY_MS);
    return () => {
      clearTimeout(slowTimer);
      clearInterval(retryTimer);
    };
  }, [retry]);
  return (
    <div className="page-loader">
      <p role="status" className="page-loader-status">
        <span className="spinner" aria-hidden="true" />
        {t(common.loading)}
      </p>
      {slow && (
        <div className="page-loader-slow">
          <p>{t(m.slow)}</p>
          <button type="button" onClick={() => void retry()}>
            {t(common.tryAgain)}
          </button>
        </div>
      )}
    </div>
  );
}
