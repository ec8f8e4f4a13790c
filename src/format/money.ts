import { fixedDecimals, formatCount } from './count';
import { formatLocale, numberFormat, type FormatLocale } from './locale';

/**
 * Money as people read it, in US dollars: whole cents for totals ("$1,234.56"), up to four
 * decimals for hourly prices ("$0.0816/h"). English is written out, as formatCount is, to keep
 * the output independent of the runtime's locale data; other languages place the sign and
 * separators through Intl ("1.234,56 $", "US$1,234.56").
 */
export function formatUsd(amount: number, locale: FormatLocale = formatLocale()): string {
  if (locale !== 'en') {
    const rounded = Math.round(amount * 100) / 100;
    return numberFormat(locale, { style: 'currency', currency: 'USD' }).format(rounded === 0 ? 0 : rounded);
  }
  const cents = Math.round(Math.abs(amount) * 100);
  // Past 2^53 cents a number holds no cents: they are written as 00, not as digits of rounding.
  const centsPart = cents <= Number.MAX_SAFE_INTEGER ? cents % 100 : 0;
  const text = `$${formatCount(Math.floor(cents / 100), 'en')}.${String(centsPart).padStart(2, '0')}`;
  return amount < 0 && cents > 0 ? `-${text}` : text;
}

/** A unit price with 2 to 4 decimals: "$0.084", "$0.0816", "$1.50". */
export function formatUnitPrice(amount: number, locale: FormatLocale = formatLocale()): string {
  if (locale !== 'en')
    return numberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(amount);
  return `$${fixedDecimals(amount, 4).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

/** Per hour: "$0.0816/h" in every language (the h of the SI hour). */
export function formatUsdPerHour(amount: number, locale: FormatLocale = formatLocale()): string {
  return `${formatUnitPrice(amount, locale)}/h`;
}

/** "saves $59.57/month (33.3 %)", "costs $12.00/month (5.0 %)" or "same": a saving against a baseline (command line, English). */
export function formatSaving(saving: { perMonth: number; percent: number | null } | null): string {
  if (!saving) return '–';
  if (Math.round(saving.perMonth * 100) === 0) return 'same';
  const verb = saving.perMonth > 0 ? 'saves' : 'costs';
  const share = saving.percent === null ? '' : ` (${fixedDecimals(Math.abs(saving.percent), 1)} %)`;
  return `${verb} ${formatUsd(Math.abs(saving.perMonth), 'en')}/month${share}`;
}
