import { listpackEntryBytes, LISTPACK_OVERHEAD, type ElementSpec } from '../model/snapshotPricing';
import { littleEndianHex } from './crc64';
import { BlobError, BlobWalk, walkIntset, walkListpack, walkZiplist, type ElementSpecs } from './blobs';
import { ElementTally, emptied, integerSpec, PairTally, stringLengthSpec, stringSpec } from './elements';
import { ChunkInput } from './input';
import { utf8Text } from './text';
import { LzfError, lzfMostOutput, LzfStream } from './lzf';
import { FingerprintSet, KeyFingerprint } from './duplicates';
import {
  keyText,
  RDB_TYPE_NAMES,
  REDIS_ONLY_TYPE_NAMES,
  REDIS_STREAM_V4,
  type HashValue,
  type KeyRecord,
  type KeyValue,
  type ListValue,
  type ModuleValue,
  type RdbFileFacts,
  type SetValue,
  type StreamValue,
  type StringValue,
  type ZsetValue,
} from './records';

/** Bytes of a key the reader keeps (for its family); its length is always exact. */
export const KEY_PREFIX_BYTES = 512;
/**
 * The longest string the servers make (proto-max-bulk-len's default, 512 MiB): the largest
 * listpack, ziplist, intset or compressed string the reader holds whole, and the longest a
 * compressed string may say it is.
 *
 * Memory on any input: the chunks pushed and not yet read, plus at most one string held whole
 * (a listpack, ziplist or intset; a key's first KEY_PREFIX_BYTES, or all of a compressed key
 * longer than that, to see whether it is a duplicate): at most BLOB_LIMIT bytes, and a compressed
 * one is decompressed as its bytes stream by, never held compressed too. A compressed value the
 * reader does not hold (a string value) is checked as it streams by, holding nothing. So a
 * decompression bomb costs at most BLOB_LIMIT plus a chunk, and only if its compressed bytes can
 * give the length it states (lzfMostOutput): one that cannot is refused before any allocation.
 * Beside that, the duplicate check keeps 9-18 bytes per key (duplicates.ts).
 */
export const BLOB_LIMIT = 512 * 1024 * 1024;
/** Strings up to this length are read whole to see whether they are integers. */
const INTEGER_TEXT_LIMIT = 20;
/** Aux values kept as text. */
const AUX_TEXT_LIMIT = 4096;

/** The newest RDB version of each magic that this reader knows. */
export const NEWEST_REDIS_RDB_VERSION = 13;
export const VALKEY_RDB_VERSION = 80;

/** A file the reader cannot go on with, at a byte offset, after what it had read. */
export class RdbError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
    readonly keysRead: number,
    readonly context: string,
  ) {
    super(`${reason} at byte ${offset} (${context}; ${keysRead} keys read before it)`);
  }
}

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

type Step<T> = Generator<void, T, void>;

