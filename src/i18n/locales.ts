import type { FormatLocale } from '../format/locale';

/** The languages the planner speaks; English is the default and the one the page is built in. */
export const LOCALES = ['en', 'ru', 'zh-CN', 'de'] as const satisfies readonly FormatLocale[];
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE = 'en' satisfies Locale;

/** Each language's own name, as its readers look for it in the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', 'zh-CN': '简体中文', de: 'Deutsch' };

/** Where the reader's choice is kept; index.html reads it before the first paint. */
export const LOCALE_STORAGE_KEY = 'valkey-ram-planner:lang';

/** The planner's language for a BCP 47 tag ("de-AT" -> de, "zh-Hans-CN" -> zh-CN), if it has one. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  const primary = lower.split(/[-_]/)[0];
  // Traditional Chinese readers are not served well by simplified text: leave them to English.
  if (primary === 'zh') return /^zh(-hans)?(-cn|-sg)?$|^zh-hans/.test(lower) ? 'zh-CN' : null;
  return LOCALES.find((l) => l === primary) ?? null;
}

/**
 * The language a page opens in: a `lang` parameter in the link (embeds set it for their wiki
 * page), else the reader's earlier choice on the switcher, else the browser's languages in
 * order of preference, else English. A shared link without `lang` so opens in each recipient's
 * own language. index.html's head script repeats this choice before the first paint.
 */
export function chooseLocale(source: { fragment: string; stored: string | null; languages: readonly string[] }): Locale {
  const fromLink = /(?:^#?|&)lang=([^&]*)/.exec(source.fragment)?.[1];
  return (
    matchLocale(fromLink ? decodeURIComponent(fromLink) : null) ??
    matchLocale(source.stored) ??
    source.languages.map(matchLocale).find((l) => l !== null) ??
    DEFAULT_LOCALE
  );
}
