import { formatLocale, numberFormat, type FormatLocale } from './locale';

/**
 * A whole number with the language's digit grouping: "1,234,567" in English, "1 234 567" in
 * Russian, "1.234.567" in German. English is written out rather than toLocaleString: the first
 * locale-aware call costs the browser tens of milliseconds of ICU setup at startup, and the
 * output must not depend on the runtime's locale data.
 */
export function formatCount(n: number, locale: FormatLocale = formatLocale()): string {
  if (!Number.isFinite(n)) return String(n);
  if (locale !== 'en') return numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(n) || 0);
  const digits = String(Math.abs(Math.round(n)));
  // Past 21 digits String() switches to exponent notation: leave it as it is.
  if (!/^\d+$/.test(digits)) return String(Math.round(n));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}
