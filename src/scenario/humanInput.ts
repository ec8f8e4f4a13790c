import { formatLocale, type FormatLocale } from '../format/locale';
import type { InputProblem, ParseResult } from './inputProblem';
/**
 * Parses what people type into number fields: "1.5M", "632k", "2 KiB", "40 %", "1,000,000", and
 * in German or Russian "0,25" or "1.000.000". Returns the number or the problem with it
 * (src/scenario/inputProblem.ts); never guesses: what two conventions read differently is
 * refused where it matters (a whole number), and read the language's way where a decimal is allowed.
 */
export type { ParseResult } from './inputProblem';
export type Parsed = ParseResult<number>;

const problem = (error: InputProblem): Parsed => ({ ok: false, error });

const COUNT_SUFFIXES: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9, g: 1e9, t: 1e12 };
const BYTE_SUFFIXES: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1e3,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1e6,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1e9,
  gib: 1024 ** 3,
};

/** The mark a language writes decimals with: German and Russian write "0,25", the others "0.25". */
export function decimalMarkOf(locale: FormatLocale): '.' | ',' {
  return locale === 'de' || locale === 'ru' ? ',' : '.';
}

/** Digits read with `decimal` as the decimal mark and `group` between groups of three ("1,234.5"); null when they do not read so. */
function readDigits(body: string, decimal: '.' | ',', group: '.' | ','): number | null {
  const g = `\\${group}`;
  const m = new RegExp(`^(?:(\\d+)|([1-9]\\d{0,2}(?:${g}\\d{3})+))?(?:\\${decimal}(\\d+))?$`).exec(body);
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  const whole = m[1] ?? m[2]?.split(group).join('') ?? '0';
  return Number(`${whole}.${m[3] ?? '0'}`);
}

interface SplitNumber {
  number: number;
  suffix: string;
  /** What the other convention reads (German "1,250" is 1.25, English 1250), when it differs. */
  otherReading: number | null;
}

/**
 * A number, a power of ten and a unit suffix. The language's own convention reads first; text it
 * cannot read (German "1.5M" as the hints write it) is read the other way. Spaces between
 * groups of three ("1 000 000", as Russian groups) are grouping in every language.
 */
function splitNumber(text: string, locale: FormatLocale): SplitNumber | null {
  const compact = text.trim().replace(/(\d)[ \u00a0\u202f](?=\d{3}(?!\d))/g, '$1');
  const m = /^([+-]?)(\d[\d.,]*|[.,]\d+)(?:e([+-]?\d+))?\s*([a-z%]*)$/i.exec(compact);
  if (!m) return null;
  const body = m[2]!;
  const mark = decimalMarkOf(locale);
  const local = mark === ',' ? readDigits(body, ',', '.') : readDigits(body, '.', ',');
  const english = readDigits(body, '.', ',');
  const other = mark === ',' ? english : readDigits(body, ',', '.');
  const read = local ?? other;
  if (read === null) return null;
  const scale = (m[1] === '-' ? -1 : 1) * 10 ** Number(m[3] ?? 0);
  const number = read * scale;
  // Only a decimal comma where it is the language's own is doubted: German "1,250" is 1.25, and
  // 1250 to anyone used to English. German "1.250" is the language's own grouping (1250), as the
  // page itself writes it.
  const doubt =
    mark === ',' && body.includes(',') && local !== null && english !== null && english !== local ? english * scale : null;
  return Number.isFinite(number) ? { number, suffix: m[4]!.toLowerCase(), otherReading: doubt } : null;
}

/** "2.7k" is 2700.0000000000005 in binary floating point: what is whole to 1e-9 is whole. */
const isWhole = (value: number) => Math.abs(value - Math.round(value)) <= 1e-9 * Math.max(1, Math.abs(value));

