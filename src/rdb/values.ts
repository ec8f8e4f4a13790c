import { listpackEntryBytes, LISTPACK_OVERHEAD, type ElementSpec } from '../model/snapshotPricing';
import { BlobError, BlobWalk, walkIntset, walkListpack, walkZiplist, type ElementSpecs } from './blobs';
import { ElementTally, emptied, integerSpec, PairTally, stringLengthSpec } from './elements';
import { NEED_MORE, type Step } from './primitives';
import {
  REDIS_STREAM_V4,
  type HashValue,
  type KeyValue,
  type ListValue,
  type ModuleValue,
  type SetValue,
  type StreamValue,
  type StringValue,
  type ZsetValue,
} from './records';
import type { StringReader } from './strings';

/** The value types held in one string (a blob), with the name a message gives the blob. */
export const BLOB_VALUE_NAMES: Record<number, string> = {
  10: 'list ziplist',
  11: 'intset',
  12: 'zset',
  13: 'hash',
  16: 'hash',
  17: 'zset',
  20: 'set listpack',
};

/** Whether a type's whole value is one string (a string, or a blob): valueNow() reads those. */
export function isOneString(type: number): boolean {
  return type === 0 || BLOB_VALUE_NAMES[type] !== undefined;
}

/**
 * The readers of each value type, one per format, over the strings and lengths of `d`. The value
 * of each type is one object filled afresh for each key (fresh*() empties one): nothing is
 * allocated per key or per element once the tallies have grown.
 */
export class ValueReaders {
  private readonly stringValue: StringValue = { type: 'string', value: stringLengthSpec(0) };
  private readonly listValue: ListValue = {
    type: 'list',
    elements: new ElementTally(),
    listpackNodeBytes: [],
    plainNodeBytes: [],
  };
  private readonly setValue: SetValue = { type: 'set', members: new ElementTally() };
  private readonly zsetValue: ZsetValue = { type: 'zset', members: new ElementTally(), scoreEntryBytes: 0 };
  private readonly hashValue: HashValue = { type: 'hash', pairs: new PairTally(), volatileFields: 0 };
  private readonly streamValue: StreamValue = { type: 'stream', entries: 0 };
  private readonly moduleKeyValue: ModuleValue = { type: 'module', module: '' };
  private readonly scoreSpecs = new ScoreSpecs();
  /** The blob being walked, and its last batch of elements (walk()): reused from blob to blob. */
  private readonly blobWalk = new BlobWalk();
  private readonly walked: ElementSpecs = [];

  constructor(private readonly d: StringReader) {}

  /** A value that is one string (isOneString), when all of it is here; else null with nothing read. */
  valueNow(type: number): KeyValue | null {
    if (type === 0) {
      const element = this.d.elementNow();
      return element === null ? null : this.stringOf(element);
    }
    const what = BLOB_VALUE_NAMES[type];
    if (what === undefined) return null;
    const blob = this.d.blobNow(what);
    return blob === null ? null : this.blobValue(type, blob);
  }

  /**
   * The reader of a value of any type, waiting for its bytes (a generator returned, not one more
   * around it: each is an allocation per key). `redis`: the file has the REDIS magic (types 22-26
   * differ).
   */
  value(type: number, redis: boolean): Step<KeyValue> {
    if (redis && type >= 22) return type === REDIS_STREAM_V4 ? this.stream(type) : this.redisFieldTtlHash(type);
    switch (type) {
      case 1:
      case 14:
      case 18:
        return this.list(type);
      case 2:
        return this.set();
      case 3:
      case 5:
        return this.zset(type);
      case 4:
      case 22:
        return this.hash(type);
      case 7:
        return this.moduleKey();
      case 15:
      case 19:
      case 21:
        return this.stream(type);
    }
    return this.oneString(type);
  }

  /** A value that is one string (isOneString), as its bytes arrive. */
  private *oneString(type: number): Step<KeyValue> {
    const d = this.d;
    if (type === 0) return this.stringOf(yield* d.element());
    const blobWhat = BLOB_VALUE_NAMES[type];
    if (blobWhat === undefined) throw d.fail(`unknown type ${type}`);
    return this.blobValue(type, yield* d.blob(blobWhat));
  }

  private *set(): Step<KeyValue> {
    const d = this.d;
    const set = this.freshSet();
    const n = yield* d.count('set size');
    for (let i = 0; i < n; i++) set.members.add(d.elementNow() ?? (yield* d.element()));
    return set;
  }

  private *moduleKey(): Step<KeyValue> {
    const d = this.d;
    yield* d.number();
    const module = moduleName(d.high, d.low);
    yield* this.moduleValue();
    this.moduleKeyValue.module = module;
    return this.moduleKeyValue;
  }

