/** Display formatting only: no memory arithmetic happens here. */
import { fixedDecimals, formatCount } from './count';
import { decimal, formatLocale, numberFormat, UNIT_SPACE, type FormatLocale } from './locale';

/** Powers of 1024 (KiB, MiB) or of 1000 (KB, MB). */
export type ByteUnits = 'binary' | 'decimal';

/**
 * Unit symbols per language. Binary units keep the IEC symbols, in Cyrillic for Russian as
 * Russian technical writing has them (ГОСТ IEC 80000-13: "ГиБ"); decimal units follow what
 * Intl writes for each language ("кБ", "kB"); English keeps the "KB" the planner has always
 * printed. Chinese technical writing uses the Latin symbols ("64.02 B", not "字节").
 */
const UNIT_NAMES: Record<FormatLocale, Record<ByteUnits, readonly string[]>> = {
  en: { binary: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], decimal: ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] },
  ru: { binary: ['Б', 'КиБ', 'МиБ', 'ГиБ', 'ТиБ', 'ПиБ'], decimal: ['Б', 'кБ', 'МБ', 'ГБ', 'ТБ', 'ПБ'] },
  'zh-CN': { binary: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], decimal: ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] },
  de: { binary: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'], decimal: ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] },
};

/** A figure and its unit: "64.02 B" in English, "64,02 Б" (with a no-break space) elsewhere. */
function withUnit(value: number, digits: number, unit: string, locale: FormatLocale): string {
  if (locale === 'en') return `${fixedDecimals(value, digits)} ${unit}`;
  return `${decimal(value, digits, locale)}${UNIT_SPACE}${unit}`;
}

export function formatBytes(bytes: number, units: ByteUnits = 'binary', locale: FormatLocale = formatLocale()): string {
  const base = units === 'binary' ? 1024 : 1000;
  const names = UNIT_NAMES[locale][units];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= base && unit < names.length - 1) {
    value /= base;
    unit++;
  }
  const digits = unit === 0 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  return withUnit(value, digits, names[unit]!, locale);
}

export function formatBytesPerKey(bytes: number, locale: FormatLocale = formatLocale()): string {
  return withUnit(bytes, 2, UNIT_NAMES[locale].binary[0]!, locale);
}

/**
 * A share of 100 with one decimal: "33.3 %" in English, "33,3 %" in German, "33.3%" in Chinese.
 * Below zero with the minus sign (U+2212), as the signed figures beside it write it ("−0.9 %").
 */
function percentText(percent: number, locale: FormatLocale, digits: { min: number; max: number }): string {
  const shown = Math.round(percent * 10 ** digits.max) / 10 ** digits.max;
  if (shown < 0) return `−${percentText(-shown, locale, digits)}`;
  if (locale === 'en') return `${digits.min === digits.max ? fixedDecimals(shown, digits.max) : shown} %`;
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: digits.min, maximumFractionDigits: digits.max }).format(
    shown / 100 || 0,
  );
}

export function formatSignedPercent(percent: number | null, locale: FormatLocale = formatLocale()): string {
  if (percent === null) return '–';
  const rounded = Math.round(percent * 10) / 10;
  const exactly = { min: 1, max: 1 };
  if (rounded === 0) return percentText(0, locale, exactly);
  return `${rounded > 0 ? '+' : '−'}${percentText(Math.abs(rounded), locale, exactly)}`;
}

export function formatSigned(value: number, format: (v: number) => string): string {
  if (Math.abs(value) < 0.005) return '0';
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}

/** A share of 1 as a percentage with at most one decimal: "40 %", "12.5 %". */
export function formatShare(share: number, locale: FormatLocale = formatLocale()): string {
  return percentText(Math.round(share * 1000) / 10, locale, { min: 0, max: 1 });
}

/** A percentage of 100 with one decimal ("12.3 %"), for figures computed elsewhere. */
export function formatPercent(percent: number, locale: FormatLocale = formatLocale()): string {
  return percentText(percent, locale, { min: 1, max: 1 });
}

/** Whole decimal gigabytes, as a post writes round figures: "640 GB", "1.000 GB" in German. */
export function formatWholeGigabytes(gigabytes: number, locale: FormatLocale = formatLocale()): string {
  const whole = Math.round(gigabytes);
  const unit = UNIT_NAMES[locale].decimal[3]!;
  return locale === 'en'
    ? `${whole} ${unit}`
    : `${numberFormat(locale, { maximumFractionDigits: 0 }).format(whole)}${UNIT_SPACE}${unit}`;
}

/** An exact count of bytes: "1,048,576 B", "1 048 576 Б". */
export function formatExactBytes(bytes: number, locale: FormatLocale = formatLocale()): string {
  return `${formatCount(bytes, locale)}${locale === 'en' ? ' ' : UNIT_SPACE}${UNIT_NAMES[locale].binary[0]}`;
}

/** A size given in GiB as it is written in a data file ("13.07 GiB", "13,07 ГиБ"). */
export function formatGiB(gibibytes: number, locale: FormatLocale = formatLocale()): string {
  if (locale === 'en') return `${gibibytes} GiB`;
  return `${numberFormat(locale, { maximumFractionDigits: 3 }).format(gibibytes)}${UNIT_SPACE}${UNIT_NAMES[locale].binary[3]}`;
}

/**
 * The data a provider bills per GB-hour, with two decimals. The cost model counts a billed GB as
 * a GiB (src/model/cost.ts), so the figure is written as what it is: "0.10 GiB", "0,10 ГиБ"
 * (labelled GB, it would disagree with the results shown in decimal units).
 */
export function formatBilledGigabytes(gigabytes: number, locale: FormatLocale = formatLocale()): string {
  return withUnit(gigabytes, 2, UNIT_NAMES[locale].binary[3]!, locale);
}
