import { ALLOCATORS, type Allocator, type WriteHistory } from '../data/vocabulary';
import { DEFAULT_THRESHOLDS, type EncodingThresholds, LINES, type LineId } from '../model';
import {
  keyspaceShare,
  TOTALS_ONLY,
  layoutContext,
  type BuildContext,
  keysWithVolatileFieldsShare,
  prepareKey,
  preparedKeyBytes,
  type PreparedKey,
  type LineLayout,
  collectionKeyBytes,
  listNodesPayloadBytes,
  prepareZset,
  type ElementSpec,
} from '../model/snapshotPricing';
import type { KeyRecord } from './records';

export interface SizingOptions {
  /** The allocator on every line, or null for each line's usual build. */
  allocator: Allocator | null;
  /** Cluster mode (8.0+ keeps one keyspace table per hash slot). */
  cluster: boolean;
  thresholds: EncodingThresholds;
}

export const DEFAULT_SIZING: SizingOptions = { allocator: null, cluster: false, thresholds: DEFAULT_THRESHOLDS };

/** A server setting the page can change after a read: the allocator (or each line's usual one) and cluster mode. */
export type SizingVariant = Pick<SizingOptions, 'allocator' | 'cluster'>;

/** Every variant: each allocator and the lines' usual ones, without and with cluster mode. */
export const SIZING_VARIANTS: readonly SizingVariant[] = [null, ...ALLOCATORS].flatMap((allocator) =>
  [false, true].map((cluster) => ({ allocator, cluster })),
);

export function sameVariant(a: SizingVariant, b: SizingVariant): boolean {
  return a.allocator === b.allocator && a.cluster === b.cluster;
}

/** Keys, keys with a TTL and keys with volatile hash fields: what the keyspace tables depend on. */
export interface TableCounts {
  keys: number;
  ttlKeys: number;
  volatileKeys: number;
}

/** The file's keys on one line: their own bytes and the keyspace tables they fill. */
export interface LineSizing {
  line: LineId;
  allocator: Allocator;
  /** Bytes of the keys themselves (objects, values, collection payloads). */
  keyBytes: number;
  /** Bytes of the keyspace, expires and volatile-key tables of every database. */
  tableBytes: number;
  /** keyBytes + tableBytes: the used_memory the file's keys add to an empty server. */
  datasetBytes: number;
  /** Table bytes per key, per key with a TTL and per key with volatile hash fields, to share them out over families. */
  tableBytesPerKey: number;
  tableBytesPerTtlKey: number;
  tableBytesPerVolatileKey: number;
}

/**
 * Prices the keys of an RDB file key by key on every release line, with the model's own
 * functions: each key's exact elements (grouped by cost class), so each key's size classes and
 * encoding are its own. Lines that share a layout and allocator are priced once.
 */
export class RdbSizer {
  readonly lines: readonly LineId[] = LINES.ids;
  /** The variants priced: the options' own first, then (with everyVariant) all the others. */
  readonly variants: readonly SizingVariant[];
  /** One context per distinct (layout, allocator, cluster mode). */
  readonly builds: BuildContext[] = [];
  /** For each variant, for each line (in `lines` order), the index of its build. */
  readonly buildOfLineByVariant: number[][];
  /** For the options' own variant. */
  readonly buildOfLine: number[];
  /**
   * The bytes of the last key priced, per build, until the next key: a remembered shape's own
   * array (never changed), or `keyBytes` for a key priced afresh. Read it, never change it.
   */
  lastKeyBytes: Float64Array;
  /** The bytes of a key priced without a remembered shape. */
  private readonly keyBytes: Float64Array;
  /** Zero on every build: the bytes of a key that is not planned. */
  private readonly noBytes: Float64Array;
  private readonly keyBytesPerBuild: Float64Array;
  private readonly perDb = new Map<number, TableCounts>();
  /** A string key's bytes per build by its shape (value length, key length, integer, TTL). */
  private readonly stringMemo = new Map<number, Float64Array>();
  /** A collection key's pricing by its shape (writeShape). */
  private collectionMemo: ShapeMemo;
  /** The table counts of the database of the last key (most files have one database). */
  private lastDb = -1;
  private lastDbCounts: TableCounts = { keys: 0, ttlKeys: 0, volatileKeys: 0 };
  /** Streams and module values: read, not planned. */
  unplannedKeys = 0;
  /**
   * The writer's line as its own writes left it (one element per command, its collections'
   * tables as grown, old tables of unfinished expansions included): one context per distinct
   * build of that line over the variants, priced for collections only (writtenOn).
   */
  private readonly writtenBuilds: BuildContext[] = [];
  /** For each written build, the index of its loaded twin in `builds`. */
  private readonly loadedTwinOf: number[] = [];
  /** For each variant, the index of the writer line's written build, or -1 when none is priced. */
  private writtenBuildOfVariant: number[] = [];
  /** Per written build: the collections' bytes as written less as loaded, summed over the keys. */
  private writtenLessLoaded = new Float64Array(0);
  private keysAdded = 0;

