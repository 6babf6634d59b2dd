/**
 * The store's languages, spoken through FormatJS's ICU message formatter (intl-messageformat; react-intl's own
 * components would put 5 KB more on every page). English is the source: its words are the `defaultMessage`s of each
 * feature's `messages.ts` (the build compiles them, so no message parser ships), gathered into `src/locales/en.json` by
 * `npm run messages` for translators. Every other language is a catalogue file beside it (`src/locales/es.json`),
 * compiled at build time and loaded only when that language is chosen (`virtual:locales`, vite.config.ts). Adding a
 * language is adding its catalogue: the choice in the header and footer lists what is there.
 *
 * The choice lives in the `enroll_lang` cookie for the browser's session, which the server reads too, so its own
 * words (questions, messages, e-mails) follow; before a choice, the browser's languages are the first guess, as the
 * server's `Accept-Language` guess is.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Children, createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogues, type Catalogue } from 'virtual:locales';

export const SOURCE_LANGUAGE = 'en';
export const COOKIE = 'enroll_lang';

/** Every language the store speaks, English first, then the catalogues'. */
export const LANGUAGES: readonly string[] = [SOURCE_LANGUAGE, ...Object.keys(catalogues).sort()];

/** The locale amounts and dates are written in for a language (es-US: Spanish as written in the United States). */
export const locale = (language: string) => `${language}-US`;

/**
 * One message: its id in the catalogues and its English. The build compiles the English in place
 * (@formatjs/vite-plugin), and `npm run messages` gathers it by this function's name.
 */
export interface MessageDescriptor {
  id: string;
  defaultMessage: string;
}

export function defineMessages<T extends Record<string, MessageDescriptor>>(messages: T): T {
  return messages;
}

function chosenBefore(): string | undefined {
  const found = document.cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([name]) => name === COOKIE);
  return found && LANGUAGES.includes(found[1]) ? found[1] : undefined;
}

/** The language chosen this session, or else the first of the browser's that the store speaks, or else English. */
export function firstLanguage(): string {
  const browser = (navigator.languages?.length ? navigator.languages : [navigator.language]).map((l) => l.toLowerCase().split('-')[0]);
  return chosenBefore() ?? browser.find((l) => LANGUAGES.includes(l)) ?? SOURCE_LANGUAGE;
}

/** A language's catalogue: none for English, whose words are in the code. */
export async function loadCatalogue(language: string): Promise<Catalogue> {
  const load = catalogues[language];
  return load ? load() : {};
}

export interface Chosen {
  language: string;
  messages: Catalogue;
}

export type Values = Record<string, string | number | boolean | null | undefined | Date>;
export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;
type Format = (message: MessageDescriptor, values?: Values | RichValues) => string | ReactNode[];

interface LanguageContext extends Chosen {
  choose: (language: string) => Promise<void>;
  format: Format;
}

const Language = createContext<LanguageContext | null>(null);

/**
 * Formats messages in a language, each compiled once. A message missing from the catalogue is drawn in English and
 * reported (`npm run check-messages`, part of `make test`, fails on any missing one).
 */
function formatter({ language, messages }: Chosen): Format {
  const made = new Map<string, IntlMessageFormat>();
  return (message, values) => {
    let format = made.get(message.id);
    if (!format) {
      const translated = messages[message.id];
      if (!translated && language !== SOURCE_LANGUAGE) console.error(`no ${language} message ${message.id}: drawn in English`);
      const text = translated ?? (message.defaultMessage as unknown as MessageFormatElement[]);
      format = new IntlMessageFormat(text, locale(translated ? language : SOURCE_LANGUAGE));
      made.set(message.id, format);
    }
    return format.format(values as Record<string, never>) as string | ReactNode[];
  };
}

function remember(language: string) {
  // No Max-Age: the choice lasts the browser's session, as the session itself does.
  document.cookie = `${COOKIE}=${language}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  document.documentElement.lang = language;
}

/**
 * Speaks `initial` (already loaded by the caller, so the first page is drawn in it) until another language is chosen.
 * A choice loads its catalogue first, so the page never shows a half-translated moment, then reads again every answer
 * that carries the server's words; the cart, the filter and the page stay as they were.
 */
export function LanguageProvider({ initial, children }: { initial: Chosen; children: ReactNode }) {
  const [chosen, setChosen] = useState<Chosen>(initial);
  const queries = useQueryClient();
  const choose = useCallback(
    async (language: string) => {
      const messages = await loadCatalogue(language);
      remember(language);
      setChosen({ language, messages });
      await queries.invalidateQueries();
    },
    [queries],
  );
  const value = useMemo(() => ({ ...chosen, choose, format: formatter(chosen) }), [chosen, choose]);
  return <Language.Provider value={value}>{children}</Language.Provider>;
}

export function useLanguage(): LanguageContext {
  const found = useContext(Language);
  if (!found) throw new Error('useLanguage needs a LanguageProvider');
  return found;
}

/** `useT()`'s function: a message in the page's language, as a string. Helpers that are no components take it. */
export type Translate = (message: MessageDescriptor, values?: Values) => string;

/**
 * A message in English, for a helper called without the page's language (a test of the helper alone): the code's
 * English, formatted as the page formats it.
 */
export const inEnglish: Translate = (message, values) =>
  String(new IntlMessageFormat(message.defaultMessage as unknown as MessageFormatElement[], locale(SOURCE_LANGUAGE)).format(values as Record<string, never>));

/** `t(m.key, values)`: a message in the page's language, as a string (for attributes and plain text). */
export function useT(): Translate {
  const { format } = useLanguage();
  return useCallback((message, values) => String(format(message, values)), [format]);
}

/** A message with markup in it (`<strong>{name}</strong>`), each tag drawn by the function of its name in `values`. */
export function Message({ of, values }: { of: MessageDescriptor; values?: RichValues }) {
  const { format } = useLanguage();
  const keyed =
    values &&
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === 'function' ? (chunks: ReactNode[]) => value(Children.toArray(chunks)) : value]),
    );
  const drawn = format(of, keyed);
  // Each part of a message with markup is a child of its own: keyed by its place, which a message never reorders.
  return <>{Array.isArray(drawn) ? drawn.map((part, i) => <Fragment key={i}>{part}</Fragment>) : drawn}</>;
}
