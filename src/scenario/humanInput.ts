import { formatCount } from '../format/count';
/**
 * Parses what people type into number fields: "1.5M", "632k", "2 KiB", "40%", "1,000,000".
 * Returns the number or a message that says what is wrong; never guesses.
 */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };
export type Parsed = ParseResult<number>;

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

function splitNumber(text: string): { number: number; suffix: string } | null {
  const m = /^([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[+-]?\.\d+)(?:e([+-]?\d+))?\s*([a-z%]*)$/i.exec(text.trim());
  if (!m) return null;
  const number = Number(m[1]!.replace(/,/g, '')) * 10 ** Number(m[2] ?? 0);
  return Number.isFinite(number) ? { number, suffix: m[3]!.toLowerCase() } : null;
}

function wholeNumber(value: number, what: string, min: number, max: number): Parsed {
  // "2.7k" is 2700.0000000000005 in binary floating point: accept what is whole to 1e-9.
  if (Math.abs(value - Math.round(value)) > 1e-9 * Math.max(1, Math.abs(value))) {
    return { ok: false, error: `${what} must be a whole number` };
  }
  const v = Math.round(value);
  if (v < min) return { ok: false, error: min === 0 ? `${what} cannot be negative` : `${what} must be at least ${min}` };
  if (v > max) return { ok: false, error: `${what} is above the supported maximum of ${formatCount(max)}` };
  return { ok: true, value: v };
}

/** A count such as keys: "632k", "1.5M", "2,000,000". */
export function parseCount(text: string, what: string, min: number, max: number): Parsed {
  if (text.trim() === '') return { ok: false, error: `${what} is empty` };
  const n = splitNumber(text);
  if (!n || !(n.suffix in COUNT_SUFFIXES))
    return { ok: false, error: `${what}: "${text.trim()}" is not a number (try 632k or 1.5M)` };
  return wholeNumber(n.number * COUNT_SUFFIXES[n.suffix]!, what, min, max);
}

/** A size in bytes: "16", "2 KiB", "1.5kb". A bare k/M means KiB/MiB. */
export function parseBytes(text: string, what: string, min: number, max: number): Parsed {
  if (text.trim() === '') return { ok: false, error: `${what} is empty` };
  const n = splitNumber(text);
  if (!n || !(n.suffix in BYTE_SUFFIXES))
    return { ok: false, error: `${what}: "${text.trim()}" is not a size (try 16, 700 B or 2 KiB)` };
  return wholeNumber(n.number * BYTE_SUFFIXES[n.suffix]!, what, min, max);
}

/** A share: "40%", "0.4", "100 %". */
export function parseShare(text: string, what: string): Parsed {
  if (text.trim() === '') return { ok: false, error: `${what} is empty` };
  const n = splitNumber(text);
  if (!n || (n.suffix !== '' && n.suffix !== '%'))
    return { ok: false, error: `${what}: "${text.trim()}" is not a share (try 40% or 0.4)` };
  const value = n.suffix === '%' || n.number > 1 ? n.number / 100 : n.number;
  if (value < 0 || value > 1) return { ok: false, error: `${what} is a share from 0 to 100 %` };
  return { ok: true, value };
}

/** A plain decimal number in a range, such as a fragmentation ratio "1.15". */
export function parseDecimal(
  text: string,
  what: string,
  min: number,
  max: number,
  hints: { belowMin?: string; aboveMax?: string } = {},
): Parsed {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v)) return { ok: false, error: `${what}: a number such as ${min + 0.1}` };
  if (v < min) return { ok: false, error: hints.belowMin ?? `${what} is at least ${min}` };
  if (v > max) return { ok: false, error: hints.aboveMax ?? `${what} is at most ${max}` };
  return { ok: true, value: v };
}

/** A whole number that may be negative, such as list-max-listpack-size "-2". */
export function parseSignedCount(text: string, what: string, min: number, max: number): Parsed {
  const negative = text.trim().startsWith('-');
  const parsed = parseCount(text.trim().replace(/^-/, ''), what, 0, Math.max(max, -min));
  if (!parsed.ok) return parsed;
  const value = negative ? -parsed.value : parsed.value;
  if (value < min) return { ok: false, error: `${what} is at least ${min}` };
  if (value > max) return { ok: false, error: `${what} is above the supported maximum of ${formatCount(max)}` };
  return { ok: true, value };
}