  /**
   * With `everyVariant`, each key is priced on every variant's builds too, so that the figures
   * follow a change of allocator or cluster mode without reading the file again.
   */
  constructor(
    readonly options: SizingOptions = DEFAULT_SIZING,
    everyVariant = false,
    private readonly memoSizes: ShapeMemoSizes = DEFAULT_MEMO_SIZES,
  ) {
    const own: SizingVariant = { allocator: options.allocator, cluster: options.cluster };
    this.variants = everyVariant ? [own, ...SIZING_VARIANTS.filter((v) => !sameVariant(v, own))] : [own];
    const found: Array<{ layout: LineLayout; allocator: Allocator; cluster: boolean }> = [];
    this.buildOfLineByVariant = this.variants.map((variant) =>
      this.lines.map((line) => {
        const entry = LINES.entry(line);
        const allocator = variant.allocator ?? entry.release.usualAllocator;
        let index = found.findIndex(
          (b) => b.layout === entry.layout && b.allocator === allocator && b.cluster === variant.cluster,
        );
        if (index < 0) {
          index = found.push({ layout: entry.layout, allocator, cluster: variant.cluster }) - 1;
          // A server holding this file has loaded it: its collections' tables were presized, none is mid-rehash.
          this.builds.push(layoutContext(entry.layout, allocator, variant.cluster, true));
        }
        return index;
      }),
    );
    this.buildOfLine = this.buildOfLineByVariant[0]!;
    this.keyBytes = new Float64Array(this.builds.length);
    this.noBytes = new Float64Array(this.builds.length);
    this.lastKeyBytes = this.noBytes;
    this.keyBytesPerBuild = new Float64Array(this.builds.length);
    this.collectionMemo = new ShapeMemo(memoSizes.collections, this.builds.length);
    this.writtenBuildOfVariant = this.variants.map(() => -1);
  }

  /**
   * Prices the collections on `line` as written too, one element per command, for the
   * reconciliation of the file's used-mem (its writer's line). Only collections cost more to
   * price: strings and lists are as written what they are as loaded. Call before the first key.
   */
  priceWrittenOn(line: LineId): void {
    if (this.keysAdded > 0) throw new Error('the line priced as written must be set before the first key');
    const index = this.lines.indexOf(line);
    if (index < 0 || this.writtenBuilds.length > 0) return;
    this.writtenBuildOfVariant = this.buildOfLineByVariant.map((buildOfLine) => {
      const loaded = buildOfLine[index]!;
      let w = this.loadedTwinOf.indexOf(loaded);
      if (w < 0) {
        const twin = this.builds[loaded]!;
        w = this.loadedTwinOf.push(loaded) - 1;
        this.writtenBuilds.push(layoutContext(twin.layout, twin.allocator, twin.cluster, false));
      }
      return w;
    });
    this.writtenLessLoaded = new Float64Array(this.writtenBuilds.length);
    // Each remembered shape keeps its bytes as written after its bytes on every build.
    this.collectionMemo = new ShapeMemo(this.memoSizes.collections, this.builds.length + this.writtenBuilds.length);
  }

  /**
   * The collections' bytes as written (one element per command) less as loaded on the writer's
   * line, for a variant priced; null when no line is priced as written (priceWrittenOn).
   */
  collectionsWrittenLessLoaded(variant: number = 0): number | null {
    const w = this.writtenBuildOfVariant[variant] ?? -1;
    return w < 0 ? null : this.writtenLessLoaded[w]!;
  }

