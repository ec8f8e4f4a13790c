/// <reference path="./virtualCatalogs.d.ts" />
import { setupI18n } from '@lingui/core';
import { setFormatLocale } from '../format/locale';
import type english from './catalogs/en.json';
import { DEFAULT_LOCALE, type Locale } from './locales';
import en from 'virtual:catalog/en';

/** Every message the planner shows, named by its id in src/i18n/catalogs/en.json. */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, string | number>;

/** English ships with the page; every other language is its own chunk, fetched when chosen. */
const LAZY_CATALOGS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: typeof en }>> = {
  ru: () => import('virtual:catalog/ru'),
  'zh-CN': () => import('virtual:catalog/zh-CN'),
  de: () => import('virtual:catalog/de'),
};

const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: en } });
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

/** The text of a message in the current language, its `{placeholders}` filled in. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, values);
}

export function currentLocale(): Locale {
  return i18n.locale as Locale;
}

/** Loads a language's catalog (once) and makes it the current language, for text and figures. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== DEFAULT_LOCALE && !loaded.has(locale)) {
    i18n.load(locale, (await LAZY_CATALOGS[locale]()).default);
    loaded.add(locale);
  }
  setFormatLocale(locale);
  i18n.activate(locale);
}

/** Calls back whenever the language changes; returns a function that stops it. */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}
