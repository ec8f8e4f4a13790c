import type { ElementSpec } from '../model/snapshotPricing';
import { DEFAULT_THRESHOLDS, type EncodingThresholds } from '../model';
import { FamilyPart, partKindOf } from './familyParts';
import { keyText, keyTypeIndex, type KeyBytes, type KeyType } from './records';
import { Log2Histogram, type HistogramSummary } from './histogram';
import { utf8Bytes } from './text';

export interface FamilyOptions {
  /** What separates a key's segments ('' treats each key as one segment). */
  delimiter: string;
  /** Segments kept; the rest of a longer key becomes one '*'. */
  depth: number;
  /** Patterns tracked while reading; keys of patterns beyond these go to "(other)" at once. */
  maxTracked: number;
  /** Families reported, by bytes on the ranking line; the rest merge into "(other)". */
  maxReported: number;
  /** Largest keys kept per family. */
  topKeys: number;
  /** Distinct sizes each of a family's size histograms counts one by one (default EXACT_SIZES, see SizeHistogram). */
  exactSizes?: number;
}

export const DEFAULT_FAMILY_OPTIONS: FamilyOptions = {
  delimiter: ':',
  depth: 3,
  maxTracked: 2000,
  maxReported: 30,
  topKeys: 5,
};

/** The name of the family that gathers patterns past the limits. */
export const OTHER_PATTERN = '(other)';

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/**
 * codes[from, to) is an identifier: digits (with a sign), a UUID, or a hex id of 8+ characters
 * with a digit. `codes` are a key's bytes, or a text's code units with every one past ASCII as
 * 0xff (asciiCodes): only ASCII characters make identifiers, so both give the same answer.
 */
function isIdentifier(codes: Uint8Array, from: number, to: number): boolean {
  const length = to - from;
  if (length === 0) return false;
  let i = codes[from] === 45 && length > 1 ? from + 1 : from;
  let digits = true;
  for (let k = i; k < to && digits; k++) digits = isDigit(codes[k]!);
  if (digits) return true;
  if (length === 36) {
    for (i = from; i < to; i++) {
      const c = codes[i]!;
      const dash = i - from === 8 || i - from === 13 || i - from === 18 || i - from === 23;
      if (dash ? c !== 45 : !isHexDigit(c)) break;
    }
    if (i === to) return true;
  }
  if (length < 8) return false;
  let anyDigit = false;
  for (i = from; i < to; i++) {
    const c = codes[i]!;
    if (!isHexDigit(c)) return false;
    if (isDigit(c)) anyDigit = true;
  }
  return anyDigit;
}

/** A text's code units for isIdentifier: ASCII as it is, anything else 0xff. */
function asciiCodes(text: string): Uint8Array {
  const codes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    codes[i] = c < 0x80 ? c : 0xff;
  }
  return codes;
}

/** A segment that is an identifier (digits, a UUID, or a hex id of 8+ characters with a digit) becomes '*'. */
export function foldSegment(segment: string): string {
  return isIdentifier(asciiCodes(segment), 0, segment.length) ? '*' : segment;
}

/** A key's family pattern: its first `depth` segments folded, and '*' for any rest. */
export function keyPattern(key: string, delimiter: string, depth: number): string {
  if (delimiter === '') return foldSegment(key);
  const codes = asciiCodes(key);
  let pattern = '';
  let from = 0;
  for (let segment = 0; ; segment++) {
    if (segment === depth) return pattern + '*';
    const at = key.indexOf(delimiter, from);
    const to = at < 0 ? key.length : at;
    pattern += isIdentifier(codes, from, to) ? '*' : key.slice(from, to);
    if (at < 0) return pattern;
    pattern += delimiter;
    from = at + delimiter.length;
  }
}

/** What a family entry of KeyBytesIndex points to: the family, and whether its keys count as untracked. */
interface IndexedFamily {
  signature: Uint8Array;
  type: KeyType;
  family: FamilyStats;
  untracked: boolean;
}