/**
 * A streaming RDB reader: push chunks as they arrive, then end(). Keys go to `onKey` as they are
 * read; nothing of the file is kept but the facts that are not keys. The parser is a generator
 * that pauses whenever the bytes it needs have not arrived, so a chunk may end anywhere.
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
  keysRead = 0;
  /** Set once the EOF opcode and checksum are read. */
  complete = false;
  error: RdbError | null = null;

  private readonly input = new ChunkInput();
  private readonly parser: Step<void>;
  private done = false;
  /** Where the parser is, for a message: worded only when one is needed (a key's name costs time). */
  private readonly context: { what: string; at: number; typeName: string; key: KeyRecord | null } = {
    what: 'header',
    at: 0,
    typeName: '',
    key: null,
  };
  private db = 0;
  // Results of the last length and string reads, kept here so that a read allocates nothing.
  private lengthWasEncoded = false;
  private stringLength = 0;
  /** The kept bytes of the last string are stringBytes[stringFrom, stringFrom + stringKept) (null: none kept). */
  private stringBytes: Uint8Array | null = null;
  private stringFrom = 0;
  private stringKept = 0;
  private stringInteger: number | bigint | null = null;
  /** The blob being walked, and its last batch of elements (walk()): reused from blob to blob. */
  private readonly blobWalk = new BlobWalk();
  private readonly walked: ElementSpecs = [];
  /**
   * The record handed to onKey and the value of each type, filled afresh for each key (fresh*()
   * empties one): nothing is allocated per key or per element once the tallies have grown.
   */
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
  private readonly lzf = new LzfStream();
  /** The keys read so far, by fingerprint (per database). */
  private readonly keysSeen = new FingerprintSet();
  private readonly keyPrint = new KeyFingerprint();
  /** While a key is read: its fingerprint is taken from all its bytes as they pass. */
  private readingKey = false;
  /** Set when the string read took the key's fingerprint already (a key longer than the prefix kept). */
  private keyPrinted = false;

  constructor(
    private readonly onKey: (record: KeyRecord) => void,
    private readonly options: RdbReaderOptions = {},
  ) {
    this.parser = this.file();
  }

  /** Bytes given so far, and the offset up to which they are read. */
  get bytesReceived(): number {
    return this.input.received;
  }
  get offset(): number {
    return this.input.offset;
  }

  push(chunk: Uint8Array): void {
    if (this.done) {
      if (this.complete) this.facts.trailingBytes += chunk.length;
      return;
    }
    this.input.push(chunk);
    this.run();
  }

  /** No more chunks: the file must have been complete. */
  end(): void {
    if (this.done) return;
    this.input.ended = true;
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
    if (this.complete) this.facts.trailingBytes += this.input.available();
    this.input.release();
  }

  private fail(reason: string): RdbError {
    return new RdbError(reason, this.input.offset, this.keysRead, this.describeContext());
  }

  /** Where the parser is now, for a message (one object, set in place: this runs per record). */
  private at(what: string, offset: number): void {
    this.context.what = what;
    this.context.at = offset;
  }

  private describeContext(): string {
    const c = this.context;
    switch (c.what) {
      case 'header':
        return 'the header';
      case 'record':
        return `the record at byte ${c.at}`;
      case 'key':
        return `the key at byte ${c.at}`;
      case 'value':
        return `the ${c.typeName} value of key ${describedKey(c.key!)} at byte ${c.at}`;
      default:
        return c.what;
    }
  }

  // ---- primitive reads -------------------------------------------------------------------

  /** Waits until n bytes are buffered and makes them contiguous. */
  private *need(n: number): Step<void> {
    while (this.input.available() < n) {
      if (this.input.ended) {
        if (this.input.received === 0) throw this.fail('empty file, not a snapshot');
        throw this.fail(`the file ends: ${n} more bytes needed, ${this.input.available()} left`);
      }
      yield;
    }
    this.input.gather(n);
  }

  private *byte(): Step<number> {
    const input = this.input;
    if (input.buf.length - input.pos < 1) yield* this.need(1);
    return input.buf[input.pos++]!;
  }

  private *bytes(n: number): Step<Uint8Array> {
    const input = this.input;
    if (input.buf.length - input.pos < n) yield* this.need(n);
    const out = input.buf.subarray(input.pos, input.pos + n);
    input.pos += n;
    return out;
  }

  /** Skips n bytes (giving them to a key's fingerprint when one is being taken). */
  private *skip(n: number, print: KeyFingerprint | null = null): Step<void> {
    const input = this.input;
    while (n > 0) {
      let here = input.buf.length - input.pos;
      if (here === 0) {
        yield* this.need(1);
        here = input.buf.length - input.pos;
      }
      const step = Math.min(here, n);
      if (print !== null) print.update(input.buf, input.pos, input.pos + step);
      input.pos += step;
      n -= step;
    }
  }

  /**
   * An RDB length; sets lengthWasEncoded when the byte announces a special string encoding instead.
   * `inFile`: the length is of bytes in the file, so it cannot be beyond the file's size.
   */
  private *length(inFile = true): Step<number> {
    const input = this.input;
    if (input.buf.length - input.pos < 1) yield* this.need(1);
    const first = input.buf[input.pos]!;
    const kind = first >> 6;
    this.lengthWasEncoded = false;
    if (kind === 0) {
      input.pos++;
      return first & 0x3f;
    }
    if (kind === 1) {
      const b = yield* this.bytes(2);
      return ((first & 0x3f) << 8) | b[1]!;
    }
    if (kind === 3) {
      input.pos++;
      this.lengthWasEncoded = true;
      return first & 0x3f;
    }
    if (first === 0x80) {
      const b = yield* this.bytes(5);
      const n = new DataView(b.buffer, b.byteOffset + 1, 4).getUint32(0, false);
      return inFile ? this.checkLength(n) : n;
    }
    if (first === 0x81) {
      const b = yield* this.bytes(9);
      const big = new DataView(b.buffer, b.byteOffset + 1, 8).getBigUint64(0, false);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw this.fail(`absurd length ${big}`);
      return inFile ? this.checkLength(Number(big)) : Number(big);
    }
    throw this.fail(`unknown length encoding byte 0x${first.toString(16)}`);
  }

  /** A plain length (a count or a string's), never a special encoding. */
  private *count(what: string, inFile = true): Step<number> {
    const n = yield* this.length(inFile);
    if (this.lengthWasEncoded) throw this.fail(`${what}: an encoded value where a length belongs`);
    return n;
  }

  /** A 64-bit number in the length encoding (module ids, stream ids, hints): no size, so no size check. */
  private *length64(): Step<bigint> {
    const input = this.input;
    if (input.buf.length - input.pos < 1) yield* this.need(1);
    if (input.buf[input.pos] === 0x81) {
      const b = yield* this.bytes(9);
      return new DataView(b.buffer, b.byteOffset + 1, 8).getBigUint64(0, false);
    }
    const first = input.buf[input.pos]!;
    if (first === 0x80) {
      const b = yield* this.bytes(5);
      return BigInt(new DataView(b.buffer, b.byteOffset + 1, 4).getUint32(0, false));
    }
    return BigInt(yield* this.count('number'));
  }

  // ---- reads without waiting ---------------------------------------------------------------
  // The usual case: the bytes a read needs are already here, contiguous. These read them with no
  // generator and no allocation, or return a miss (-1, null, false) having read nothing; the
  // generators above then wait for the bytes and give every message about a damaged file.

  /** Bytes contiguous at pos. */
  private get here(): number {
    return this.input.buf.length - this.input.pos;
  }

  /** Position after the length read by lengthAt. */
  private lengthEnd = 0;

  /** The length encoded at p (setting lengthWasEncoded and lengthEnd), or -1 when it is not all here or not plain. */
  private lengthAt(p: number, inFile = true): number {
    const buf = this.input.buf;
    if (p >= buf.length) return -1;
    const first = buf[p]!;
    const kind = first >> 6;
    if (kind === 0 || kind === 3) {
      this.lengthWasEncoded = kind === 3;
      this.lengthEnd = p + 1;
      return first & 0x3f;
    }
    this.lengthWasEncoded = false;
    if (kind === 1) {
      if (p + 2 > buf.length) return -1;
      this.lengthEnd = p + 2;
      return ((first & 0x3f) << 8) | buf[p + 1]!;
    }
    if (first !== 0x80 || p + 5 > buf.length) return -1;
    const n = ((buf[p + 1]! << 24) | (buf[p + 2]! << 16) | (buf[p + 3]! << 8) | buf[p + 4]!) >>> 0;
    const size = this.options.fileSize;
    if (inFile && size !== undefined && n > size) return -1;
    this.lengthEnd = p + 5;
    return n;
  }

  /** count() when its bytes are here and it is a plain length, else -1. */
  private countNow(): number {
    const n = this.lengthAt(this.input.pos);
    if (n < 0 || this.lengthWasEncoded) return -1;
    this.input.pos = this.lengthEnd;
    return n;
  }

  /** millis() on 8 bytes that are here: the 64-bit value as the nearest number, as Number() of it gives. */
  private millisNow(): number {
    const input = this.input;
    const buf = input.buf;
    const p = input.pos;
    input.pos += 8;
    const low = (buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) | (buf[p + 3]! << 24)) >>> 0;
    const high = buf[p + 4]! | (buf[p + 5]! << 8) | (buf[p + 6]! << 16) | (buf[p + 7]! << 24);
    return high * 4294967296 + low;
  }

  /** A little-endian double from 8 bytes that are here. */
  private doubleNow(): number {
    const input = this.input;
    for (let i = 0; i < 8; i++) DOUBLE_BYTES[i] = input.buf[input.pos + i]!;
    input.pos += 8;
    return DOUBLE_VIEW.getFloat64(0, true);
  }

  /**
   * string(keep, prefix) when all of the string is here, else false with nothing read. Unusual
   * strings (an absurd length, a compressed string that is skipped, or one too long to hold) are
   * left to string().
   */
  private stringNow(keep: number, prefix: boolean): boolean {
    const input = this.input;
    const buf = input.buf;
    const n = this.lengthAt(input.pos);
    if (n < 0) return false;
    let p = this.lengthEnd;
    if (this.lengthWasEncoded) {
      if (n <= 2) {
        const width = 1 << n;
        if (p + width > buf.length) return false;
        const value =
          width === 1
            ? (buf[p]! << 24) >> 24
            : width === 2
              ? ((buf[p]! | (buf[p + 1]! << 8)) << 16) >> 16
              : buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) | (buf[p + 3]! << 24);
        input.pos = p + width;
        this.integerString(value);
        return true;
      }
      if (n !== 3) return false;
      const compressed = this.lengthAt(p);
      if (compressed < 0 || this.lengthWasEncoded) return false;
      // The length it gives is not in the file: no check against the file's size.
      const length = this.lengthAt(this.lengthEnd, false);
      if (length < 0 || this.lengthWasEncoded) return false;
      p = this.lengthEnd;
      if (this.compressedSizesWrong(compressed, length) || p + compressed > buf.length) return false;
      input.pos = p + compressed;
      this.decompressed(buf, p, compressed, length, keep, prefix);
      return true;
    }
    if (n <= keep) {
      if (n > BLOB_LIMIT || p + n > buf.length) return false;
      this.keptString(buf, p, n, n);
    } else {
      if (p + n > buf.length) return false;
      if (prefix && keep > 0) this.keptString(buf.slice(p, p + keep), 0, keep, n);
      else this.keptString(null, 0, 0, n);
      if (this.readingKey) this.printKey(buf, p, p + n);
    }
    input.pos = p + n;
    return true;
  }

  private keptString(bytes: Uint8Array | null, from: number, kept: number, length: number): void {
    this.stringInteger = null;
    this.stringLength = length;
    this.stringBytes = bytes;
    this.stringFrom = from;
    this.stringKept = kept;
  }

  /** An integer-encoded string: its decimal text is made only when its bytes are asked for (keptBytes). */
  private integerString(value: number): void {
    const spec = integerSpec(value);
    this.keptString(null, 0, spec.length, spec.length);
    this.stringInteger = value;
  }

  /**
   * Whether a compressed string's sizes are ones the servers could not have written: longer than
   * a string may be, or more than its compressed bytes can give. compressedSizes() says which.
   */
  private compressedSizesWrong(compressed: number, length: number): boolean {
    return length > BLOB_LIMIT || length > lzfMostOutput(compressed);
  }

  private compressedSizes(compressed: number, length: number): void {
    if (length > BLOB_LIMIT) {
      throw this.fail(
        `a compressed string says it is ${length} bytes, longer than the ${BLOB_LIMIT} bytes the servers allow a string (proto-max-bulk-len)`,
      );
    }
    if (length > lzfMostOutput(compressed)) {
      throw this.fail(`a compressed string of ${compressed} bytes says it is ${length} bytes, more than LZF can give from it`);
    }
  }

  /**
   * Where a compressed string's bytes go: a buffer for the bytes kept (all, or a prefix; all of a
   * key, for its fingerprint), or none. Sets stringLength.
   */
  private decompressTarget(length: number, keep: number, prefix: boolean): Uint8Array | null {
    this.stringInteger = null;
    this.stringLength = length;
    const wanted = length <= keep || this.readingKey ? length : prefix ? keep : 0;
    return wanted > 0 ? new Uint8Array(wanted) : null;
  }

  /** The string read into `out` (see decompressTarget): kept, and a key's fingerprint taken. */
  private keptDecompressed(out: Uint8Array | null, length: number, keep: number): void {
    if (out === null) this.keptString(null, 0, 0, length);
    else this.keptString(out, 0, Math.min(out.length, keep), length);
    if (this.readingKey && out !== null && length > keep) this.printKey(out, 0, length);
  }

  /** A compressed string all here: packed[from, from + compressed). */
  private decompressed(
    packed: Uint8Array,
    from: number,
    compressed: number,
    length: number,
    keep: number,
    prefix: boolean,
  ): void {
    const out = this.decompressTarget(length, keep, prefix);
    try {
      const lzf = this.lzf.reset(length, out);
      lzf.feed(packed, from, from + compressed);
      lzf.finish();
    } catch (e) {
      throw this.lzfFailure(e);
    }
    this.keptDecompressed(out, length, keep);
  }

  /** A compressed string as its bytes stream by: never held compressed. */
  private *decompressedStreaming(compressed: number, length: number, keep: number, prefix: boolean): Step<void> {
    const out = this.decompressTarget(length, keep, prefix);
    const lzf = this.lzf.reset(length, out);
    const input = this.input;
    let n = compressed;
    try {
      while (n > 0) {
        let here = input.buf.length - input.pos;
        if (here === 0) {
          yield* this.need(1);
          here = input.buf.length - input.pos;
        }
        const step = Math.min(here, n);
        lzf.feed(input.buf, input.pos, input.pos + step);
        input.pos += step;
        n -= step;
      }
      lzf.finish();
    } catch (e) {
      throw this.lzfFailure(e);
    }
    this.keptDecompressed(out, length, keep);
  }

  private lzfFailure(e: unknown): unknown {
    return e instanceof LzfError ? this.fail(`bad compressed string: ${e.message}`) : e;
  }

  /** A key's fingerprint from all its bytes (bytes[from, to)). */
  private printKey(bytes: Uint8Array, from: number, to: number): void {
    this.keyPrint.start(this.db);
    this.keyPrint.update(bytes, from, to);
    this.keyPrint.finish();
    this.keyPrinted = true;
  }

  /** The bytes kept of the last string (null when none were). */
  private keptBytes(): Uint8Array | null {
    const integer = this.stringInteger;
    if (integer !== null && this.stringBytes === null) {
      this.keptString(asciiBytes(String(integer)), 0, this.stringLength, this.stringLength);
      this.stringInteger = integer;
    }
    const bytes = this.stringBytes;
    if (bytes === null) return null;
    return this.stringFrom === 0 && this.stringKept === bytes.length
      ? bytes
      : bytes.subarray(this.stringFrom, this.stringFrom + this.stringKept);
  }

  /** The element spec of the last string read. */
  private lastElement(): ElementSpec {
    return this.stringInteger !== null
      ? integerSpec(this.stringInteger)
      : stringSpec(this.stringBytes, this.stringLength, this.stringFrom);
  }

  private checkLength(n: number): number {
    const size = this.options.fileSize;
    if (size !== undefined && n > size) throw this.fail(`absurd length ${n}: the file has ${size} bytes`);
    return n;
  }

  /**
   * An RDB string. Sets stringLength (exact), stringInteger (for integer-encoded strings) and
   * stringBytes: the whole string when it is at most `keep` bytes, else its first `keep` bytes
   * when `prefix` is set, else null. Bytes that are not kept are skipped as they stream by.
   */
  private *string(keep: number, prefix = false): Step<void> {
    const n = yield* this.length();
    this.stringInteger = null;
    if (this.lengthWasEncoded) {
      if (n <= 2) {
        const width = 1 << n;
        const b = yield* this.bytes(width);
        const dv = new DataView(b.buffer, b.byteOffset, width);
        const value = width === 1 ? dv.getInt8(0) : width === 2 ? dv.getInt16(0, true) : dv.getInt32(0, true);
        this.integerString(value);
        return;
      }
      if (n === 3) {
        const compressed = yield* this.count('compressed length');
        // The length it gives is not in the file: no check against the file's size.
        const length = yield* this.count('uncompressed length', false);
        this.compressedSizes(compressed, length);
        yield* this.decompressedStreaming(compressed, length, keep, prefix);
        return;
      }
      throw this.fail(`unknown string encoding ${n}`);
    }
    this.stringLength = n;
    if (n <= keep) {
      if (n > BLOB_LIMIT) throw this.fail(`absurd length: a string of ${n} bytes`);
      this.keptString(yield* this.bytes(n), 0, n, n);
    } else if (prefix && keep > 0) {
      const kept = (yield* this.bytes(keep)).slice();
      this.keptString(kept, 0, keep, n);
      if (this.readingKey) {
        this.keyPrint.start(this.db);
        this.keyPrint.update(kept, 0, keep);
        yield* this.skip(n - keep, this.keyPrint);
        this.keyPrint.finish();
        this.keyPrinted = true;
      } else yield* this.skip(n - keep);
    } else {
      this.keptString(null, 0, 0, n);
      yield* this.skip(n);
    }
  }

  /** A string element's spec: integer when the server would store it as one. */
  private *element(): Step<ElementSpec> {
    yield* this.string(INTEGER_TEXT_LIMIT);
    return this.lastElement();
  }

  /** element() when its bytes are here, else null with nothing read. */
  private elementNow(): ElementSpec | null {
    return this.stringNow(INTEGER_TEXT_LIMIT, false) ? this.lastElement() : null;
  }

  /** A string that must be held whole (a listpack, ziplist or intset). */
  private *blob(what: string): Step<Uint8Array> {
    if (!this.stringNow(BLOB_LIMIT, false)) yield* this.string(BLOB_LIMIT);
    return this.heldBlob(what);
  }

  /** The string just read, which must be a blob held whole. */
  private heldBlob(what: string): Uint8Array {
    const bytes = this.keptBytes();
    if (bytes === null || this.stringInteger !== null) {
      throw this.fail(`${what} of ${this.stringLength} bytes is not a string the reader can hold`);
    }
    return bytes;
  }

  private *text(): Step<string> {
    yield* this.string(AUX_TEXT_LIMIT, true);
    return utf8Text(this.keptBytes() ?? new Uint8Array(0));
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
      if (e instanceof BlobError) throw this.fail(`bad ${what}: ${e.message}`);
      throw e;
    }
  }

  private *millis(): Step<number> {
    yield* this.need(8);
    return this.millisNow();
  }

  // ---- the file ----------------------------------------------------------------------------

  private *file(): Step<void> {
    yield* this.header();
    let expireAtMs: number | null = null;
    for (;;) {
      const recordOffset = this.input.offset;
      this.at('record', recordOffset);
      const input = this.input;
      const type = input.pos < input.buf.length ? input.buf[input.pos++]! : yield* this.byte();
      switch (type) {
        case Op.ExpireTimeMs:
          expireAtMs = this.here >= 8 ? this.millisNow() : yield* this.millis();
          continue;
        case Op.ExpireTime: {
          const b = yield* this.bytes(4);
          expireAtMs = new DataView(b.buffer, b.byteOffset, 4).getInt32(0, true) * 1000;
          continue;
        }
        case Op.Idle:
          yield* this.length64();
          continue;
        case Op.Freq:
          yield* this.byte();
          continue;
        case Op.SelectDb:
          this.db = yield* this.count('database number');
          if (!this.facts.databases.includes(this.db)) this.facts.databases.push(this.db);
          continue;
        case Op.ResizeDb: {
          const keys = Number(yield* this.length64());
          const expires = Number(yield* this.length64());
          this.facts.resizeHints.push({ db: this.db, keys, expires });
          this.keysSeen.reserve(this.keysSeen.size + keys);
          continue;
        }
        case Op.Aux: {
          this.at('an aux field', recordOffset);
          const name = yield* this.text();
          const value = yield* this.text();
          this.facts.aux.push({ name, value });
          continue;
        }
        case Op.SlotInfo:
          for (let i = 0; i < 3; i++) yield* this.length64();
          this.facts.slotInfoRecords++;
          continue;
        case Op.SlotImport: {
          if (this.facts.magic === 'REDIS') {
            yield* this.keyMetadata(recordOffset);
            continue;
          }
          yield* this.string(0);
          const ranges = yield* this.count('slot import ranges');
          for (let i = 0; i < ranges; i++) {
            yield* this.count('slot range');
            yield* this.count('slot range');
          }
          this.facts.slotImportRecords++;
          continue;
        }
        case Op.ModuleAux: {
          this.at('module aux data', recordOffset);
          const module = moduleName(yield* this.length64());
          yield* this.count('module aux when-opcode');
          yield* this.count('module aux when');
          yield* this.moduleValue();
          this.facts.moduleAux.push({ module, bytes: this.input.offset - recordOffset });
          continue;
        }
        case Op.Function2:
          this.at('a function library', recordOffset);
          yield* this.string(0);
          this.facts.functionLibraries++;
          this.facts.functionBytes += this.stringLength;
          continue;
        case Op.FunctionPreGa:
          throw this.fail('functions in the format of Redis 7.0 release candidates are not supported');
        case Op.Eof:
          yield* this.checksum();
          return;
        default:
          if (!this.keyValueNow(type, recordOffset, expireAtMs)) yield* this.keyValue(type, recordOffset, expireAtMs);
          expireAtMs = null;
      }
    }
  }

  private *header(): Step<void> {
    // Looked at in place, so that a message about it names byte 0.
    yield* this.need(9);
    const b = this.input.buf.subarray(this.input.pos, this.input.pos + 9);
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
    this.input.pos += 9;
  }

  private *checksum(): Step<void> {
    this.input.updateCrc();
    const computed = this.input.crc.hex();
    if ((this.facts.version ?? 0) >= 5) {
      this.at('the checksum', this.input.offset);
      const b = yield* this.bytes(8);
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
    this.at('key metadata', recordOffset);
    const classes = yield* this.count('key metadata classes');
    for (let i = 0; i < classes; i++) {
      yield* this.skip(4);
      yield* this.moduleValue();
    }
    this.facts.keyMetadataRecords++;
    this.facts.keyMetadataBytes += this.input.offset - recordOffset;
  }

  private *moduleValue(): Step<void> {
    for (;;) {
      const opcode = yield* this.count('module opcode');
      if (opcode === 0) return;
      if (opcode === 1 || opcode === 2) yield* this.length64();
      else if (opcode === 3) yield* this.skip(4);
      else if (opcode === 4) yield* this.skip(8);
      else if (opcode === 5) yield* this.string(0);
      else throw this.fail(`unknown module opcode ${opcode}`);
    }
  }

  private *keyValue(type: number, offset: number, expireAtMs: number | null): Step<void> {
    const typeName = this.facts.magic === 'REDIS' ? (REDIS_ONLY_TYPE_NAMES[type] ?? RDB_TYPE_NAMES[type]) : RDB_TYPE_NAMES[type];
    if (typeName === undefined || type === 6 || type === 9) {
      throw this.fail(
        typeName === undefined ? `unknown type or opcode ${type}` : `the ${typeName} type (from old servers) is not supported`,
      );
    }
    // 22-25 are Redis 7.4+'s hashes with field TTLs in a REDIS file, Valkey's (22 only) in a VALKEY
    // one; 26 is Redis 8.6's stream.
    const redisFieldTtlHash = this.facts.magic === 'REDIS' && type >= 22 && type <= 25;
    const redisStream = this.facts.magic === 'REDIS' && type === REDIS_STREAM_V4;
    if (type > 22 && !redisFieldTtlHash && !redisStream) throw this.fail(`unknown type or opcode ${type}`);
    this.at('key', offset);
    this.startKey();
    if (!this.stringNow(KEY_PREFIX_BYTES, true)) yield* this.string(KEY_PREFIX_BYTES, true);
    this.keyRead();
    this.at('value', offset);
    this.context.typeName = typeName;
    this.context.key = this.record;
    // Strings and single-blob values whose bytes are here are read without a generator.
    const element = type === 0 ? this.elementNow() : null;
    const blobWhat = redisFieldTtlHash || redisStream ? undefined : BLOB_VALUE_NAMES[type];
    const value =
      element !== null
        ? this.stringOf(element)
        : blobWhat !== undefined && this.stringNow(BLOB_LIMIT, false)
          ? this.blobValue(type, this.heldBlob(blobWhat))
          : redisFieldTtlHash
            ? yield* this.redisFieldTtlHash(type)
            : redisStream
              ? yield* this.stream(type)
              : yield* this.value(type);
    this.emitKey(expireAtMs, type, value, offset);
  }

  /**
   * keyValue() without a generator, for a string or a single-blob value whose record is all here
   * (most records): false with nothing read otherwise, and keyValue() reads the record.
   */
  private keyValueNow(type: number, offset: number, expireAtMs: number | null): boolean {
    // Blob types are below 22, so their names are the same under either magic.
    const blobWhat = BLOB_VALUE_NAMES[type];
    if (type !== 0 && blobWhat === undefined) return false;
    const input = this.input;
    const start = input.pos;
    this.at('key', offset);
    this.startKey();
    if (!this.stringNow(KEY_PREFIX_BYTES, true)) {
      this.readingKey = false;
      return false;
    }
    this.keyRead();
    this.at('value', offset);
    this.context.typeName = RDB_TYPE_NAMES[type]!;
    this.context.key = this.record;
    const element = type === 0 ? this.elementNow() : null;
    if (element === null && (type === 0 || !this.stringNow(BLOB_LIMIT, false))) {
      input.pos = start;
      return false;
    }
    const value = element !== null ? this.stringOf(element) : this.blobValue(type, this.heldBlob(blobWhat!));
    this.emitKey(expireAtMs, type, value, offset);
    return true;
  }

  /**
   * The key just read, into the record: its kept bytes where they are (in place in the file's
   * bytes, or the copy a long, compressed or integer key was read into), not copied again.
   */
  private startKey(): void {
    this.readingKey = true;
    this.keyPrinted = false;
  }

  private keyRead(): void {
    this.readingKey = false;
    if (this.stringInteger !== null) this.keptBytes();
    if (!this.keyPrinted) this.printKey(this.stringBytes ?? NO_BYTES, this.stringFrom, this.stringFrom + this.stringKept);
    const record = this.record;
    record.keyBytes = this.stringBytes ?? NO_BYTES;
    record.keyFrom = this.stringFrom;
    record.keyKept = this.stringBytes === null ? 0 : this.stringKept;
    record.keyLength = this.stringLength;
  }

  private emitKey(expireAtMs: number | null, rdbType: number, value: KeyValue, offset: number): void {
    if (!this.keysSeen.add(this.keyPrint.a, this.keyPrint.b)) {
      this.at('key', offset);
      throw this.fail(
        `duplicate key: ${describedKey(this.record)} appears twice in database ${this.db}, and the servers refuse such a file`,
      );
    }
    this.keysRead++;
    const record = this.record;
    record.db = this.db;
    record.expireAtMs = expireAtMs;
    record.rdbType = rdbType;
    record.value = value;
    record.offset = offset;
    record.fileBytes = this.input.offset - offset;
    this.onKey(record);
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

  private *value(type: number): Step<KeyValue> {
    const blobWhat = BLOB_VALUE_NAMES[type];
    if (blobWhat !== undefined) return this.blobValue(type, yield* this.blob(blobWhat));
    switch (type) {
      case 0:
        return this.stringOf(yield* this.element());
      case 1:
      case 14:
      case 18:
        return yield* this.list(type);
      case 2: {
        const set = this.freshSet();
        const n = yield* this.count('set size');
        for (let i = 0; i < n; i++) set.members.add(this.elementNow() ?? (yield* this.element()));
        return set;
      }
      case 3:
      case 5:
        return yield* this.zset(type);
      case 4:
      case 22:
        return yield* this.hash(type);
      case 7: {
        const module = moduleName(yield* this.length64());
        yield* this.moduleValue();
        this.moduleKeyValue.module = module;
        return this.moduleKeyValue;
      }
      case 15:
      case 19:
      case 21:
        return yield* this.stream(type);
    }
    throw this.fail(`unknown type ${type}`);
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
    throw this.fail(`unknown type ${type}`);
  }

  private *list(type: number): Step<KeyValue> {
    const list = this.freshList();
    const { elements, listpackNodeBytes, plainNodeBytes } = list;
    if (type === 1) {
      const n = yield* this.count('list length');
      let bytes = LISTPACK_OVERHEAD;
      for (let i = 0; i < n; i++) {
        const e = this.elementNow() ?? (yield* this.element());
        elements.add(e);
        bytes += listpackEntryBytes(e);
      }
      if (n > 0) listpackNodeBytes.push(bytes);
    } else {
      const known = this.countNow();
      const nodes = known >= 0 ? known : yield* this.count('quicklist node count');
      for (let i = 0; i < nodes; i++) {
        if (type === 14) {
          this.convertedNode('quicklist ziplist', yield* this.blob('quicklist ziplist'), elements, listpackNodeBytes);
          continue;
        }
        const known = this.countNow();
        const container = known >= 0 ? known : yield* this.count('quicklist container');
        if (container === 1) {
          // A plain node: one element held as is.
          if (!this.stringNow(INTEGER_TEXT_LIMIT, false)) yield* this.string(INTEGER_TEXT_LIMIT);
          elements.add(this.lastElement());
          plainNodeBytes.push(this.stringLength);
        } else if (container === 2) {
          const blob = yield* this.blob('quicklist listpack');
          this.blobWalk.start();
          let n: number;
          while ((n = this.walk('quicklist listpack', walkListpack, blob)) > 0) {
            for (let i = 0; i < n; i++) elements.add(this.walked[i]!);
          }
          const entries = this.blobWalk.count;
          if (entries > 0) listpackNodeBytes.push(blob.length);
        } else throw this.fail(`unknown quicklist container ${container}`);
      }
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
      if (n % 2 !== 0) throw this.fail('zset listpack has a member without a score');
      for (let i = 0; i < n; i += 2) {
        members.add(walked[i]!);
        scoreEntryBytes += listpackEntryBytes(walked[i + 1]!);
      }
    }
    zset.scoreEntryBytes = scoreEntryBytes;
    return zset;
  }

  private *zset(type: number): Step<KeyValue> {
    const zset = this.freshZset();
    const members = zset.members;
    let scoreEntryBytes = 0;
    const n = yield* this.count('zset size');
    for (let i = 0; i < n; i++) {
      members.add(this.elementNow() ?? (yield* this.element()));
      let score: number;
      if (type === 5) {
        if (this.here < 8) yield* this.need(8);
        score = this.doubleNow();
      } else {
        const length = yield* this.byte();
        if (length === 253) score = NaN;
        else if (length === 254) score = Infinity;
        else if (length === 255) score = -Infinity;
        else score = Number(String.fromCharCode(...(yield* this.bytes(length))));
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
      if (n % 2 !== 0) throw this.fail('hash listpack has a field without a value');
      for (let i = 0; i < n; i += 2) pairs.add(walked[i]!, walked[i + 1]!);
    }
    return hash;
  }

  private *hash(type: number): Step<KeyValue> {
    const hash = this.freshHash();
    const pairs = hash.pairs;
    let volatileFields = 0;
    const known = this.countNow();
    const n = known >= 0 ? known : yield* this.count('hash size');
    for (let i = 0; i < n; i++) {
      const field = this.elementNow() ?? (yield* this.element());
      const value = this.elementNow() ?? (yield* this.element());
      if (type === 22) {
        const expiry = this.here >= 8 ? this.millisNow() : yield* this.millis();
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
    if (type === 24 || type === 25) yield* this.millis();
    const hash = this.freshHash();
    const pairs = hash.pairs;
    let volatileFields = 0;
    if (type === 23 || type === 25) {
      const blob = yield* this.blob('hash listpack with TTLs');
      const walked = this.walked;
      this.blobWalk.start();
      // Batches hold whole triplets (WALK_BATCH is a multiple of 3): only the last can be cut.
      let n: number;
      while ((n = this.walk('hash listpack with TTLs', walkListpack, blob)) > 0) {
        if (n % 3 !== 0) throw this.fail('hash listpack with TTLs does not hold whole triplets');
        for (let i = 0; i < n; i += 3) {
          pairs.add(walked[i]!, walked[i + 1]!);
          const ttl = walked[i + 2]!;
          if (!(ttl.kind === 'int' && ttl.value === 0)) volatileFields++;
        }
      }
      hash.volatileFields = volatileFields;
      return hash;
    }
    const n = yield* this.count('hash size');
    for (let i = 0; i < n; i++) {
      if ((yield* this.length64()) !== 0n) volatileFields++;
      const field = this.elementNow() ?? (yield* this.element());
      pairs.add(field, this.elementNow() ?? (yield* this.element()));
    }
    hash.volatileFields = volatileFields;
    return hash;
  }

  private *stream(type: number): Step<KeyValue> {
    const listpacks = yield* this.count('stream listpack count');
    for (let i = 0; i < listpacks; i++) {
      yield* this.string(0);
      yield* this.string(0);
    }
    // Lengths from here on are ids, times and counters, not sizes: read as 64-bit numbers.
    const entries = Number(yield* this.length64());
    const ids = type >= 19 ? 7 : 2; // last id; first id, max deleted id, entries added
    for (let i = 0; i < ids; i++) yield* this.length64();
    const groups = yield* this.count('consumer group count');
    for (let g = 0; g < groups; g++) {
      yield* this.string(0);
      yield* this.length64();
      yield* this.length64();
      if (type >= 19) yield* this.length64();
      const pending = yield* this.count('pending entries');
      for (let p = 0; p < pending; p++) {
        yield* this.skip(16 + 8);
        yield* this.length64();
      }
      const consumers = yield* this.count('consumer count');
      for (let c = 0; c < consumers; c++) {
        yield* this.string(0);
        yield* this.skip(type >= 21 ? 16 : 8);
        const owned = yield* this.count('consumer pending entries');
        yield* this.skip(owned * 16);
      }
    }
    if (type === REDIS_STREAM_V4) {
      // Idempotent producers (rdbSaveStreamIdmpEntries): duration, max entries, then each
      // producer's id and its entries (an id string and a stream id), then two counters.
      yield* this.length64();
      yield* this.length64();
      const producers = yield* this.count('stream producer count');
      for (let p = 0; p < producers; p++) {
        yield* this.string(0);
        const ids = yield* this.count('stream producer entries');
        for (let e = 0; e < ids; e++) {
          yield* this.string(0);
          yield* this.length64();
          yield* this.length64();
        }
      }
      yield* this.length64();
      yield* this.length64();
    }
    this.streamValue.entries = entries;
    return this.streamValue;
  }
}

const NO_BYTES = new Uint8Array(0);

/** A key in a message: its first 64 bytes, quoted. */
function describedKey(key: Pick<KeyRecord, 'keyBytes' | 'keyFrom' | 'keyKept'>): string {
  return JSON.stringify(keyText({ keyBytes: key.keyBytes, keyFrom: key.keyFrom, keyKept: Math.min(64, key.keyKept) }));
}

// A double's bytes are copied here to be read as one, with no view made per score.
const DOUBLE_BYTES = new Uint8Array(8);
const DOUBLE_VIEW = new DataView(DOUBLE_BYTES.buffer);

/** The value types held in one blob, with the name a message gives the blob. */
const BLOB_VALUE_NAMES: Record<number, string> = {
  10: 'list ziplist',
  11: 'intset',
  12: 'zset',
  13: 'hash',
  16: 'hash',
  17: 'zset',
  20: 'set listpack',
};

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

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

const MODULE_NAME_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A module type's 9-character name from its 64-bit id (54 bits of name, 10 of encoding version). */
export function moduleName(id: bigint): string {
  let rest = id >> 10n;
  let name = '';
  for (let i = 0; i < 9; i++) {
    name = MODULE_NAME_CHARS[Number(rest & 63n)]! + name;
    rest >>= 6n;
  }
  return name;
}
