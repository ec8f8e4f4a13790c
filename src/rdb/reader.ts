import { littleEndianHex } from './crc64';
import { FingerprintSet } from './duplicates';
import type { Step } from './primitives';
import { describedKey, RdbError } from './readError';
import {
  RDB_TYPE_NAMES,
  REDIS_ONLY_TYPE_NAMES,
  REDIS_STREAM_V4,
  type KeyRecord,
  type KeyValue,
  type RdbFileFacts,
} from './records';
import { StringReader } from './strings';
import { isOneString, moduleName, ValueReaders } from './values';

export { RdbError } from './readError';
export { BLOB_LIMIT } from './strings';
export { moduleName } from './values';

/** Bytes of a key the reader keeps (for its family); its length is always exact. */
export const KEY_PREFIX_BYTES = 512;

/** The newest RDB version of each magic that this reader knows. */
export const NEWEST_REDIS_RDB_VERSION = 13;
export const VALKEY_RDB_VERSION = 80;

export interface RdbReaderOptions {
  /** The file's size when known: any length beyond it is rejected at once as absurd. */
  fileSize?: number;
}

/** The opcodes of rdb.h. */
const Op = {
  /** Valkey 9's slot import state in a VALKEY file; Redis 8.6's key metadata (KeyMeta below) in a REDIS one. */
  SlotImport: 243,
  SlotInfo: 244,
  Function2: 245,
  FunctionPreGa: 246,
  ModuleAux: 247,
  Idle: 248,
  Freq: 249,
  Aux: 250,
  ResizeDb: 251,
  ExpireTimeMs: 252,
  ExpireTime: 253,
  SelectDb: 254,
  Eof: 255,
} as const;

const NO_BYTES = new Uint8Array(0);

/**
 * A streaming RDB reader: push chunks as they arrive, then end(). Keys go to `onKey` as they are
 * read; nothing of the file is kept but the facts that are not keys. This file reads the file's
 * records; the strings and lengths they are made of are read by strings.ts and primitives.ts, the
 * values by values.ts. A record whose bytes are all here (most of them) is read straight through;
 * the file's loop is a generator that pauses whenever the bytes it needs have not arrived, so a
 * chunk may end anywhere.
 */
export class RdbReader {
  readonly facts: RdbFileFacts = {
    magic: null,
    version: null,
    aux: [],
    databases: [],
    resizeHints: [],
    slotInfoRecords: 0,
    slotImportRecords: 0,
    keyMetadataRecords: 0,
    keyMetadataBytes: 0,
    moduleAux: [],
    functionLibraries: 0,
    functionBytes: 0,
    checksum: null,
    trailingBytes: 0,
  };
  /** Set once the EOF opcode and checksum are read. */
  complete = false;
  error: RdbError | null = null;

  private readonly d: StringReader;
  private readonly values: ValueReaders;
  private readonly parser: Step<void>;
  private done = false;
  private db = 0;
  /** The record handed to onKey, filled afresh for each key: nothing is allocated per key. */
  private readonly record: KeyRecord = {
    db: 0,
    keyBytes: NO_BYTES,
    keyFrom: 0,
    keyKept: 0,
    keyLength: 0,
    expireAtMs: null,
    rdbType: 0,
    value: { type: 'stream', entries: 0 },
    offset: 0,
    fileBytes: 0,
  };
  /** The keys read so far, by fingerprint (per database). */
  private readonly keysSeen = new FingerprintSet();

  constructor(
    private readonly onKey: (record: KeyRecord) => void,
    options: RdbReaderOptions = {},
  ) {
    this.d = new StringReader(options.fileSize);
    this.values = new ValueReaders(this.d);
    this.parser = this.file();
  }

  get keysRead(): number {
    return this.d.position.keysRead;
  }
  /** Bytes given so far, and the offset up to which they are read. */
  get bytesReceived(): number {
    return this.d.input.received;
  }
  get offset(): number {
    return this.d.input.offset;
  }

  push(chunk: Uint8Array): void {
    if (this.done) {
      if (this.complete) this.facts.trailingBytes += chunk.length;
      return;
    }
    this.d.input.push(chunk);
    this.run();
  }

  /** No more chunks: the file must have been complete. */
  end(): void {
    if (this.done) return;
    this.d.input.ended = true;
    this.run();
  }

  private run(): void {
    try {
      const step = this.parser.next();
      if (step.done) this.finish();
    } catch (e) {
      this.error = e instanceof RdbError ? e : this.fail(`reader error: ${e instanceof Error ? e.message : String(e)}`);
      this.finish();
    }
  }

  private finish(): void {
    this.done = true;
    if (this.complete) this.facts.trailingBytes += this.d.input.available();
    this.d.input.release();
  }

  private fail(reason: string): RdbError {
    return this.d.position.fail(reason);
  }

