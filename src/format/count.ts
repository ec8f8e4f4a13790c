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
  const grouped = wholeDigits(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

/**
 * The digits of |n| rounded to a whole number, at any magnitude: String() writes 1e21 and past
 * with an exponent. Past it, the digits a number holds (17 at most) and zeros: 5.78666286960447e21
 * is "5786662869604470000000", not the binary value's invented "...0095872".
 */
function wholeDigits(n: number): string {
  const whole = Math.round(Math.abs(n));
  if (whole < 1e21) return String(whole);
  const [mantissa, exponent] = whole.toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  return digits.padEnd(Number(exponent) + 1, '0');
}

/**
 * A finite number with exactly `digits` decimals, the English way and at any magnitude
 * ("1234.50"): toFixed writes 1e21 and past with an exponent ("5.78e+21").
 */
export function fixedDecimals(n: number, digits: number): string {
  if (!Number.isFinite(n) || Math.abs(n) < 1e21) return n.toFixed(digits);
  return `${n < 0 ? '-' : ''}${wholeDigits(n)}${digits > 0 ? `.${'0'.repeat(digits)}` : ''}`;
}

/**
 * A number as a person typed it (a discount of "12.5" %), to six significant digits, never with
 * an exponent: "0.0000001", "12.5", "1,234,567" ("1.234.567" in German).
 */
export function formatPlainNumber(n: number, locale: FormatLocale = formatLocale()): string {
  return numberFormat(locale, { maximumSignificantDigits: 6 }).format(n === 0 ? 0 : n);
}