// Signature marks: each segment starts with one (a literal then has a 2-byte length and its bytes).
const SIGN_IDENTIFIER = 0;
const SIGN_LITERAL = 1;
const SIGN_END = 2;
const SIGN_MORE = 3;

/**
 * Families found from a key's bytes, without its text or pattern being made: the key is cut into
 * segments as keyPattern cuts its text, and written as a signature (an identifier as one mark,
 * any other segment as its bytes), which is hashed and compared byte for byte. Keys with one
 * signature have one pattern: a delimiter's bytes are found in a key's bytes exactly where its
 * text has it (UTF-8 is self-synchronising, and the lenient decoding turns a bad byte into U+FFFD
 * alone), and a segment's bytes decode as that stretch of the key's text. Only the first key of
 * a signature gets its text and pattern (keyPattern). At most `limit` signatures are kept;
 * keys past that take the text path.
 */
class KeyBytesIndex {
  private signature = new Uint8Array(1024);
  private signatureLength = 0;
  private hash = 0;
  private readonly buckets = new Map<number, IndexedFamily[]>();
  private size = 0;

  /** `delimiter` as UTF-8 (null: one that no decoded text holds), or empty: the key is one segment. */
  constructor(
    private readonly delimiter: Uint8Array | null,
    private readonly depth: number,
    private readonly limit: number,
  ) {}

  /** The family of the signature of key[from, to), or undefined (the signature is kept for remember()). */
  find(key: Uint8Array, from: number, to: number, type: KeyType): IndexedFamily | undefined {
    this.sign(key, from, to, type);
    const bucket = this.buckets.get(this.hash);
    if (bucket === undefined) return undefined;
    const n = this.signatureLength;
    const signature = this.signature;
    for (const entry of bucket) {
      const other = entry.signature;
      if (entry.type !== type || other.length !== n) continue;
      let i = 0;
      while (i < n && other[i] === signature[i]) i++;
      if (i === n) return entry;
    }
    return undefined;
  }

  /** Files the signature of the last find() under its family. */
  remember(type: KeyType, family: FamilyStats, untracked: boolean): void {
    if (this.size >= this.limit) return;
    let bucket = this.buckets.get(this.hash);
    if (bucket === undefined) this.buckets.set(this.hash, (bucket = []));
    bucket.push({ signature: this.signature.slice(0, this.signatureLength), type, family, untracked });
    this.size++;
  }

  /** Writes the signature of the key held in key[keyFrom, keyEnd). */
  private sign(key: Uint8Array, keyFrom: number, keyEnd: number, type: KeyType): void {
    // Marks take 4 bytes a segment at most, and there are at most depth + 1 of them.
    const most = keyEnd - keyFrom + 4 * (this.depth + 2);
    if (most > this.signature.length) this.signature = new Uint8Array(most * 2);
    const out = this.signature;
    const delimiter = this.delimiter;
    let n = 0;
    let from = keyFrom;
    for (let segment = 0; ; segment++) {
      if (segment === this.depth && delimiter !== null && delimiter.length > 0) {
        out[n++] = SIGN_MORE;
        break;
      }
      const at = delimiter === null || delimiter.length === 0 ? -1 : indexOfBytes(key, delimiter, from, keyEnd);
      const to = at < 0 ? keyEnd : at;
      if (isIdentifier(key, from, to)) out[n++] = SIGN_IDENTIFIER;
      else {
        out[n++] = SIGN_LITERAL;
        out[n++] = (to - from) >> 8;
        out[n++] = (to - from) & 0xff;
        for (let i = from; i < to; i++) out[n++] = key[i]!;
      }
      if (at < 0) {
        out[n++] = SIGN_END;
        break;
      }
      from = at + delimiter!.length;
    }
    let h = 0x811c9dc5 ^ keyTypeIndex(type);
    for (let i = 0; i < n; i++) h = Math.imul(h ^ out[i]!, 0x01000193);
    this.signatureLength = n;
    // Kept to 30 bits: a small integer is a Map key without a boxed number per lookup.
    this.hash = h & 0x3fffffff;
  }
}

