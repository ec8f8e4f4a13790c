/**
 * The language figures are written in. English ("en", the default, and all the command line
 * ever uses) keeps the hand-written formatting of this folder: it is what tests and the JSON
 * contract pin, and it needs no locale data at startup. The page sets another language when its
 * reader picks one; figures are then written by Intl for that language (decimal comma, digit
 * grouping, unit names: see CONTRIBUTING.md "Languages and messages").
 */
export type FormatLocale = 'en' | 'ru' | 'zh-CN' | 'de';

let current: FormatLocale = 'en';

export function setFormatLocale(locale: FormatLocale): void {
  current = locale;
}

export function formatLocale(): FormatLocale {
  return current;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl number format for the language, created once per language and options. */
export function numberFormat(locale: FormatLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with exactly `digits` decimals in the language's own way ("64,02", "1 234,5"). */
export function decimal(value: number, digits: number, locale: FormatLocale): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Between a figure and its unit: a space that never breaks the line ("64,02 Б"). */
export const UNIT_SPACE = '\u00a0';