  /** Planned keys per database (what each database's keyspace tables hold). */
  countsPerDb(): ReadonlyMap<number, Readonly<TableCounts>> {
    return this.perDb;
  }

  /**
   * Prices one key on every build into lastKeyBytes and adds it to the totals. Returns whether
   * the key is planned (streams and module values are not) and whether it has volatile fields.
   */
  add(record: KeyRecord): { planned: boolean; volatile: boolean } {
    const value = record.value;
    const hasTtl = record.expireAtMs !== null;
    if (value.type === 'stream' || value.type === 'module') {
      this.unplannedKeys++;
      this.lastKeyBytes = this.noBytes;
      return NOT_PLANNED;
    }
    this.keysAdded++;
    const t = this.options.thresholds;
    const ttl = hasTtl ? 1 : 0;
    let volatile = false;
    if (value.type !== 'string') {
      // Collections of a file repeat a few shapes too (one schema, many keys): a shape met
      // before is not priced again. The shape names every input of the pricing, so the figures
      // are those of pricing the key afresh.
      const memo = this.collectionMemo;
      memo.length = writeShape(record, ttl, memo.shape);
      let priced = memo.length > 0 ? memo.get() : undefined;
      if (!priced) {
        priced = this.priceCollection(record, ttl);
        if (memo.length > 0) priced = memo.set(priced.bytes, priced.volatile);
      }
      this.lastKeyBytes = priced.bytes;
      volatile = priced.volatile;
      const builds = this.builds.length;
      for (let w = 0; w < this.writtenBuilds.length; w++)
        this.writtenLessLoaded[w]! += priced.bytes[builds + w]! - priced.bytes[this.loadedTwinOf[w]!]!;
    } else if (this.memoSizes.strings > 0 && record.keyLength < STRING_MEMO_KEY_LIMIT && value.value.length < 2 ** 31) {
      // Most keys of a real file are strings of few distinct shapes: each shape is priced once.
      const shape =
        value.value.length * STRING_MEMO_KEY_LIMIT * 4 + record.keyLength * 4 + (value.value.kind === 'int' ? 2 : 0) + ttl;
      let bytes = this.stringMemo.get(shape);
      if (!bytes) {
        const key = preparedKey(record, t);
        bytes = new Float64Array(this.builds.length);
        for (let b = 0; b < this.builds.length; b++) bytes[b] = preparedKeyBytes(this.builds[b]!, key, ttl, TOTALS_ONLY);
        if (this.stringMemo.size >= this.memoSizes.strings) this.stringMemo.clear();
        this.stringMemo.set(shape, bytes);
      }
      this.lastKeyBytes = bytes;
    } else {
      const key = preparedKey(record, t);
      for (let b = 0; b < this.builds.length; b++) this.keyBytes[b] = preparedKeyBytes(this.builds[b]!, key, ttl, TOTALS_ONLY);
      this.lastKeyBytes = this.keyBytes;
    }
    for (let b = 0; b < this.builds.length; b++) this.keyBytesPerBuild[b]! += this.lastKeyBytes[b]!;
    let counts = this.lastDbCounts;
    if (record.db !== this.lastDb) {
      const known = this.perDb.get(record.db);
      if (known) counts = known;
      else this.perDb.set(record.db, (counts = { keys: 0, ttlKeys: 0, volatileKeys: 0 }));
      this.lastDb = record.db;
      this.lastDbCounts = counts;
    }
    counts.keys++;
    if (hasTtl) counts.ttlKeys++;
    if (volatile) counts.volatileKeys++;
    return volatile ? PLANNED_VOLATILE : PLANNED;
  }