/** Where `needle` (not empty) first occurs in bytes[from, end), or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from: number, end: number): number {
  const first = needle[0]!;
  const last = end - needle.length;
  for (let i = from; i <= last; i++) {
    if (bytes[i] !== first) continue;
    let k = 1;
    while (k < needle.length && bytes[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

/** What the family builder is told of one key. Its bytes' text is made only when a family keeps its name. */
export interface FamilyKey extends KeyBytes {
  keyLength: number;
  type: KeyType;
  hasTtl: boolean;
  /** Seconds from the file's creation to the key's expiry (negative: already expired), or null. */
  ttlSeconds: number | null;
  /** String: the value's length; collections: elements per key. */
  valueSize: number;
  /** Sets, sorted sets and lists: the element groups as the reader tallied them (`count` elements like `member`). */
  elements: ReadonlyArray<{ member: ElementSpec; count: number }>;
  /** Hashes: the field and value groups as the reader tallied them (`count` pairs like `field` and `value`). */
  pairs: ReadonlyArray<{ field: ElementSpec; value: ElementSpec; count: number }>;
  /** Every value (string) or element is an integer. */
  allIntegers: boolean;
  volatileFields: number;
  /** Sorted sets: the listpack bytes of the scores as the file holds them. */
  scoreEntryBytes: number;
  /** Lists of one listpack node (and no plain node): that node's bytes; other keys 0. */
  onlyNodeBytes: number;
  fileBytes: number;
  /** The key's own bytes on each build of the sizer (0 for keys not planned). */
  bytesPerBuild: ArrayLike<number>;
}

export interface TopKey {
  key: string;
  /** The key's own bytes on the ranking line (without its share of the keyspace tables). */
  bytes: number;
  fileBytes: number;
}

/** A family while the file is read. */
export class FamilyStats {
  keys = 0;
  ttlKeys = 0;
  volatileKeys = 0;
  volatileFields = 0;
  integerKeys = 0;
  fileBytes = 0;
  readonly keyLength = new Log2Histogram();
  readonly valueSize = new Log2Histogram();
  readonly elementSize = new Log2Histogram();
  readonly fieldNameLength = new Log2Histogram();
  readonly ttlSeconds = new Log2Histogram();
  readonly bytesPerBuild: Float64Array;
  readonly topKeys: TopKey[] = [];
  /** The family's keys by kind (familyParts.ts), with the sizes the scenario carries: the first kind met first. */
  readonly parts: FamilyPart[] = [];

  constructor(
    readonly pattern: string,
    readonly type: KeyType,
    builds: number,
    private readonly topLimit: number,
    private readonly thresholds: EncodingThresholds = DEFAULT_THRESHOLDS,
    private readonly exactSizes?: number,
  ) {
    this.bytesPerBuild = new Float64Array(builds);
  }

  private partOf(kind: FamilyPart['kind']): FamilyPart {
    for (const part of this.parts) if (part.kind === kind) return part;
    const part = new FamilyPart(kind, this.exactSizes);
    this.parts.push(part);
    return part;
  }

