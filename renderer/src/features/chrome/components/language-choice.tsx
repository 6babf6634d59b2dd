import { useState } from 'react';
import { LANGUAGES, useLanguage, useT } from '../../../lib/i18n';
import { m } from '../messages';

/** A language's name in itself ("Español"), as a person looking for their own language reads it. */
function ownName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * The other languages the store speaks, each named in itself, in the header and the footer. Choosing one redraws
 * the page in it where the person is: the cart, the filter and the step are kept.
 */
export function LanguageChoice({ className }: { className: string }) {
  const { language, choose } = useLanguage();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const others = LANGUAGES.filter((l) => l !== language);
  if (others.length === 0) return null;
  return (
    <ul className={`language-choice ${className}`} aria-label={t(m.language)}>
      {others.map((other) => (
        <li key={other}>
          <button
            type="button"
            lang={other}
            className={className}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void choose(other).finally(() => setBusy(false));
            }}
          >
            {ownName(other)}
          </button>
        </li>
      ))}
    </ul>
  );
}