  /**
   * A collection key's bytes on every build, then on every written build (priceWrittenOn), and
   * whether it has volatile fields.
   */
  private priceCollection(record: KeyRecord, ttl: number): PricedCollection {
    const value = record.value;
    const t = this.options.thresholds;
    const builds = this.builds.length;
    const bytes = new Float64Array(builds + this.writtenBuilds.length);
    if (value.type === 'list') {
      const elements = value.elements.total;
      for (let b = 0; b < builds; b++) {
        const ctx = this.builds[b]!;
        bytes[b] =
          collectionKeyBytes(ctx, record.keyLength, ttl, TOTALS_ONLY) +
          listNodesPayloadBytes(ctx, value.listpackNodeBytes, value.plainNodeBytes, elements, t, TOTALS_ONLY);
      }
      // A list has no table: its nodes as loaded are what the file says they were.
      for (let w = 0; w < this.writtenBuilds.length; w++) bytes[builds + w] = bytes[this.loadedTwinOf[w]!]!;
      return { bytes, volatile: false };
    }
    // A server holding the file has loaded it: rdb.c presizes each table it loads for its length.
    const key = preparedKey(record, t, 'loaded');
    for (let b = 0; b < builds; b++) bytes[b] = preparedKeyBytes(this.builds[b]!, key, ttl, TOTALS_ONLY);
    if (this.writtenBuilds.length > 0) {
      const written = preparedKey(record, t, 'one-per-command');
      for (let w = 0; w < this.writtenBuilds.length; w++)
        bytes[builds + w] = preparedKeyBytes(this.writtenBuilds[w]!, written, ttl, TOTALS_ONLY);
    }
    return { bytes, volatile: keysWithVolatileFieldsShare(key) > 0 };
  }

  /** Planned keys over all databases. */
  counts(): TableCounts {
    const all: TableCounts = { keys: 0, ttlKeys: 0, volatileKeys: 0 };
    for (const c of this.perDb.values()) {
      all.keys += c.keys;
      all.ttlKeys += c.ttlKeys;
      all.volatileKeys += c.volatileKeys;
    }
    return all;
  }

  /** The totals on every line for a variant priced (the options' own by default): each database has its own keyspace tables. */
  lineSizings(variant: number = 0): LineSizing[] {
    const all = this.counts();
    const buildOfLine = this.buildOfLineByVariant[variant]!;
    const tablesOfBuild = new Map<number, { keyspace: number; expires: number; volatile: number }>();
    const tables = (b: number) => {
      let t = tablesOfBuild.get(b);
      if (t) return t;
      t = { keyspace: 0, expires: 0, volatile: 0 };
      for (const counts of this.perDb.values()) {
        const share = keyspaceShare(this.builds[b]!, counts);
        t.keyspace += share.mainBytesPerKey * share.keys;
        t.expires += share.expiresBytesPerTtlKey * share.ttlKeys;
        t.volatile += share.volatileBytesPerKey * share.volatileKeys;
      }
      tablesOfBuild.set(b, t);
      return t;
    };
    return this.lines.map((line, i) => {
      const b = buildOfLine[i]!;
      const t = tables(b);
      const keyBytes = this.keyBytesPerBuild[b]!;
      const tableBytes = t.keyspace + t.expires + t.volatile;
      return {
        line,
        allocator: this.builds[b]!.allocator,
        keyBytes,
        tableBytes,
        datasetBytes: keyBytes + tableBytes,
        tableBytesPerKey: all.keys > 0 ? t.keyspace / all.keys : 0,
        tableBytesPerTtlKey: all.ttlKeys > 0 ? t.expires / all.ttlKeys : 0,
        tableBytesPerVolatileKey: all.volatileKeys > 0 ? t.volatile / all.volatileKeys : 0,
      };
    });
  }
}

// What add() answers, made once (it runs per key).
const NOT_PLANNED = Object.freeze({ planned: false, volatile: false });
const PLANNED = Object.freeze({ planned: true, volatile: false });
const PLANNED_VOLATILE = Object.freeze({ planned: true, volatile: true });

interface PricedCollection {
  bytes: Float64Array;
  volatile: boolean;
}

/** Collections with more element groups (or list nodes) than this are priced each time. */
const SHAPE_GROUPS_LIMIT = 32;

/**
 * How many priced shapes the sizer remembers, of collections and of strings (0: every key is
 * priced afresh). The figures do not depend on them: a remembered shape gives the bytes that
 * pricing its key afresh gives.
 */
export interface ShapeMemoSizes {
  collections: number;
  strings: number;
}
export const DEFAULT_MEMO_SIZES: ShapeMemoSizes = { collections: 20_000, strings: 100_000 };
/** The most numbers a shape takes: a hash's 6 leading numbers and 7 per group. */
const SHAPE_NUMBERS_LIMIT = 6 + 7 * SHAPE_GROUPS_LIMIT;