  add(k: FamilyKey, rankingBuild: number): void {
    this.partOf(partKindOf(k, this.thresholds)).add(k);
    this.keys++;
    if (k.hasTtl) this.ttlKeys++;
    if (k.volatileFields > 0) this.volatileKeys++;
    this.volatileFields += k.volatileFields;
    if (k.allIntegers) this.integerKeys++;
    this.fileBytes += k.fileBytes;
    this.keyLength.add(k.keyLength);
    this.valueSize.add(k.valueSize);
    // Element length: of each member (hashes: each value); field-name length: of each hash field.
    const elements = k.elements;
    for (let i = 0; i < elements.length; i++) this.elementSize.add(elements[i]!.member.length, elements[i]!.count);
    const pairs = k.pairs;
    for (let i = 0; i < pairs.length; i++) this.elementSize.add(pairs[i]!.value.length, pairs[i]!.count);
    for (let i = 0; i < pairs.length; i++) this.fieldNameLength.add(pairs[i]!.field.length, pairs[i]!.count);
    if (k.ttlSeconds !== null) this.ttlSeconds.add(Math.max(0, k.ttlSeconds));
    for (let b = 0; b < this.bytesPerBuild.length; b++) this.bytesPerBuild[b]! += k.bytesPerBuild[b]!;
    const bytes = k.bytesPerBuild[rankingBuild]!;
    if (this.wouldKeep(bytes)) this.offerTopKey({ key: keyText(k), bytes, fileBytes: k.fileBytes });
  }

  private wouldKeep(bytes: number): boolean {
    const top = this.topKeys;
    return top.length < this.topLimit || (top.length > 0 && bytes > top[top.length - 1]!.bytes);
  }

  private offerTopKey(candidate: TopKey): void {
    if (!this.wouldKeep(candidate.bytes)) return;
    const top = this.topKeys;
    let i = top.length;
    while (i > 0 && top[i - 1]!.bytes < candidate.bytes) i--;
    top.splice(i, 0, candidate);
    if (top.length > this.topLimit) top.pop();
  }

  merge(other: FamilyStats): void {
    this.keys += other.keys;
    this.ttlKeys += other.ttlKeys;
    this.volatileKeys += other.volatileKeys;
    this.volatileFields += other.volatileFields;
    this.integerKeys += other.integerKeys;
    this.fileBytes += other.fileBytes;
    this.keyLength.merge(other.keyLength);
    this.valueSize.merge(other.valueSize);
    this.elementSize.merge(other.elementSize);
    this.fieldNameLength.merge(other.fieldNameLength);
    this.ttlSeconds.merge(other.ttlSeconds);
    for (let b = 0; b < this.bytesPerBuild.length; b++) this.bytesPerBuild[b]! += other.bytesPerBuild[b]!;
    for (const k of other.topKeys) this.offerTopKey(k);
    for (const part of other.parts) this.partOf(part.kind).merge(part);
  }
}

/** A family as reported. */
export interface FamilySummary {
  pattern: string;
  type: KeyType;
  keys: number;
  ttlKeys: number;
  keysWithoutTtl: number;
  ttlShare: number;
  /** Hashes: keys with fields that have their own TTL, and those fields. */
  volatileKeys: number;
  volatileFields: number;
  /** Keys whose value (or every element) is an integer. */
  integerKeys: number;
  fileBytes: number;
  keyLength: HistogramSummary;
  /** Strings: value length; collections: elements per key. */
  valueSize: HistogramSummary;
  /** Collections: element length (hashes: value length). */
  elementSize: HistogramSummary;
  /** Hashes: field-name length. */
  fieldNameLength: HistogramSummary;
  /** Remaining TTL in seconds at the file's creation, of the keys with one. */
  ttlSeconds: HistogramSummary;
  topKeys: TopKey[];
}

export function summarizeFamily(f: FamilyStats): FamilySummary {
  return {
    pattern: f.pattern,
    type: f.type,
    keys: f.keys,
    ttlKeys: f.ttlKeys,
    keysWithoutTtl: f.keys - f.ttlKeys,
    ttlShare: f.keys > 0 ? f.ttlKeys / f.keys : 0,
    volatileKeys: f.volatileKeys,
    volatileFields: f.volatileFields,
    integerKeys: f.integerKeys,
    fileBytes: f.fileBytes,
    keyLength: f.keyLength.summary(),
    valueSize: f.valueSize.summary(),
    elementSize: f.elementSize.summary(),
    fieldNameLength: f.fieldNameLength.summary(),
    ttlSeconds: f.ttlSeconds.summary(),
    topKeys: [...f.topKeys],
  };
}

