import { integerElement, stringElement, type ElementSpec } from '../model/elements';

/**
 * How the reader describes one element (hash field or value, member, list element) to the model:
 * an integer where the server would store one, else a string of its length.
 */

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/**
 * Specs of short strings and small integers, made once and shared (frozen: nothing may change
 * one): a file has millions of elements and few distinct small ones, so reading them allocates
 * nothing.
 */
const SHARED_STRING_LENGTHS = 4096;
const SHARED_INTEGERS_FROM = -4096;
const SHARED_INTEGERS_TO = 4096;
const sharedStrings: ElementSpec[] = Array.from({ length: SHARED_STRING_LENGTHS }, (_, n) => Object.freeze(stringElement(n)));
const sharedIntegers: ElementSpec[] = Array.from({ length: SHARED_INTEGERS_TO - SHARED_INTEGERS_FROM }, (_, i) =>
  Object.freeze(integerElement(i + SHARED_INTEGERS_FROM)),
);

/** The length of a safe integer's decimal form (what String(value).length gives), without the string. */
function decimalLength(value: number): number {
  const magnitude = value < 0 ? -value : value;
  let digits = 1;
  while (digits < POWERS_OF_TEN.length && magnitude >= POWERS_OF_TEN[digits]!) digits++;
  return value < 0 ? digits + 1 : digits;
}
/** 10^0 to 10^16 (exact as doubles): a safe integer has at most 16 digits. */
const POWERS_OF_TEN = Array.from({ length: 17 }, (_, k) => 10 ** k);

/** An integer element from its value, with the length of its decimal form. */
export function integerSpec(value: number | bigint): ElementSpec {
  if (typeof value === 'bigint') return integerElement(Number(value), value.toString());
  if (value >= SHARED_INTEGERS_FROM && value < SHARED_INTEGERS_TO) return sharedIntegers[value - SHARED_INTEGERS_FROM]!;
  if (Number.isSafeInteger(value)) return { kind: 'int', value, length: decimalLength(value) };
  return integerElement(value);
}

/** A string element of `length` bytes. */
export function stringLengthSpec(length: number): ElementSpec {
  return length < SHARED_STRING_LENGTHS ? sharedStrings[length]! : stringElement(length);
}

/** Decimal digits below this many are parsed as a number exactly (below 2^53). */
const EXACT_DIGITS = 15;

/**
 * A string element: an integer when it is the canonical decimal form of a 64-bit integer (what
 * the server's string2ll accepts, so what it stores as an integer), else a string. The string is
 * bytes[from, from + length) when `bytes` holds it whole.
 */
export function stringSpec(bytes: Uint8Array | null, length: number, from = 0): ElementSpec {
  if (bytes !== null && length <= 20 && length > 0 && bytes.length - from >= length && isCanonicalInteger(bytes, length, from)) {
    const negative = bytes[from] === 0x2d;
    if (length - (negative ? 1 : 0) <= EXACT_DIGITS) {
      let value = 0;
      for (let i = negative ? from + 1 : from; i < from + length; i++) value = value * 10 + (bytes[i]! - 0x30);
      return integerSpec(negative ? -value : value);
    }
    return integerSpec(BigInt(asciiText(bytes, length, from)));
  }
  return stringLengthSpec(length);
}

function asciiText(bytes: Uint8Array, length: number, from = 0): string {
  let text = '';
  for (let i = from; i < from + length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

/** "0", or an optional minus and digits without a leading zero, within 64 bits. */
export function isCanonicalInteger(bytes: Uint8Array, length: number, from = 0): boolean {
  let i = from;
  const end = from + length;
  if (bytes[from] === 0x2d) {
    if (length === 1) return false;
    i = from + 1;
  }
  if (bytes[i] === 0x30) return length === 1; // "0" alone; "-0" and "01" are strings
  for (let k = i; k < end; k++) {
    const c = bytes[k]!;
    if (c < 0x30 || c > 0x39) return false;
  }
  if (end - i < 19) return true;
  const value = BigInt(asciiText(bytes, length, from));
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** The size an element contributes to the families' histograms: its length as text. */
export function elementLength(spec: ElementSpec): number {
  return spec.length;
}

/**
 * A numeric key under which elements that cost the same on every line are counted together:
 * strings by length; integers by the length of their text and the widths the listpack and the
 * intset give them.
 */
export function elementClass(spec: ElementSpec): number {
  if (spec.kind === 'string') return spec.length;
  return -(1 + spec.length * 32 + listpackIntegerClass(spec.value) * 3 + intsetWidthClass(spec.value));
}

function listpackIntegerClass(v: number): number {
  if (v >= 0 && v <= 127) return 0;
  if (v >= -4096 && v <= 4095) return 1;
  if (v >= -32_768 && v <= 32_767) return 2;
  if (v >= -8_388_608 && v <= 8_388_607) return 3;
  if (v >= -2_147_483_648 && v <= 2_147_483_647) return 4;
  return 5;
}

function intsetWidthClass(v: number): number {
  if (v >= -32_768 && v <= 32_767) return 0;
  if (v >= -2_147_483_648 && v <= 2_147_483_647) return 1;
  return 2;
}

/** Elements counted by cost class, in the order first seen. */
export class ElementTally {
  private readonly groups = new Map<number, { member: ElementSpec; count: number }>();
  total = 0;
  lengthSum = 0;

  add(spec: ElementSpec): void {
    const key = elementClass(spec);
    const group = this.groups.get(key);
    if (group) group.count++;
    else this.groups.set(key, { member: spec, count: 1 });
    this.total++;
    this.lengthSum += spec.length;
  }

  members(): { member: ElementSpec; count: number }[] {
    return [...this.groups.values()];
  }

  get distinctClasses(): number {
    return this.groups.size;
  }
}

/** Hash fields counted by the cost classes of field and value. */
export class PairTally {
  private readonly groups = new Map<number, Map<number, { field: ElementSpec; value: ElementSpec; count: number }>>();
  total = 0;
  fieldLengthSum = 0;
  valueLengthSum = 0;

  add(field: ElementSpec, value: ElementSpec): void {
    const fieldKey = elementClass(field);
    let byValue = this.groups.get(fieldKey);
    if (!byValue) this.groups.set(fieldKey, (byValue = new Map()));
    const valueKey = elementClass(value);
    const group = byValue.get(valueKey);
    if (group) group.count++;
    else byValue.set(valueKey, { field, value, count: 1 });
    this.total++;
    this.fieldLengthSum += field.length;
    this.valueLengthSum += value.length;
  }

  pairs(): { field: ElementSpec; value: ElementSpec; count: number }[] {
    const all: { field: ElementSpec; value: ElementSpec; count: number }[] = [];
    for (const byValue of this.groups.values()) for (const g of byValue.values()) all.push(g);
    return all;
  }
}
