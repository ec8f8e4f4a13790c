import { hashListpackRequest, intsetRequest, membersListpackRequest, type ElementSpec } from '../model/snapshotPricing';
import type { EncodingThresholds } from '../model';
import { SizeHistogram, SizePairs } from './histogram';
import type { KeyType } from './records';

/** What a part reads of a key (families.ts: FamilyKey). */
export interface PartKey {
  keyLength: number;
  type: KeyType;
  hasTtl: boolean;
  /** String: the value's length; collections: elements per key. */
  valueSize: number;
  elements: ReadonlyArray<{ member: ElementSpec; count: number }>;
  pairs: ReadonlyArray<{ field: ElementSpec; value: ElementSpec; count: number }>;
  allIntegers: boolean;
  volatileFields: number;
  scoreEntryBytes: number;
  onlyNodeBytes: number;
}

/**
 * The kind of key a family's key is, as far as its sizes alone cannot tell: a string's value an
 * integer or bytes; a collection's encoding under the thresholds (each key picks it by its element
 * count AND its longest element together, which a family's separate histograms cannot recover);
 * a hash with fields of their own TTL apart. Keys of one part share what the model takes as one
 * for a whole workload.
 */
export type FamilyPartKind =
  | 'int'
  | 'bytes'
  | 'listpack'
  | 'hashtable'
  | 'intset'
  | 'skiplist'
  | 'quicklist'
  | 'listpack, field TTLs'
  | 'hashtable, field TTLs'
  | 'other'
  /** Parts of several kinds merged (a scenario with more workloads than it may hold). */
  | 'mixed';

/** Keys of one kind within a family, with the exact (or bucketed, see SizeHistogram) sizes the scenario carries. */
export class FamilyPart {
  keys = 0;
  ttlKeys = 0;
  /** Keys whose value (or every element) is an integer. */
  integerKeys = 0;
  volatileKeys = 0;
  volatileFields = 0;
  /** Elements (hash fields, members, list elements) over all keys. */
  elements = 0;
  readonly keyLength: SizeHistogram;
  /** Strings: value length; collections: elements per key. */
  readonly valueSize: SizeHistogram;
  /** Each element's length (hashes: each value's), counted once per element. */
  readonly elementSize: SizeHistogram;
  /** Hashes: each field name's length. */
  readonly fieldNameLength: SizeHistogram;
  /** Listpack and intset parts: each key's listpack or intset bytes (compactBytesOf). */
  readonly compactBytes: SizeHistogram;
  /** Hashes: each field's name and value lengths together. */
  readonly fieldValuePairs: SizePairs;

  constructor(
    readonly kind: FamilyPartKind,
    exactSizes?: number,
  ) {
    this.keyLength = new SizeHistogram(exactSizes);
    this.valueSize = new SizeHistogram(exactSizes);
    this.elementSize = new SizeHistogram(exactSizes);
    this.fieldNameLength = new SizeHistogram(exactSizes);
    this.compactBytes = new SizeHistogram(exactSizes);
    this.fieldValuePairs = new SizePairs(exactSizes);
  }

  /** Whether the part's keys are listpacks or intsets, whose bytes it counts key by key. */
  get compact(): boolean {
    return this.kind === 'listpack' || this.kind === 'intset';
  }

  add(k: PartKey): void {
    if (this.compact) this.compactBytes.add(compactBytesOf(k, this.kind));
    this.keys++;
    if (k.hasTtl) this.ttlKeys++;
    if (k.allIntegers) this.integerKeys++;
    if (k.volatileFields > 0) this.volatileKeys++;
    this.volatileFields += k.volatileFields;
    this.keyLength.add(k.keyLength);
    this.valueSize.add(k.valueSize);
    const elements = k.elements;
    for (let i = 0; i < elements.length; i++) {
      this.elementSize.add(elements[i]!.member.length, elements[i]!.count);
      this.elements += elements[i]!.count;
    }
    const pairs = k.pairs;
    for (let i = 0; i < pairs.length; i++) {
      const p = pairs[i]!;
      this.elementSize.add(p.value.length, p.count);
      this.fieldNameLength.add(p.field.length, p.count);
      this.fieldValuePairs.add(p.field.length, p.value.length, p.count);
      this.elements += p.count;
    }
  }

  merge(other: FamilyPart): void {
    this.keys += other.keys;
    this.ttlKeys += other.ttlKeys;
    this.integerKeys += other.integerKeys;
    this.volatileKeys += other.volatileKeys;
    this.volatileFields += other.volatileFields;
    this.elements += other.elements;
    this.keyLength.merge(other.keyLength);
    this.valueSize.merge(other.valueSize);
    this.elementSize.merge(other.elementSize);
    this.fieldNameLength.merge(other.fieldNameLength);
    this.compactBytes.merge(other.compactBytes);
    this.fieldValuePairs.merge(other.fieldValuePairs);
  }
}

/** The bytes of a listpack or intset key's compact encoding (a list's: its one node), as the model requests them. */
function compactBytesOf(k: PartKey, kind: FamilyPartKind): number {
  switch (k.type) {
    case 'list':
      return k.onlyNodeBytes;
    case 'hash':
      return hashListpackRequest(k.pairs);
    case 'set':
      return kind === 'intset' ? intsetRequest(k.elements, k.valueSize) : membersListpackRequest(k.elements);
    case 'zset':
      return membersListpackRequest(k.elements, k.scoreEntryBytes);
    default:
      return 0;
  }
}

/** The longest element of a key (hashes: field or value). */
function longestElement(k: PartKey): number {
  let longest = 0;
  for (const e of k.elements) longest = Math.max(longest, e.member.length);
  for (const p of k.pairs) longest = Math.max(longest, p.field.length, p.value.length);
  return longest;
}

/** Which part of its family a key belongs to, by the thresholds the file is sized with. */
export function partKindOf(k: PartKey, t: EncodingThresholds): FamilyPartKind {
  const n = k.valueSize;
  switch (k.type) {
    case 'string':
      return k.allIntegers ? 'int' : 'bytes';
    case 'hash': {
      const compact = n <= t.hashMaxListpackEntries && longestElement(k) <= t.hashMaxListpackValue;
      if (k.volatileFields > 0) return compact ? 'listpack, field TTLs' : 'hashtable, field TTLs';
      return compact ? 'listpack' : 'hashtable';
    }
    case 'set':
      if (k.allIntegers && n <= t.setMaxIntsetEntries) return 'intset';
      return n <= t.setMaxListpackEntries && longestElement(k) <= t.setMaxListpackValue ? 'listpack' : 'hashtable';
    case 'zset':
      return n <= t.zsetMaxListpackEntries && longestElement(k) <= t.zsetMaxListpackValue ? 'listpack' : 'skiplist';
    case 'list':
      // A list of one listpack node is that listpack: its bytes are known key by key.
      return k.onlyNodeBytes > 0 ? 'listpack' : 'quicklist';
    default:
      return 'other';
  }
}
