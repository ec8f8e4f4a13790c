/// <reference path="./virtualCatalogs.d.ts" />
import { setupI18n, type Messages } from '@lingui/core';
import { setFormatLocale } from '../format/locale';
import type english from './catalogs/en.json';
import { DEFAULT_LOCALE, type Locale } from './locales';
import en from 'virtual:catalog/en/first';

/** Every message the planner shows, named by its id in src/i18n/catalogs/en.json. */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, string | number>;

type Load = () => Promise<{ default: Messages }>;

/** English's first-screen part ships with the page; everything else is a chunk of its own. */
const FIRST_PARTS: Record<Exclude<Locale, 'en'>, Load> = {
  ru: () => import('virtual:catalog/ru/first'),
  'zh-CN': () => import('virtual:catalog/zh-CN/first'),
  de: () => import('virtual:catalog/de/first'),
};
const LATER_PARTS: Record<Locale, Load> = {
  en: () => import('virtual:catalog/en/later'),
  ru: () => import('virtual:catalog/ru/later'),
  'zh-CN': () => import('virtual:catalog/zh-CN/later'),
  de: () => import('virtual:catalog/de/later'),
};

const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: en } });
const loaded = new Set<string>([`${DEFAULT_LOCALE}/first`]);
/** Whether the panels that load after the first screen have asked for their messages. */
let laterWanted = false;

async function loadPart(locale: Locale, part: 'first' | 'later'): Promise<void> {
  const key = `${locale}/${part}`;
  if (loaded.has(key)) return;
  const load = part === 'later' ? LATER_PARTS[locale] : locale === DEFAULT_LOCALE ? null : FIRST_PARTS[locale];
  if (!load) return;
  const { default: messages } = await load();
  i18n.load(locale, messages);
  loaded.add(key);
}

/** The text of a message in the current language, its `{placeholders}` filled in. */
export function t(id: MessageId, values?: MessageValues): string {
  if (import.meta.env.DEV && values) refuseWrittenCounts(id, values);
  return i18n._(id, values && withoutNegativeZero(values));
}

/**
 * While developing and testing: a count reaches a `{n, plural, …}` or `{n, number}` argument as a
 * number. A figure already written out ("1,234", "1 234") cannot choose its plural form (Russian
 * "21 ключ", "22 ключа" would both read "ключа") and is refused at once.
 */
function refuseWrittenCounts(id: string, values: MessageValues): void {
  const visit = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, kind, choices] = token as [string, string?, Record<string, unknown>?];
      if ((kind === 'plural' || kind === 'number') && typeof values[name] === 'string')
        throw new Error(`message ${id}: {${name}} is a count: pass the number, not "${values[name]}"`);
      if (choices && typeof choices === 'object') Object.values(choices).forEach(visit);
    }
  };
  visit(i18n.messages[id]);
}

/** A count of -0 (typed "-0", or in a link) is 0: Intl writes it "-0" ("-0 replicas"). */
function withoutNegativeZero(values: MessageValues): MessageValues {
  if (!Object.values(values).some((v) => Object.is(v, -0))) return values;
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [name, Object.is(v, -0) ? 0 : v]));
}

/**
 * The current language's translation of a text whose English is kept outside the catalogs (a
 * release line's texts live in the line registry), or undefined where the catalog has none:
 * English has none of these, and a language may not have one yet.
 */
export function translation(id: string): string | undefined {
  return id in i18n.messages ? i18n._(id) : undefined;
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** Loads a language's catalog (once) and makes it the current language, for text and figures. */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadPart(locale, 'first');
  if (laterWanted) await loadPart(locale, 'later');
  setFormatLocale(locale);
  i18n.activate(locale);
}

/**
 * A lazily loaded panel's module, once the messages it shows are in too: wraps the import given
 * to React.lazy for every module that uses an id of the later part (src/i18n/catalogParts.ts).
 */
export async function withLaterMessages<T>(module: Promise<T>): Promise<T> {
  laterWanted = true;
  const [loadedModule] = await Promise.all([module, loadPart(currentLocale(), 'later')]);
  return loadedModule;
}

/** Calls back whenever the language changes; returns a function that stops it. */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}