  private *file(): Step<void> {
    yield* this.header();
    let expireAtMs: number | null = null;
    for (;;) {
      const recordOffset = this.d.input.offset;
      this.d.position.set('record', recordOffset);
      const input = this.d.input;
      const type = input.pos < input.buf.length ? input.buf[input.pos++]! : yield* this.d.byte();
      switch (type) {
        case Op.ExpireTimeMs:
          expireAtMs = this.d.here >= 8 ? this.d.millisNow() : yield* this.d.millis();
          continue;
        case Op.ExpireTime:
          if (this.d.here < 4) yield* this.d.need(4);
          expireAtMs = this.d.int32Now() * 1000;
          continue;
        case Op.Idle:
          yield* this.d.number();
          continue;
        case Op.Freq:
          yield* this.d.byte();
          continue;
        case Op.SelectDb:
          this.db = yield* this.d.count('database number');
          this.d.keyDb = this.db;
          if (!this.facts.databases.includes(this.db)) this.facts.databases.push(this.db);
          continue;
        case Op.ResizeDb: {
          const keys = yield* this.d.number();
          const expires = yield* this.d.number();
          this.facts.resizeHints.push({ db: this.db, keys, expires });
          this.keysSeen.reserve(this.keysSeen.size + keys);
          continue;
        }
        case Op.Aux: {
          this.d.position.set('an aux field', recordOffset);
          const name = yield* this.d.text();
          const value = yield* this.d.text();
          this.facts.aux.push({ name, value });
          continue;
        }
        case Op.SlotInfo:
          for (let i = 0; i < 3; i++) yield* this.d.number();
          this.facts.slotInfoRecords++;
          continue;
        case Op.SlotImport: {
          if (this.facts.magic === 'REDIS') {
            yield* this.keyMetadata(recordOffset);
            continue;
          }
          yield* this.d.string(0);
          const ranges = yield* this.d.count('slot import ranges');
          for (let i = 0; i < ranges; i++) {
            yield* this.d.count('slot range');
            yield* this.d.count('slot range');
          }
          this.facts.slotImportRecords++;
          continue;
        }
        case Op.ModuleAux: {
          this.d.position.set('module aux data', recordOffset);
          yield* this.d.number();
          const module = moduleName(this.d.high, this.d.low);
          yield* this.d.count('module aux when-opcode');
          yield* this.d.count('module aux when');
          yield* this.values.moduleValue();
          this.facts.moduleAux.push({ module, bytes: this.d.input.offset - recordOffset });
          continue;
        }
        case Op.Function2:
          this.d.position.set('a function library', recordOffset);
          yield* this.d.string(0);
          this.facts.functionLibraries++;
          this.facts.functionBytes += this.d.stringLength;
          continue;
        case Op.FunctionPreGa:
          throw this.fail('functions in the format of Redis 7.0 release candidates are not supported');
        case Op.Eof:
          yield* this.checksum();
          return;
        default: {
          // A key and its value: straight through when all here (keyValueNow), else here, waiting
          // for their bytes (in this generator, not one more per key: each is an allocation).
          if (!this.keyValueNow(type, recordOffset, expireAtMs)) {
            const typeName = this.typeNameOf(type);
            const d = this.d;
            this.startKey(recordOffset);
            if (!d.stringNow(KEY_PREFIX_BYTES, true)) yield* d.string(KEY_PREFIX_BYTES, true);
            this.keyRead(recordOffset, typeName);
            const value = this.values.valueNow(type) ?? (yield* this.values.value(type, this.facts.magic === 'REDIS'));
            this.emitKey(expireAtMs, type, value, recordOffset);
          }
          expireAtMs = null;
        }
      }
    }
  }

  private *header(): Step<void> {
    // Looked at in place, so that a message about it names byte 0.
    yield* this.d.need(9);
    const b = this.d.input.buf.subarray(this.d.input.pos, this.d.input.pos + 9);
    const magic = String.fromCharCode(...b.subarray(0, 6));
    const digits = String.fromCharCode(...b.subarray(b[0] === 0x52 ? 5 : 6, 9));
    let version: number;
    if (magic.startsWith('REDIS') && /^\d{4}$/.test(digits)) {
      version = Number(digits);
      this.facts.magic = 'REDIS';
      if (version < 1 || version > NEWEST_REDIS_RDB_VERSION) {
        throw this.fail(
          `RDB version ${version} with the REDIS magic is not one this reader knows (1-${NEWEST_REDIS_RDB_VERSION})`,
        );
      }
    } else if (magic === 'VALKEY' && /^\d{3}$/.test(digits)) {
      version = Number(digits);
      this.facts.magic = 'VALKEY';
      if (version !== VALKEY_RDB_VERSION) {
        throw this.fail(
          version > VALKEY_RDB_VERSION
            ? `RDB version ${version} is newer than this reader knows (${VALKEY_RDB_VERSION})`
            : `RDB version ${version} is not valid with the VALKEY magic`,
        );
      }
    } else {
      throw this.fail(`not an RDB file: it starts with ${JSON.stringify(String.fromCharCode(...b))}`);
    }
    this.facts.version = version;
    this.d.input.pos += 9;
  }