  /** A module's serialised value (module keys, module aux data, key metadata): skipped, checked opcode by opcode. */
  *moduleValue(): Step<void> {
    const d = this.d;
    for (;;) {
      const opcode = yield* d.count('module opcode');
      if (opcode === 0) return;
      if (opcode === 1 || opcode === 2) yield* d.number();
      else if (opcode === 3) yield* d.skip(4);
      else if (opcode === 4) yield* d.skip(8);
      else if (opcode === 5) yield* d.string(0);
      else throw d.fail(`unknown module opcode ${opcode}`);
    }
  }

  // The values, one object per type filled afresh for each key.
  private stringOf(element: ElementSpec): StringValue {
    this.stringValue.value = element;
    return this.stringValue;
  }
  private freshList(): ListValue {
    const list = this.listValue;
    list.elements.reset();
    emptied(list.listpackNodeBytes);
    emptied(list.plainNodeBytes);
    return list;
  }
  private freshSet(): SetValue {
    this.setValue.members.reset();
    return this.setValue;
  }
  private freshZset(): ZsetValue {
    this.zsetValue.members.reset();
    this.zsetValue.scoreEntryBytes = 0;
    return this.zsetValue;
  }
  private freshHash(): HashValue {
    this.hashValue.pairs.reset();
    this.hashValue.volatileFields = 0;
    return this.hashValue;
  }

  /**
   * The next batch of a blob's elements into `walked` (walked[0, n), n returned; 0 once the blob
   * is walked, then blobWalk.count is its element count): straight loops over batches, no
   * callback or closure per key. Start a blob with blobWalk.start().
   */
  private walk(what: string, walker: (blob: Uint8Array, out: ElementSpecs, walk: BlobWalk) => number, blob: Uint8Array): number {
    try {
      return walker(blob, this.walked, this.blobWalk);
    } catch (e) {
      if (e instanceof BlobError) throw this.d.fail(`bad ${what}: ${e.message}`);
      throw e;
    }
  }

  /** A ziplist node, which the server converts to a listpack on load: priced from its entries. */
  private convertedNode(what: string, blob: Uint8Array, elements: ElementTally, listpackNodeBytes: number[]): void {
    let bytes = LISTPACK_OVERHEAD;
    const walked = this.walked;
    this.blobWalk.start();
    let n: number;
    while ((n = this.walk(what, walkZiplist, blob)) > 0) {
      for (let i = 0; i < n; i++) {
        const e = walked[i]!;
        elements.add(e);
        bytes += listpackEntryBytes(e);
      }
    }
    if (bytes > LISTPACK_OVERHEAD) listpackNodeBytes.push(bytes);
  }

  /** A value held in one blob (types of BLOB_VALUE_NAMES). */
  private blobValue(type: number, blob: Uint8Array): KeyValue {
    switch (type) {
      case 10: {
        const list = this.freshList();
        this.convertedNode('list ziplist', blob, list.elements, list.listpackNodeBytes);
        return list;
      }
      case 11:
      case 20: {
        const set = this.freshSet();
        const members = set.members;
        this.blobWalk.start();
        let n: number;
        while ((n = type === 11 ? this.walk('intset', walkIntset, blob) : this.walk('set listpack', walkListpack, blob)) > 0) {
          for (let i = 0; i < n; i++) members.add(this.walked[i]!);
        }
        return set;
      }
      case 12:
      case 17:
        return this.zsetBlob(type, blob);
      case 13:
      case 16:
        return this.hashBlob(type, blob);
    }
    throw this.d.fail(`unknown type ${type}`);
  }

  private *list(type: number): Step<KeyValue> {
    const d = this.d;
    const list = this.freshList();
    const { elements, listpackNodeBytes, plainNodeBytes } = list;
    if (type === 1) {
      const n = yield* d.count('list length');
      let bytes = LISTPACK_OVERHEAD;
      for (let i = 0; i < n; i++) {
        const e = d.elementNow() ?? (yield* d.element());
        elements.add(e);
        bytes += listpackEntryBytes(e);
      }
      if (n > 0) listpackNodeBytes.push(bytes);
      return list;
    }
    let nodes = d.countAt('quicklist node count');
    if (nodes === NEED_MORE) nodes = yield* d.count('quicklist node count');
    for (let i = 0; i < nodes; i++) {
      if (type === 14) {
        const blob = d.blobNow('quicklist ziplist') ?? (yield* d.blob('quicklist ziplist'));
        this.convertedNode('quicklist ziplist', blob, elements, listpackNodeBytes);
        continue;
      }
      let container = d.countAt('quicklist container');
      if (container === NEED_MORE) container = yield* d.count('quicklist container');
      if (container === 1) {
        // A plain node: one element held as is.
        elements.add(d.elementNow() ?? (yield* d.element()));
        plainNodeBytes.push(d.stringLength);
      } else if (container === 2) {
        const blob = d.blobNow('quicklist listpack') ?? (yield* d.blob('quicklist listpack'));
        this.blobWalk.start();
        let n: number;
        while ((n = this.walk('quicklist listpack', walkListpack, blob)) > 0) {
          for (let i = 0; i < n; i++) elements.add(this.walked[i]!);
        }
        if (this.blobWalk.count > 0) listpackNodeBytes.push(blob.length);
      } else throw d.fail(`unknown quicklist container ${container}`);
    }
    return list;
  }