/**
 * Writes into `out` everything the pricing of a collection key reads (type, key length, TTL,
 * each element group with its count, the list nodes, the scores' bytes, the volatile fields) as
 * numbers, each part led by its count so that no two shapes write the same numbers. Returns how
 * many numbers it wrote, or 0 when the key has too many groups for a shape to pay.
 */
function writeShape(record: KeyRecord, ttl: number, out: Float64Array): number {
  const value = record.value;
  let n: number;
  switch (value.type) {
    case 'hash': {
      const pairs = value.pairs.pairs();
      if (pairs.length > SHAPE_GROUPS_LIMIT) return 0;
      out[0] = 0;
      out[1] = record.keyLength;
      out[2] = ttl;
      out[3] = value.volatileFields;
      out[4] = value.pairs.total;
      out[5] = pairs.length;
      n = 6;
      for (let i = 0; i < pairs.length; i++) {
        const p = pairs[i]!;
        n = writeSpec(p.field, out, n);
        n = writeSpec(p.value, out, n);
        out[n++] = p.count;
      }
      return n;
    }
    case 'set':
    case 'zset': {
      const members = value.members.members();
      if (members.length > SHAPE_GROUPS_LIMIT) return 0;
      out[0] = value.type === 'set' ? 1 : 2;
      out[1] = record.keyLength;
      out[2] = ttl;
      out[3] = value.type === 'set' ? 0 : value.scoreEntryBytes;
      out[4] = members.length;
      n = 5;
      for (let i = 0; i < members.length; i++) {
        const m = members[i]!;
        n = writeSpec(m.member, out, n);
        out[n++] = m.count;
      }
      return n;
    }
    case 'list': {
      const { listpackNodeBytes: packed, plainNodeBytes: plain } = value;
      if (packed.length + plain.length > SHAPE_GROUPS_LIMIT) return 0;
      out[0] = 3;
      out[1] = record.keyLength;
      out[2] = ttl;
      out[3] = value.elements.total;
      out[4] = packed.length;
      n = 5;
      for (let i = 0; i < packed.length; i++) out[n++] = packed[i]!;
      out[n++] = plain.length;
      for (let i = 0; i < plain.length; i++) out[n++] = plain[i]!;
      return n;
    }
    default:
      return 0;
  }
}

/** An element as the pricing sees it (its kind, length and an integer's value) as three numbers at out[n]; returns the next n. */
function writeSpec(spec: ElementSpec, out: Float64Array, n: number): number {
  const integer = spec.kind === 'int';
  out[n] = integer ? 1 : 0;
  out[n + 1] = spec.length;
  out[n + 2] = integer ? spec.value : 0;
  return n + 3;
}

/**
 * Priced collections by shape (writeShape's numbers), held in a few typed arrays: the shapes
 * one after another in one array, each shape's bytes per build in another, found through an
 * open-addressing table of a numeric hash and confirmed number by number. Nothing is allocated
 * per key, and a lookup reads contiguous memory. At most `limit` shapes (0: none): when full, it
 * starts afresh.
 */
class ShapeMemo {
  /** The shape looked up or remembered next: its first `length` numbers. */
  readonly shape = new Float64Array(SHAPE_NUMBERS_LIMIT);
  length = 0;
  /**
   * Slots of entry index + 1 (0: empty), a power of two, at least twice as many as entries:
   * grown with them, so that a file with few shapes probes a table that stays in the cache.
   */
  private slots = new Int32Array(FIRST_SLOTS);
  private readonly hashes: Int32Array;
  /** Entry i's numbers are numbers[starts[i], starts[i + 1]). */
  private readonly starts: Int32Array;
  private numbers = new Float64Array(1 << 16);
  /** Entry i's bytes per build are a view of bytes[i * builds, (i + 1) * builds) (grown as entries come). */
  private bytes: Float64Array;
  private readonly priced: PricedCollection[] = [];
  private size = 0;
  private hash = 0;

  constructor(
    private readonly limit: number,
    private readonly builds: number,
  ) {
    this.hashes = new Int32Array(limit);
    this.starts = new Int32Array(limit + 1);
    this.bytes = new Float64Array(Math.min(limit, 256) * builds);
  }

