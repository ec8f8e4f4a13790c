import type { InputProblem, ParseResult } from './inputProblem';
/**
 * Parses what people type into number fields: "1.5M", "632k", "2 KiB", "40%", "1,000,000".
 * Returns the number or the problem with it (src/scenario/inputProblem.ts); never guesses.
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

function splitNumber(text: string): { number: number; suffix: string } | null {
  const m = /^([+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[+-]?\.\d+)(?:e([+-]?\d+))?\s*([a-z%]*)$/i.exec(text.trim());
  if (!m) return null;
  const number = Number(m[1]!.replace(/,/g, '')) * 10 ** Number(m[2] ?? 0);
  return Number.isFinite(number) ? { number, suffix: m[3]!.toLowerCase() } : null;
}

function wholeNumber(value: number, what: string, min: number, max: number): Parsed {
  // "2.7k" is 2700.0000000000005 in binary floating point: accept what is whole to 1e-9.
  if (Math.abs(value - Math.round(value)) > 1e-9 * Math.max(1, Math.abs(value))) {
    return problem({ code: 'notWhole', field: what });
  }
  const v = Math.round(value);
  if (v < min) return problem(min === 0 ? { code: 'negative', field: what } : { code: 'atLeast', field: what, limit: min });
  if (v > max) return problem({ code: 'aboveMaximum', field: what, limit: max });
  return { ok: true, value: v };
}

/** A count such as keys: "632k", "1.5M", "2,000,000". */
export function parseCount(text: string, what: string, min: number, max: number): Parsed {
  if (text.trim() === '') return problem({ code: 'empty', field: what });
  const n = splitNumber(text);
  if (!n || !(n.suffix in COUNT_SUFFIXES)) return problem({ code: 'notANumber', field: what, text: text.trim() });
  return wholeNumber(n.number * COUNT_SUFFIXES[n.suffix]!, what, min, max);
}

/** A size in bytes: "16", "2 KiB", "1.5kb". A bare k/M means KiB/MiB. */
export function parseBytes(text: string, what: string, min: number, max: number): Parsed {
  if (text.trim() === '') return problem({ code: 'empty', field: what });
  const n = splitNumber(text);
  if (!n || !(n.suffix in BYTE_SUFFIXES)) return problem({ code: 'notASize', field: what, text: text.trim() });
  return wholeNumber(n.number * BYTE_SUFFIXES[n.suffix]!, what, min, max);
}

/** A share: "40%", "0.4", "100 %". */
export function parseShare(text: string, what: string): Parsed {
  if (text.trim() === '') return problem({ code: 'empty', field: what });
  const n = splitNumber(text);
  if (!n || (n.suffix !== '' && n.suffix !== '%')) return problem({ code: 'notAShare', field: what, text: text.trim() });
  const value = n.suffix === '%' || n.number > 1 ? n.number / 100 : n.number;
  if (value < 0 || value > 1) return problem({ code: 'shareRange', field: what });
  return { ok: true, value };
}

/** A plain decimal number in a range, such as a fragmentation ratio "1.15". */
export function parseDecimal(
  text: string,
  what: string,
  min: number,
  max: number,
  hints: { belowMin?: InputProblem; aboveMax?: InputProblem } = {},
): Parsed {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v)) return problem({ code: 'decimalExpected', field: what, example: min + 0.1 });
  if (v < min) return problem(hints.belowMin ?? { code: 'atLeast', field: what, limit: min });
  if (v > max) return problem(hints.aboveMax ?? { code: 'atMost', field: what, limit: max });
  return { ok: true, value: v };
}

/** A whole number that may be negative, such as list-max-listpack-size "-2". */
export function parseSignedCount(text: string, what: string, min: number, max: number): Parsed {
  const negative = text.trim().startsWith('-');
  const parsed = parseCount(text.trim().replace(/^-/, ''), what, 0, Math.max(max, -min));
  if (!parsed.ok) return parsed;
  const value = negative ? -parsed.value : parsed.value;
  if (value < min) return problem({ code: 'atLeast', field: what, limit: min });
  if (value > max) return problem({ code: 'aboveMaximum', field: what, limit: max });
  return { ok: true, value };
}