  private zsetBlob(type: number, blob: Uint8Array): KeyValue {
    const zset = this.freshZset();
    const members = zset.members;
    let scoreEntryBytes = 0;
    const walked = this.walked;
    this.blobWalk.start();
    // Batches hold whole pairs (WALK_BATCH is even): only the last can end with a member alone.
    let n: number;
    while ((n = this.walk(type === 12 ? 'zset ziplist' : 'zset listpack', type === 12 ? walkZiplist : walkListpack, blob)) > 0) {
      if (n % 2 !== 0) throw this.d.fail('zset listpack has a member without a score');
      for (let i = 0; i < n; i += 2) {
        members.add(walked[i]!);
        scoreEntryBytes += listpackEntryBytes(walked[i + 1]!);
      }
    }
    zset.scoreEntryBytes = scoreEntryBytes;
    return zset;
  }

  private *zset(type: number): Step<KeyValue> {
    const d = this.d;
    const zset = this.freshZset();
    const members = zset.members;
    let scoreEntryBytes = 0;
    const n = yield* d.count('zset size');
    for (let i = 0; i < n; i++) {
      members.add(d.elementNow() ?? (yield* d.element()));
      let score: number;
      if (type === 5) {
        if (d.here < 8) yield* d.need(8);
        score = d.doubleNow();
      } else {
        const length = yield* d.byte();
        if (length === 253) score = NaN;
        else if (length === 254) score = Infinity;
        else if (length === 255) score = -Infinity;
        else score = Number(String.fromCharCode(...(yield* d.bytes(length))));
      }
      scoreEntryBytes += listpackEntryBytes(this.scoreSpecs.of(score));
    }
    zset.scoreEntryBytes = scoreEntryBytes;
    return zset;
  }

  private hashBlob(type: number, blob: Uint8Array): KeyValue {
    const hash = this.freshHash();
    const pairs = hash.pairs;
    const walked = this.walked;
    this.blobWalk.start();
    // Batches hold whole pairs (WALK_BATCH is even): only the last can end with a field alone.
    let n: number;
    while ((n = this.walk(type === 13 ? 'hash ziplist' : 'hash listpack', type === 13 ? walkZiplist : walkListpack, blob)) > 0) {
      if (n % 2 !== 0) throw this.d.fail('hash listpack has a field without a value');
      for (let i = 0; i < n; i += 2) pairs.add(walked[i]!, walked[i + 1]!);
    }
    return hash;
  }

  private *hash(type: number): Step<KeyValue> {
    const d = this.d;
    const hash = this.freshHash();
    const pairs = hash.pairs;
    let volatileFields = 0;
    let n = d.countAt('hash size');
    if (n === NEED_MORE) n = yield* d.count('hash size');
    for (let i = 0; i < n; i++) {
      const field = d.elementNow() ?? (yield* d.element());
      const value = d.elementNow() ?? (yield* d.element());
      if (type === 22) {
        const expiry = d.here >= 8 ? d.millisNow() : yield* d.millis();
        if (expiry !== -1) volatileFields++;
      }
      pairs.add(field, value);
    }
    hash.volatileFields = volatileFields;
    return hash;
  }

  /**
   * Redis 7.4+ hashes with field TTLs (rdb.h of Redis 8): 24 and 25 start with the smallest
   * expiry (8 bytes); 22 and 24 then hold [ttl, field, value] with the TTL as a length (0: none);
   * 23 and 25 hold a listpack of field, value, ttl triplets.
   */
  private *redisFieldTtlHash(type: number): Step<KeyValue> {
    const d = this.d;
    if (type === 24 || type === 25) yield* d.millis();
    const hash = this.freshHash();
    const pairs = hash.pairs;
    let volatileFields = 0;
    if (type === 23 || type === 25) {
      const blob = yield* d.blob('hash listpack with TTLs');
      const walked = this.walked;
      this.blobWalk.start();
      // Batches hold whole triplets (WALK_BATCH is a multiple of 3): only the last can be cut.
      let n: number;
      while ((n = this.walk('hash listpack with TTLs', walkListpack, blob)) > 0) {
        if (n % 3 !== 0) throw d.fail('hash listpack with TTLs does not hold whole triplets');
        for (let i = 0; i < n; i += 3) {
          pairs.add(walked[i]!, walked[i + 1]!);
          const ttl = walked[i + 2]!;
          if (!(ttl.kind === 'int' && ttl.value === 0)) volatileFields++;
        }
      }
      hash.volatileFields = volatileFields;
      return hash;
    }
    const n = yield* d.count('hash size');
    for (let i = 0; i < n; i++) {
      if ((yield* d.number()) !== 0) volatileFields++;
      const field = d.elementNow() ?? (yield* d.element());
      pairs.add(field, d.elementNow() ?? (yield* d.element()));
    }
    hash.volatileFields = volatileFields;
    return hash;
  }