function wholeNumber(n: SplitNumber, multiplier: number, text: string, what: string, min: number, max: number): Parsed {
  const value = n.number * multiplier;
  // German "1,250" is 1.25 there and 1250 in English; "1,000" is 1 or 1000: in a whole-number field either is a guess.
  if (n.otherReading !== null && isWhole(n.otherReading * multiplier)) {
    return problem({
      code: 'ambiguousNumber',
      field: what,
      text: text.trim(),
      reading: value,
      otherReading: n.otherReading * multiplier,
    });
  }
  if (!isWhole(value)) return problem({ code: 'notWhole', field: what });
  const v = Math.round(value) + 0; // + 0 turns -0 into 0
  if (v < min) return problem(min === 0 ? { code: 'negative', field: what } : { code: 'atLeast', field: what, limit: min });
  if (v > max) return problem({ code: 'aboveMaximum', field: what, limit: max });
  return { ok: true, value: v };
}

/** A count such as keys: "632k", "1.5M", "2,000,000". */
export function parseCount(text: string, what: string, min: number, max: number, locale = formatLocale()): Parsed {
  if (text.trim() === '') return problem({ code: 'empty', field: what });
  const n = splitNumber(text, locale);
  if (!n || !(n.suffix in COUNT_SUFFIXES)) return problem({ code: 'notANumber', field: what, text: text.trim() });
  return wholeNumber(n, COUNT_SUFFIXES[n.suffix]!, text, what, min, max);
}

/** A size in bytes: "16", "2 KiB", "1.5kb". A bare k/M means KiB/MiB. */
export function parseBytes(text: string, what: string, min: number, max: number, locale = formatLocale()): Parsed {
  if (text.trim() === '') return problem({ code: 'empty', field: what });
  const n = splitNumber(text, locale);
  if (!n || !(n.suffix in BYTE_SUFFIXES)) return problem({ code: 'notASize', field: what, text: text.trim() });
  return wholeNumber(n, BYTE_SUFFIXES[n.suffix]!, text, what, min, max);
}

/**
 * A percentage, the one way every form reads one: a number is a percent with or without its
 * sign ("25", "25 %", "0,5 %" in German), so "2" is 2 % and "0.5" is 0.5 %, never 50 %.
 */
export function parsePercent(text: string, what: string, min: number, max: number, locale = formatLocale()): Parsed {
  if (text.trim() === '') return problem({ code: 'empty', field: what });
  const n = splitNumber(text, locale);
  if (!n || (n.suffix !== '' && n.suffix !== '%')) return problem({ code: 'notAShare', field: what, text: text.trim() });
  const percent = n.number + 0;
  if (percent < min || percent > max) return problem({ code: 'percentRange', field: what, min, max });
  return { ok: true, value: percent };
}

/** A share of 0 to 1 typed as a percentage (parsePercent): "40", "40 %" and "40%" are 0.4. */
export function parseShare(text: string, what: string, locale = formatLocale()): Parsed {
  const percent = parsePercent(text, what, 0, 100, locale);
  return percent.ok ? { ok: true, value: percent.value / 100 } : percent;
}

/** A plain decimal number in a range, such as a fragmentation ratio "1.15" ("1,15" in German). */
export function parseDecimal(
  text: string,
  what: string,
  min: number,
  max: number,
  hints: { belowMin?: InputProblem; aboveMax?: InputProblem } = {},
  locale = formatLocale(),
): Parsed {
  const n = text.trim() === '' ? null : splitNumber(text, locale);
  if (!n || n.suffix !== '') return problem({ code: 'decimalExpected', field: what, example: min + 0.1 });
  const v = n.number + 0;
  if (v < min) return problem(hints.belowMin ?? { code: 'atLeast', field: what, limit: min });
  if (v > max) return problem(hints.aboveMax ?? { code: 'atMost', field: what, limit: max });
  return { ok: true, value: v };
}

/** A whole number that may be negative, such as list-max-listpack-size "-2". */
export function parseSignedCount(text: string, what: string, min: number, max: number, locale = formatLocale()): Parsed {
  const negative = text.trim().startsWith('-');
  const parsed = parseCount(text.trim().replace(/^-/, ''), what, 0, Math.max(max, -min), locale);
  if (!parsed.ok) return parsed;
  const value = (negative ? -parsed.value : parsed.value) + 0;
  if (value < min) return problem({ code: 'atLeast', field: what, limit: min });
  if (value > max) return problem({ code: 'aboveMaximum', field: what, limit: max });
  return { ok: true, value };
}
