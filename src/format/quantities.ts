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

/** Which unit formatBytes writes `bytes` in: 0 for B, 1 for KiB (KB), 2 for MiB (MB)... */
function unitIndex(bytes: number, base: number): number {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= base && unit < UNIT_NAMES.en.binary.length - 1) {
    value /= base;
    unit++;
  }
  return unit;
}

export function formatBytes(bytes: number, units: ByteUnits = 'binary', locale: FormatLocale = formatLocale()): string {
  const base = units === 'binary' ? 1024 : 1000;
  const unit = unitIndex(bytes, base);
  const value = bytes / base ** unit;
  const digits = unit === 0 ? 0 : Math.abs(value) >= 100 ? 1 : 2;
  return withUnit(value, digits, UNIT_NAMES[locale][units][unit]!, locale);
}

/** The size of the unit formatBytes writes `bytes` in: 1 (B), 1024 (KiB), 1024² (MiB)... or powers of 1000. */
export function byteUnitOf(bytes: number, units: ByteUnits): number {
  const base = units === 'binary' ? 1024 : 1000;
  return base ** unitIndex(bytes, base);
}

/**
 * `bytes` in a given unit (byteUnitOf) with `digits` decimals: the ticks of a chart's axis, all
 * in the unit of its top ("0 GiB", "10 GiB", "20 GiB", not "512.0 MiB" beside "1.00 GiB").
 */
export function formatBytesIn(
  bytes: number,
  unit: number,
  digits: number,
  units: ByteUnits = 'binary',
  locale: FormatLocale = formatLocale(),
): string {
  const base = units === 'binary' ? 1024 : 1000;
  const name = UNIT_NAMES[locale][units][Math.round(Math.log(unit) / Math.log(base))]!;
  return withUnit(bytes / unit, digits, name, locale);
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

/** A change in percent with its sign, to `decimals` places (a reconciliation's remainder needs two: −0.02 %). */
export function formatSignedPercent(percent: number | null, locale: FormatLocale = formatLocale(), decimals = 1): string {
  if (percent === null) return '–';
  const rounded = Math.round(percent * 10 ** decimals) / 10 ** decimals;
  const exactly = { min: decimals, max: decimals };
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

/** Whole decimal gigabytes, as a post writes round figures: "640 GB", "1,000 GB", "1.000 GB" in German. */
export function formatWholeGigabytes(gigabytes: number, locale: FormatLocale = formatLocale()): string {
  const whole = Math.round(gigabytes);
  const unit = UNIT_NAMES[locale].decimal[3]!;
  return `${formatCount(whole, locale)}${locale === 'en' ? ' ' : UNIT_SPACE}${unit}`;
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
 * The data a provider bills per GB-hour, with two decimals, in the units the reader chose. The
 * cost model counts a billed GB as a GiB (src/model/cost.ts): in binary units the figure is
 * written as what it is ("0.10 GiB", "0,10 ГиБ"), in decimal units as the same amount in GB
 * ("27.79 GiB" is "29.84 GB"), so that it agrees with the results shown beside it.
 */
export function formatBilledGigabytes(
  gibibytes: number,
  units: ByteUnits = 'binary',
  locale: FormatLocale = formatLocale(),
): string {
  const gigabytes = units === 'binary' ? gibibytes : (gibibytes * 1024 ** 3) / 1000 ** 3;
  return withUnit(gigabytes, 2, UNIT_NAMES[locale][units][3]!, locale);
}