  private *stream(type: number): Step<KeyValue> {
    const d = this.d;
    const listpacks = yield* d.count('stream listpack count');
    for (let i = 0; i < listpacks; i++) {
      yield* d.string(0);
      yield* d.string(0);
    }
    // Lengths from here on are ids, times and counters, not sizes: read as 64-bit numbers.
    const entries = yield* d.number();
    const ids = type >= 19 ? 7 : 2; // last id; first id, max deleted id, entries added
    for (let i = 0; i < ids; i++) yield* d.number();
    const groups = yield* d.count('consumer group count');
    for (let g = 0; g < groups; g++) {
      yield* d.string(0);
      yield* d.number();
      yield* d.number();
      if (type >= 19) yield* d.number();
      const pending = yield* d.count('pending entries');
      for (let p = 0; p < pending; p++) {
        yield* d.skip(16 + 8);
        yield* d.number();
      }
      const consumers = yield* d.count('consumer count');
      for (let c = 0; c < consumers; c++) {
        yield* d.string(0);
        yield* d.skip(type >= 21 ? 16 : 8);
        const owned = yield* d.count('consumer pending entries');
        yield* d.skip(owned * 16);
      }
    }
    if (type === REDIS_STREAM_V4) {
      // Idempotent producers (rdbSaveStreamIdmpEntries): duration, max entries, then each
      // producer's id and its entries (an id string and a stream id), then two counters.
      yield* d.number();
      yield* d.number();
      const producers = yield* d.count('stream producer count');
      for (let p = 0; p < producers; p++) {
        yield* d.string(0);
        const ids = yield* d.count('stream producer entries');
        for (let e = 0; e < ids; e++) {
          yield* d.string(0);
          yield* d.number();
          yield* d.number();
        }
      }
      yield* d.number();
      yield* d.number();
    }
    this.streamValue.entries = entries;
    return this.streamValue;
  }
}

/**
 * A score as a listpack entry: an integer when integral, else the text the server writes. A
 * score's text is made only for its length, and a file's scores repeat: the lengths of recent
 * ones are kept in a small table found by the score's bits (String() of a double is slow).
 */
class ScoreSpecs {
  private readonly scores = new Float64Array(SCORE_TABLE_SIZE).fill(NaN);
  private readonly lengths = new Int32Array(SCORE_TABLE_SIZE);
  private readonly bits = new Float64Array(1);
  private readonly words = new Int32Array(this.bits.buffer);

  of(score: number): ElementSpec {
    if (Number.isSafeInteger(score)) return integerSpec(score);
    if (Number.isInteger(score) && Math.abs(score) < 2 ** 63) return integerSpec(BigInt(score));
    if (Number.isNaN(score)) return stringLengthSpec(3); // nan
    this.bits[0] = score;
    const slot = (Math.imul(this.words[0]! ^ Math.imul(this.words[1]!, 0x9e3779b1), 0x85ebca6b) >>> 0) % SCORE_TABLE_SIZE;
    // A slot never holds NaN once filled, and NaN equals nothing: an empty slot misses.
    if (this.scores[slot] !== score) {
      this.scores[slot] = score;
      this.lengths[slot] = (score === Infinity ? 'inf' : score === -Infinity ? '-inf' : String(score)).length;
    }
    return stringLengthSpec(this.lengths[slot]!);
  }
}
const SCORE_TABLE_SIZE = 4096;

const MODULE_NAME_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A module type's 9-character name from its 64-bit id, given as two 32-bit halves (54 bits of
 * name, then 10 of encoding version).
 */
export function moduleName(high: number, low: number): string {
  let rest = (BigInt(high) << 22n) | BigInt(low >>> 10);
  let name = '';
  for (let i = 0; i < 9; i++) {
    name = MODULE_NAME_CHARS[Number(rest & 63n)]! + name;
    rest >>= 6n;
  }
  return name;
}
