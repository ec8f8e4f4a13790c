import { integerElement, stringElement, type ElementSpec } from '../model/snapshotPricing';

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

/**
 * Empties an array that is filled again for the next key. Popping keeps a small array's room,
 * where setting its length to 0 is a runtime call that lets the room go.
 */
export function emptied<T>(array: T[]): void {
  while (array.length > 0) array.pop();
}

/**
 * Groups are found by a scan while there are few (a key's elements fall into a handful of cost
 * classes), and through a Map once there are more: a Map per key costs more than it saves.
 */
const SCANNED_GROUPS = 16;

/**
 * Elements counted by cost class, in the order first seen. The reader keeps one tally per value
 * type and reset()s it for each key: its arrays and group objects are reused, nothing is
 * allocated per key once the tally has held as many groups.
 */
export class ElementTally {
  private readonly classes: number[] = [];
  private readonly groups: { member: ElementSpec; count: number }[] = [];
  /** Group objects of earlier keys, handed out again (groups[i] is spare[i] while both exist). */
  private readonly spare: { member: ElementSpec; count: number }[] = [];
  private readonly index = new Map<number, number>();
  private indexed = false;
  total = 0;
  lengthSum = 0;

  /** Empties the tally for the next key. */
  reset(): void {
    emptied(this.classes);
    emptied(this.groups);
    if (this.indexed) this.index.clear();
    this.indexed = false;
    this.total = 0;
    this.lengthSum = 0;
  }

  add(spec: ElementSpec): void {
    const key = elementClass(spec);
    const at = this.find(key);
    if (at >= 0) this.groups[at]!.count++;
    else {
      const next = this.groups.length;
      if (this.indexed) this.index.set(key, next);
      this.classes.push(key);
      let group = this.spare[next];
      if (group === undefined) this.spare.push((group = { member: spec, count: 1 }));
      else {
        group.member = spec;
        group.count = 1;
      }
      this.groups.push(group);
      if (!this.indexed && this.classes.length > SCANNED_GROUPS) {
        this.indexed = true;
        for (let i = 0; i < this.classes.length; i++) this.index.set(this.classes[i]!, i);
      }
    }
    this.total++;
    this.lengthSum += spec.length;
  }

  private find(key: number): number {
    if (this.indexed) return this.index.get(key) ?? -1;
    const classes = this.classes;
    for (let i = 0; i < classes.length; i++) if (classes[i] === key) return i;
    return -1;
  }

  /** The groups themselves (not a copy: read, never change or keep them). */
  members(): readonly { member: ElementSpec; count: number }[] {
    return this.groups;
  }

  get distinctClasses(): number {
    return this.groups.length;
  }
}

/**
 * Hash fields counted by the cost classes of field and value. pairs() lists them grouped by field
 * class in the order each field class was first seen, and within one by value class first seen.
 * Reused from key to key as ElementTally is (reset()).
 */
export class PairTally {
  private readonly fieldClasses: number[] = [];
  private readonly valueClasses: number[] = [];
  /** Per group: the order in which its field class was first seen. */
  private readonly fieldRanks: number[] = [];
  private readonly groups: { field: ElementSpec; value: ElementSpec; count: number }[] = [];
  /** Group objects of earlier keys, handed out again (groups[i] is spare[i] while both exist). */
  private readonly spare: { field: ElementSpec; value: ElementSpec; count: number }[] = [];
  private index: Map<number, Map<number, number>> | null = null;
  /** Field classes in the order first seen: a group's rank is its field class's place here. */
  private readonly fieldOrder: number[] = [];
  /** Whether the groups are already in pairs() order. */
  private ordered = true;
  /** The groups in pairs() order once sorted (pairs() is asked several times per key), until the next add. */
  private readonly sorted: { field: ElementSpec; value: ElementSpec; count: number }[] = [];
  /** Where the next group of each field rank goes in `sorted` (the counting sort's counts). */
  private readonly nextOfRank: number[] = [];
  private sortedNow = false;
  total = 0;
  fieldLengthSum = 0;
  valueLengthSum = 0;

  /** Empties the tally for the next key. */
  reset(): void {
    emptied(this.fieldClasses);
    emptied(this.valueClasses);
    emptied(this.fieldRanks);
    emptied(this.groups);
    emptied(this.fieldOrder);
    this.index = null;
    this.ordered = true;
    this.sortedNow = false;
    this.total = 0;
    this.fieldLengthSum = 0;
    this.valueLengthSum = 0;
  }

  add(field: ElementSpec, value: ElementSpec): void {
    const fieldKey = elementClass(field);
    const valueKey = elementClass(value);
    const at = this.find(fieldKey, valueKey);
    if (at >= 0) this.groups[at]!.count++;
    else {
      this.insert(fieldKey, valueKey, field, value);
      this.sortedNow = false;
    }
    this.total++;
    this.fieldLengthSum += field.length;
    this.valueLengthSum += value.length;
  }

  private find(fieldKey: number, valueKey: number): number {
    if (this.index !== null) return this.index.get(fieldKey)?.get(valueKey) ?? -1;
    const fields = this.fieldClasses;
    for (let i = 0; i < fields.length; i++) if (fields[i] === fieldKey && this.valueClasses[i] === valueKey) return i;
    return -1;
  }

  private insert(fieldKey: number, valueKey: number, field: ElementSpec, value: ElementSpec): void {
    let rank = this.fieldOrder.indexOf(fieldKey);
    if (rank < 0) rank = this.fieldOrder.push(fieldKey) - 1;
    const at = this.groups.length;
    if (at > 0 && rank < this.fieldRanks[at - 1]!) this.ordered = false;
    this.fieldClasses.push(fieldKey);
    this.valueClasses.push(valueKey);
    this.fieldRanks.push(rank);
    let group = this.spare[at];
    if (group === undefined) this.spare.push((group = { field, value, count: 1 }));
    else {
      group.field = field;
      group.value = value;
      group.count = 1;
    }
    this.groups.push(group);
    if (this.index !== null) this.indexGroup(at);
    else if (this.groups.length > SCANNED_GROUPS) {
      this.index = new Map();
      for (let i = 0; i < this.groups.length; i++) this.indexGroup(i);
    }
  }

  private indexGroup(at: number): void {
    const fieldKey = this.fieldClasses[at]!;
    let byValue = this.index!.get(fieldKey);
    if (!byValue) this.index!.set(fieldKey, (byValue = new Map()));
    byValue.set(this.valueClasses[at]!, at);
  }

  /** The groups in order (not a copy when they are already: read, never change or keep them). */
  pairs(): readonly { field: ElementSpec; value: ElementSpec; count: number }[] {
    if (this.ordered) return this.groups;
    if (!this.sortedNow) {
      // A stable counting sort by field rank, into reused arrays: groups of one field class keep
      // the order they were added in.
      const groups = this.groups;
      const ranks = this.fieldRanks;
      const next = this.nextOfRank;
      emptied(next);
      for (let r = 0; r <= this.fieldOrder.length; r++) next.push(0);
      for (let i = 0; i < groups.length; i++) next[ranks[i]! + 1]!++;
      for (let r = 1; r < next.length; r++) next[r]! += next[r - 1]!;
      const sorted = this.sorted;
      emptied(sorted);
      for (let i = 0; i < groups.length; i++) sorted.push(groups[i]!);
      for (let i = 0; i < groups.length; i++) sorted[next[ranks[i]!]!++] = groups[i]!;
      this.sortedNow = true;
    }
    return this.sorted;
  }
}