  /** The pricing of the shape written, or undefined (its hash is kept for set()). */
  get(): PricedCollection | undefined {
    const shape = this.shape;
    const n = this.length;
    let h = 0x811c9dc5;
    for (let i = 0; i < n; i++) {
      const v = shape[i]!;
      h = Math.imul(h ^ (v | 0), 0x01000193);
      h = Math.imul(h ^ ((v / 4294967296) | 0), 0x01000193);
    }
    this.hash = h;
    const mask = this.slots.length - 1;
    const numbers = this.numbers;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) return undefined;
      if (this.hashes[entry] !== h) continue;
      const from = this.starts[entry]!;
      if (this.starts[entry + 1]! - from !== n) continue;
      let i = 0;
      while (i < n && numbers[from + i] === shape[i]) i++;
      if (i === n) return this.priced[entry];
    }
  }

  /** Remembers the bytes and volatility of the shape last looked up with get(); returns them as remembered. */
  set(bytes: Float64Array, volatile: boolean): PricedCollection {
    if (this.limit === 0) return { bytes, volatile };
    if (this.size >= this.limit) {
      this.slots = new Int32Array(FIRST_SLOTS);
      this.priced.length = 0;
      this.size = 0;
    }
    const entry = this.size++;
    const from = this.starts[entry]!;
    const to = from + this.length;
    if (to > this.numbers.length) {
      const grown = new Float64Array(Math.max(to, this.numbers.length * 2));
      grown.set(this.numbers.subarray(0, from));
      this.numbers = grown;
    }
    this.numbers.set(this.shape.subarray(0, this.length), from);
    this.starts[entry + 1] = to;
    this.hashes[entry] = this.hash;
    if ((entry + 1) * this.builds > this.bytes.length) this.growBytes();
    const kept = this.bytes.subarray(entry * this.builds, (entry + 1) * this.builds);
    kept.set(bytes);
    const priced = { bytes: kept, volatile };
    this.priced.push(priced);
    if (2 * this.size <= this.slots.length) this.file(entry);
    else {
      // Twice the slots, and every entry filed again.
      this.slots = new Int32Array(2 * this.slots.length);
      for (let e = 0; e < this.size; e++) this.file(e);
    }
    return priced;
  }

  /** Puts an entry in the first free slot from its hash's. */
  private file(entry: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hashes[entry]! & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
  }

  /** Twice the room for entries' bytes, the entries' views moved over (so that they stay side by side). */
  private growBytes(): void {
    const grown = new Float64Array(Math.min(this.bytes.length * 2, this.limit * this.builds));
    grown.set(this.bytes);
    this.bytes = grown;
    this.priced.forEach((p, i) => (p.bytes = grown.subarray(i * this.builds, (i + 1) * this.builds)));
  }
}

/** The slots a shape memo starts with (it holds up to half as many shapes before it grows). */
const FIRST_SLOTS = 1024;

/** Key lengths below this are memoised for strings; the memo holds at most so many shapes. */
const STRING_MEMO_KEY_LIMIT = 65_536;

/**
 * The model's prepared key for a record of a type priced through KeyShape (all but lists), its
 * collection's table as `written` leaves it.
 */
function preparedKey(record: KeyRecord, t: EncodingThresholds, written: WriteHistory = 'loaded'): PreparedKey {
  const value = record.value;
  const keyBytes = record.keyLength;
  switch (value.type) {
    case 'string':
      return prepareKey(
        { type: 'string', keyBytes, valueBytes: value.value.length, valueKind: value.value.kind === 'int' ? 'int' : 'bytes' },
        t,
      );
    case 'hash': {
      const fields = value.pairs.total;
      return prepareKey(
        {
          type: 'hash',
          keyBytes,
          fields: value.pairs.pairs(),
          fieldTtlFraction: fields > 0 ? value.volatileFields / fields : 0,
          written,
        },
        t,
      );
    }
    case 'set':
      return prepareKey({ type: 'set', keyBytes, members: value.members.members(), written }, t);
    case 'zset':
      return { type: 'zset', keyBytes, payload: prepareZset(value.members.members(), t, value.scoreEntryBytes, written) };
    default:
      throw new Error(`no prepared key for ${value.type}`);
  }
}
