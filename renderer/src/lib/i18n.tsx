/**
 * The store's languages, spoken through FormatJS's ICU message formatter (intl-messageformat's `formatToParts`;
 * react-intl's components would put 5 KB more on every page, and the formatter's class 1 KB). English is the source: its words are the `defaultMessage`s of each
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
import { formatToParts, PART_TYPE, type Formatters } from 'intl-messageformat';
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

/** A message as the build compiles it: its text when it has nothing to fill in, else its elements. */
type Compiled = string | MessageFormatElement[];

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

/** The browser's formatters intl-messageformat asks for, each made once per locale and options. */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
function once<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(kind: string, make: () => T, args: unknown[]): T {
  const key = kind + JSON.stringify(args);
  let found = made.get(key) as T | undefined;
  if (!found) made.set(key, (found = make()));
  return found;
}
const formatters: Formatters = {
  getNumberFormat: (...args) => once('n', () => new Intl.NumberFormat(...(args as ConstructorParameters<typeof Intl.NumberFormat>)), args),
  getDateTimeFormat: (...args) => once('d', () => new Intl.DateTimeFormat(...(args as ConstructorParameters<typeof Intl.DateTimeFormat>)), args),
  getPluralRules: (...args) => once('p', () => new Intl.PluralRules(...(args as ConstructorParameters<typeof Intl.PluralRules>)), args),
};

/**
 * A compiled message with `values` filled in, by intl-messageformat's own formatter (its `formatToParts`, without
 * the class around it, whose caches and options the store does not use): a string, or the parts of a message with
 * markup (text and what the tags' functions drew), as `IntlMessageFormat.format` answers them.
 */
function formatted(text: Compiled, at: string, values: Values | RichValues | undefined): string | ReactNode[] {
  if (typeof text === 'string') return text;
  const parts = formatToParts<ReactNode>(text, at, formatters, { number: {}, date: {}, time: {} }, values as Record<string, never>);
  const joined: (string | ReactNode)[] = [];
  for (const part of parts) {
    const last = joined.length - 1;
    if (part.type === PART_TYPE.literal && typeof joined[last] === 'string') joined[last] += part.value;
    else joined.push(part.value);
  }
  return joined.length <= 1 ? ((joined[0] as string | undefined) ?? '') : joined;
}

/**
 * Formats messages in a language. A message missing from the catalogue is drawn in English and reported
 * (`npm run check-messages`, part of `make test`, fails on any missing one).
 */
function formatter({ language, messages }: Chosen): Format {
  return (message, values) => {
    const translated = messages[message.id];
    if (!translated && language !== SOURCE_LANGUAGE) console.error(`no ${language} message ${message.id}: drawn in English`);
    const text = translated ?? (message.defaultMessage as unknown as Compiled);
    return formatted(text, locale(translated ? language : SOURCE_LANGUAGE), values);
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
      // An answer still on its way was asked in the other language. Invalidating alone would not ask it again: a
      // query without data yet keeps its fetch in flight rather than starting another, so it is cancelled first.
      await queries.cancelQueries();
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
  String(formatted(message.defaultMessage as unknown as Compiled, locale(SOURCE_LANGUAGE), values));

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
