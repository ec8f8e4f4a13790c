import { LOCALE_STORAGE_KEY, matchLocale, type Locale } from './locales';

/** The language the reader chose on the switcher earlier, if storage allows it. */
export function storedLocale(): Locale | null {
  try {
    return matchLocale(localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be off (private windows, sandboxed frames): the choice then lasts for this page.
  }
}