/** Signatures kept per tracked pattern (several signatures can share a pattern, and untracked ones are kept too). */
const SIGNATURES_PER_TRACKED = 4;

/**
 * Groups keys into families by pattern and type. At most `maxTracked` families are kept while
 * reading (later patterns go to one "(other)" family per type), and the report keeps the
 * `maxReported` largest on the ranking build, merging the rest: memory is bounded by the
 * options, not by the file.
 */
export class FamilyBuilder {
  /** Tracked families by type, then pattern (no key of the two joined: this runs per key). */
  private readonly tracked = new Map<KeyType, Map<string, FamilyStats>>();
  /** The tracked families in the order first seen. */
  private readonly trackedInOrder: FamilyStats[] = [];
  private readonly overflow = new Map<KeyType, FamilyStats>();
  /** Patterns not tracked because the limit was reached (their keys are in "(other)"). */
  overflowKeys = 0;
  /** The families of keys met before, by the key's bytes (most keys of a file are found here). */
  private readonly byKeyBytes: KeyBytesIndex;

  constructor(
    readonly options: FamilyOptions,
    private readonly builds: number,
    private readonly rankingBuild: number,
    /** The thresholds the file is sized with: they part a family's keys by encoding (familyParts.ts). */
    private readonly thresholds: EncodingThresholds = DEFAULT_THRESHOLDS,
  ) {
    const delimiter = options.delimiter === '' ? new Uint8Array(0) : utf8Bytes(options.delimiter);
    this.byKeyBytes = new KeyBytesIndex(delimiter, options.depth, SIGNATURES_PER_TRACKED * options.maxTracked);
  }

  add(k: FamilyKey): void {
    const indexed = this.byKeyBytes.find(k.keyBytes, k.keyFrom, k.keyFrom + k.keyKept, k.type);
    if (indexed !== undefined) {
      if (indexed.untracked) this.overflowKeys++;
      indexed.family.add(k, this.rankingBuild);
      return;
    }
    const pattern = keyPattern(keyText(k), this.options.delimiter, this.options.depth);
    let ofType = this.tracked.get(k.type);
    if (!ofType) this.tracked.set(k.type, (ofType = new Map()));
    let family = ofType.get(pattern);
    let untracked = false;
    if (!family) {
      if (this.trackedInOrder.length < this.options.maxTracked) {
        family = new FamilyStats(pattern, k.type, this.builds, this.options.topKeys, this.thresholds, this.options.exactSizes);
        ofType.set(pattern, family);
        this.trackedInOrder.push(family);
      } else {
        // Once the limit is reached no pattern is tracked any more: this one's keys stay in "(other)".
        family = this.otherOf(k.type, this.overflow);
        untracked = true;
        this.overflowKeys++;
      }
    }
    this.byKeyBytes.remember(k.type, family, untracked);
    family.add(k, this.rankingBuild);
  }

  private otherOf(type: KeyType, into: Map<KeyType, FamilyStats>): FamilyStats {
    let other = into.get(type);
    if (!other)
      into.set(
        type,
        (other = new FamilyStats(
          OTHER_PATTERN,
          type,
          this.builds,
          this.options.topKeys,
          this.thresholds,
          this.options.exactSizes,
        )),
      );
    return other;
  }

  /** The reported families, largest first by `rank` (bytes of a family), the rest merged per type at the end. */
  families(rank: (f: FamilyStats) => number): FamilyStats[] {
    const all = [...this.trackedInOrder].sort((a, b) => rank(b) - rank(a) || b.keys - a.keys);
    const kept = all.slice(0, this.options.maxReported);
    const others = new Map<KeyType, FamilyStats>();
    for (const [type, f] of this.overflow) this.otherOf(type, others).merge(f);
    for (const f of all.slice(this.options.maxReported)) this.otherOf(f.type, others).merge(f);
    return [...kept, ...others.values()];
  }
}