  private *checksum(): Step<void> {
    this.d.input.updateCrc();
    const computed = this.d.input.crc.hex();
    if ((this.facts.version ?? 0) >= 5) {
      this.d.position.set('the checksum', this.d.input.offset);
      const b = yield* this.d.bytes(8);
      const stored = littleEndianHex(b, 0);
      const status = stored === '0000000000000000' ? 'not-written' : stored === computed ? 'ok' : 'mismatch';
      this.facts.checksum = { status, stored, computed };
      if (status === 'mismatch') throw this.fail(`bad checksum: the file says ${stored}, its bytes give ${computed}`);
    }
    this.complete = true;
  }

  /**
   * Redis 8.6's key metadata (keymeta.c), written before a key's type when a module attached
   * some: a count of classes, each a 4-byte class spec then a module value. Counted with its
   * bytes; what it costs in memory (8 bytes a class in the key's object) is not priced.
   */
  private *keyMetadata(recordOffset: number): Step<void> {
    this.d.position.set('key metadata', recordOffset);
    const classes = yield* this.d.count('key metadata classes');
    for (let i = 0; i < classes; i++) {
      yield* this.d.skip(4);
      yield* this.values.moduleValue();
    }
    this.facts.keyMetadataRecords++;
    this.facts.keyMetadataBytes += this.d.input.offset - recordOffset;
  }

  /** A key's type checked against the file's magic: the name a message gives it. */
  private typeNameOf(type: number): string {
    const redis = this.facts.magic === 'REDIS';
    const typeName = redis ? (REDIS_ONLY_TYPE_NAMES[type] ?? RDB_TYPE_NAMES[type]) : RDB_TYPE_NAMES[type];
    if (typeName === undefined || type === 6 || type === 9) {
      throw this.fail(
        typeName === undefined ? `unknown type or opcode ${type}` : `the ${typeName} type (from old servers) is not supported`,
      );
    }
    // 22-25 are Redis 7.4+'s hashes with field TTLs in a REDIS file, Valkey's (22 only) in a VALKEY
    // one; 26 is Redis 8.6's stream.
    if (type > 22 && !(redis && (type <= 25 || type === REDIS_STREAM_V4))) throw this.fail(`unknown type or opcode ${type}`);
    return typeName;
  }

  /**
   * A key and its value straight through, for a value that is one string (most records) whose
   * bytes are all here: false with nothing read otherwise, and the file's loop reads the record.
   */
  private keyValueNow(type: number, offset: number, expireAtMs: number | null): boolean {
    // These types are below 22, so their names are the same under either magic.
    if (!isOneString(type)) return false;
    const d = this.d;
    const start = d.input.pos;
    this.startKey(offset);
    if (d.stringNow(KEY_PREFIX_BYTES, true)) {
      this.keyRead(offset, RDB_TYPE_NAMES[type]!);
      const value = this.values.valueNow(type);
      if (value !== null) {
        this.emitKey(expireAtMs, type, value, offset);
        return true;
      }
    }
    d.readingKey = false;
    d.input.pos = start;
    return false;
  }

  private startKey(offset: number): void {
    this.d.position.set('key', offset);
    this.d.readingKey = true;
    this.d.keyPrinted = false;
  }

  /**
   * The key just read, into the record: its kept bytes where they are (in place in the file's
   * bytes, or the copy a long, compressed or integer key was read into), not copied again; its
   * fingerprint taken. Then its value is read.
   */
  private keyRead(offset: number, typeName: string): void {
    const d = this.d;
    d.readingKey = false;
    if (d.stringInteger !== null) d.keptBytes();
    if (!d.keyPrinted) d.printKey(d.stringBytes ?? NO_BYTES, d.stringFrom, d.stringFrom + d.stringKept);
    const record = this.record;
    record.keyBytes = d.stringBytes ?? NO_BYTES;
    record.keyFrom = d.stringFrom;
    record.keyKept = d.stringBytes === null ? 0 : d.stringKept;
    record.keyLength = d.stringLength;
    d.position.setValue(typeName, record, offset);
  }

  private emitKey(expireAtMs: number | null, rdbType: number, value: KeyValue, offset: number): void {
    const print = this.d.keyPrint;
    if (!this.keysSeen.add(print.a, print.b)) {
      this.d.position.set('key', offset);
      throw this.fail(
        `duplicate key: ${describedKey(this.record)} appears twice in database ${this.db}, and the servers refuse such a file`,
      );
    }
    this.d.position.keysRead++;
    const record = this.record;
    record.db = this.db;
    record.expireAtMs = expireAtMs;
    record.rdbType = rdbType;
    record.value = value;
    record.offset = offset;
    record.fileBytes = this.d.input.offset - offset;
    this.onKey(record);
  }
}
