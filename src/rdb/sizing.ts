import { ALLOCATORS, type Allocator } from '../data/vocabulary';
import { DEFAULT_THRESHOLDS, type EncodingThresholds } from '../model/encodingThresholds';
import { keyspaceShare } from '../model/estimate';
import { TOTALS_ONLY } from '../model/itemiser';
import { layoutContext, type BuildContext } from '../model/keyObject';
import { keysWithVolatileFieldsShare, prepareKey, preparedKeyBytes, type PreparedKey } from '../model/keyShape';
import { LINES, type LineId } from '../model/lineRegistry';
import type { LineLayout } from '../model/lines';
import { collectionKeyBytes } from '../model/collectionKey';
import { listNodesPayloadBytes } from '../model/listKey';
import { prepareZset } from '../model/zsetKey';
import type { ElementSpec } from '../model/elements';
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
  /** A collection key's pricing by its shape (collectionShape). */
  private readonly collectionMemo = new ShapeMemo(COLLECTION_MEMO_ENTRIES);
  /** Streams and module values: read, not planned. */
  unplannedKeys = 0;

  /**
   * With `everyVariant`, each key is priced on every variant's builds too, so that the figures
   * follow a change of allocator or cluster mode without reading the file again.
   */
  constructor(
    readonly options: SizingOptions = DEFAULT_SIZING,
    everyVariant = false,
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
    const t = this.options.thresholds;
    const ttl = hasTtl ? 1 : 0;
    let volatile = false;
    if (value.type !== 'string') {
      // Collections of a file repeat a few shapes too (one schema, many keys): a shape met
      // before is not priced again. The shape names every input of the pricing, so the figures
      // are those of pricing the key afresh.
      const memo = this.collectionMemo;
      const shaped = writeShape(record, ttl, memo.shape);
      let priced = shaped ? memo.get() : undefined;
      if (!priced) {
        priced = this.priceCollection(record, ttl);
        if (shaped) memo.set(priced);
      }
      this.lastKeyBytes = priced.bytes;
      volatile = priced.volatile;
    } else if (value.type === 'string' && record.keyLength < STRING_MEMO_KEY_LIMIT && value.value.length < 2 ** 31) {
      // Most keys of a real file are strings of few distinct shapes: each shape is priced once.
      const shape =
        value.value.length * STRING_MEMO_KEY_LIMIT * 4 + record.keyLength * 4 + (value.value.kind === 'int' ? 2 : 0) + ttl;
      let bytes = this.stringMemo.get(shape);
      if (!bytes) {
        const key = preparedKey(record, t);
        bytes = new Float64Array(this.builds.length);
        for (let b = 0; b < this.builds.length; b++) bytes[b] = preparedKeyBytes(this.builds[b]!, key, ttl, TOTALS_ONLY);
        if (this.stringMemo.size >= STRING_MEMO_ENTRIES) this.stringMemo.clear();
        this.stringMemo.set(shape, bytes);
      }
      this.lastKeyBytes = bytes;
    } else {
      const key = preparedKey(record, t);
      for (let b = 0; b < this.builds.length; b++) this.keyBytes[b] = preparedKeyBytes(this.builds[b]!, key, ttl, TOTALS_ONLY);
      this.lastKeyBytes = this.keyBytes;
    }
    for (let b = 0; b < this.builds.length; b++) this.keyBytesPerBuild[b]! += this.lastKeyBytes[b]!;
    let counts = this.perDb.get(record.db);
    if (!counts) this.perDb.set(record.db, (counts = { keys: 0, ttlKeys: 0, volatileKeys: 0 }));
    counts.keys++;
    if (hasTtl) counts.ttlKeys++;
    if (volatile) counts.volatileKeys++;
    return volatile ? PLANNED_VOLATILE : PLANNED;
  }

  /** A collection key's bytes on every build, and whether it has volatile fields. */
  private priceCollection(record: KeyRecord, ttl: number): PricedCollection {
    const value = record.value;
    const t = this.options.thresholds;
    const bytes = new Float64Array(this.builds.length);
    if (value.type === 'list') {
      const elements = value.elements.total;
      for (let b = 0; b < this.builds.length; b++) {
        const ctx = this.builds[b]!;
        bytes[b] =
          collectionKeyBytes(ctx, record.keyLength, ttl, TOTALS_ONLY) +
          listNodesPayloadBytes(ctx, value.listpackNodeBytes, value.plainNodeBytes, elements, t, TOTALS_ONLY);
      }
      return { bytes, volatile: false };
    }
    const key = preparedKey(record, t);
    for (let b = 0; b < this.builds.length; b++) bytes[b] = preparedKeyBytes(this.builds[b]!, key, ttl, TOTALS_ONLY);
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
const COLLECTION_MEMO_ENTRIES = 20_000;

/** An element as the pricing sees it: its kind, length and (an integer's) value, as three numbers. */
function writeSpec(spec: ElementSpec, out: number[]): void {
  if (spec.kind === 'int') out.push(1, spec.length, spec.value);
  else out.push(0, spec.length, 0);
}

/**
 * Writes into `out` everything the pricing of a collection key reads (type, key length, TTL,
 * each element group with its count, the list nodes, the scores' bytes, the volatile fields) as
 * numbers, each part led by its count so that no two shapes write the same numbers. False when
 * the key has too many groups for a shape to pay.
 */
function writeShape(record: KeyRecord, ttl: number, out: number[]): boolean {
  const value = record.value;
  out.length = 0;
  switch (value.type) {
    case 'hash': {
      const pairs = value.pairs.pairs();
      if (pairs.length > SHAPE_GROUPS_LIMIT) return false;
      out.push(0, record.keyLength, ttl, value.volatileFields, value.pairs.total, pairs.length);
      for (const p of pairs) {
        writeSpec(p.field, out);
        writeSpec(p.value, out);
        out.push(p.count);
      }
      return true;
    }
    case 'set':
    case 'zset': {
      const members = value.members.members();
      if (members.length > SHAPE_GROUPS_LIMIT) return false;
      out.push(value.type === 'set' ? 1 : 2, record.keyLength, ttl, value.type === 'set' ? 0 : value.scoreEntryBytes);
      out.push(members.length);
      for (const m of members) {
        writeSpec(m.member, out);
        out.push(m.count);
      }
      return true;
    }
    case 'list': {
      const { listpackNodeBytes: packed, plainNodeBytes: plain } = value;
      if (packed.length + plain.length > SHAPE_GROUPS_LIMIT) return false;
      out.push(3, record.keyLength, ttl, value.elements.total, packed.length, ...packed, plain.length, ...plain);
      return true;
    }
    default:
      return false;
  }
}

/**
 * Priced collections by shape (writeShape's numbers): found through a hash of the numbers and
 * confirmed number by number, so no text is built or hashed per key. At most `limit` shapes.
 */
class ShapeMemo {
  /** The shape looked up or remembered next. */
  readonly shape: number[] = [];
  private readonly buckets = new Map<number, Array<{ shape: Float64Array; priced: PricedCollection }>>();
  private size = 0;

  constructor(private readonly limit: number) {}

  private hash(): number {
    let h = 0x811c9dc5;
    for (const v of this.shape) {
      h = Math.imul(h ^ (v | 0), 0x01000193);
      h = Math.imul(h ^ ((v / 4294967296) | 0), 0x01000193);
    }
    return h;
  }

  get(): PricedCollection | undefined {
    const bucket = this.buckets.get(this.hash());
    if (!bucket) return undefined;
    const shape = this.shape;
    for (const entry of bucket) {
      if (entry.shape.length !== shape.length) continue;
      let same = true;
      for (let i = 0; i < shape.length && same; i++) same = entry.shape[i] === shape[i];
      if (same) return entry.priced;
    }
    return undefined;
  }

  set(priced: PricedCollection): void {
    if (this.size >= this.limit) {
      this.buckets.clear();
      this.size = 0;
    }
    const h = this.hash();
    let bucket = this.buckets.get(h);
    if (!bucket) this.buckets.set(h, (bucket = []));
    bucket.push({ shape: Float64Array.from(this.shape), priced });
    this.size++;
  }
}

/** Key lengths below this are memoised for strings; the memo holds at most so many shapes. */
const STRING_MEMO_KEY_LIMIT = 65_536;
const STRING_MEMO_ENTRIES = 100_000;

/** The model's prepared key for a record of a type priced through KeyShape (all but lists). */
function preparedKey(record: KeyRecord, t: EncodingThresholds): PreparedKey {
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
        { type: 'hash', keyBytes, fields: value.pairs.pairs(), fieldTtlFraction: fields > 0 ? value.volatileFields / fields : 0 },
        t,
      );
    }
    case 'set':
      return prepareKey({ type: 'set', keyBytes, members: value.members.members() }, t);
    case 'zset':
      return { type: 'zset', keyBytes, payload: prepareZset(value.members.members(), t, value.scoreEntryBytes) };
    default:
      throw new Error(`no prepared key for ${value.type}`);
  }
}
