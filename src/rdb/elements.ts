import { integerElement, stringElement, type ElementSpec } from '../model/elements';

/**
 * How the reader describes one element (hash field or value, member, list element) to the model:
 * an integer where the server would store one, else a string of its length.
 */

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** An integer element from its value, with the length of its decimal form. */
export function integerSpec(value: number | bigint): ElementSpec {
  return integerElement(Number(value), value.toString());
}

/**
 * A string element: an integer when it is the canonical decimal form of a 64-bit integer (what
 * the server's string2ll accepts, so what it stores as an integer), else a string.
 */
export function stringSpec(bytes: Uint8Array | null, length: number): ElementSpec {
  if (bytes !== null && length <= 20 && length > 0 && bytes.length >= length && isCanonicalInteger(bytes, length)) {
    return integerSpec(BigInt(asciiText(bytes, length)));
  }
  return stringElement(length);
}

function asciiText(bytes: Uint8Array, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

/** "0", or an optional minus and digits without a leading zero, within 64 bits. */
export function isCanonicalInteger(bytes: Uint8Array, length: number): boolean {
  let i = 0;
  if (bytes[0] === 0x2d) {
    if (length === 1) return false;
    i = 1;
  }
  if (bytes[i] === 0x30) return length === 1; // "0" alone; "-0" and "01" are strings
  for (let k = i; k < length; k++) {
    const c = bytes[k]!;
    if (c < 0x30 || c > 0x39) return false;
  }
  if (length - i < 19) return true;
  const value = BigInt(asciiText(bytes, length));
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
