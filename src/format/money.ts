import { fixedDecimals, formatCount } from './count';
import { formatLocale, numberFormat, type FormatLocale } from './locale';
import { formatPercent } from './quantities';

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

/** The hour after a price per hour, as each language abbreviates it. */
const HOUR: Record<FormatLocale, string> = { en: 'h', de: 'h', ru: 'ч', 'zh-CN': '小时' };

/** Per hour: "$0.0816/h", "0,0816 $/ч", "US$0.0816/小时". */
export function formatUsdPerHour(amount: number, locale: FormatLocale = formatLocale()): string {
  return `${formatUnitPrice(amount, locale)}/${HOUR[locale]}`;
}

/**
 * A saving against a baseline as the figures a sentence needs, in the language's number format:
 * the page words them through its catalog, the command line in English (formatSaving). A change
 * under a cent a month is none ("same").
 */
export type SavingFigures = { kind: 'same' } | { kind: 'saves' | 'costs'; perMonth: string; percent: string | null };

export function savingFigures(
  saving: { perMonth: number; percent: number | null },
  locale: FormatLocale = formatLocale(),
): SavingFigures {
  if (Math.round(saving.perMonth * 100) === 0) return { kind: 'same' };
  return {
    kind: saving.perMonth > 0 ? 'saves' : 'costs',
    perMonth: formatUsd(Math.abs(saving.perMonth), locale),
    percent: saving.percent === null ? null : formatPercent(Math.abs(saving.percent), locale),
  };
}

/** "saves $59.57/month (33.3 %)", "costs $12.00/month (5.0 %)" or "same": a saving against a baseline (command line, English). */
export function formatSaving(saving: { perMonth: number; percent: number | null } | null): string {
  if (!saving) return '–';
  const figures = savingFigures(saving, 'en');
  if (figures.kind === 'same') return 'same';
  const share = figures.percent === null ? '' : ` (${figures.percent})`;
  return `${figures.kind} ${figures.perMonth}/month${share}`;
}
