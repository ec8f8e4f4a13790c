import type { ElementSpec } from '../model/snapshotPricing';
import { integerSpec, stringSpec } from './elements';
import { KeyFingerprint } from './duplicates';
import { LzfError, lzfMostOutput, LzfStream } from './lzf';
import { ByteReader, LengthUse, NEED_MORE, type Step } from './primitives';
import { utf8Text } from './text';

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
 * Beside that, the duplicate check keeps a few bytes per key (duplicates.ts).
 */
export const BLOB_LIMIT = 512 * 1024 * 1024;
/** Strings up to this length are read whole to see whether they are integers. */
const INTEGER_TEXT_LIMIT = 20;
/** Aux values kept as text. */
const AUX_TEXT_LIMIT = 4096;

/** How a string is stored: an integer in 1, 2 or 4 bytes, its bytes as they are, or LZF. */
const Stored = { Integer: 0, Raw: 1, Compressed: 2 } as const;

/**
 * RDB strings: one decoder of their header (length, or an integer or LZF encoding) and one of
 * their body, read in place when it is all here. A body that has not all arrived is gathered when
 * it is kept whole, else read as it streams by (skipped, or fed to the LZF stream): never held
 * twice. A key's fingerprint (for the duplicate check) is taken from all its bytes as they pass.
 *
 * After a read: stringLength (exact), stringInteger (an integer-encoded string) and the kept bytes,
 * stringBytes[stringFrom, stringFrom + stringKept): all of the string when it is at most `keep`
 * bytes, else its first `keep` bytes when `prefix` is set, else none (null).
 */
export class StringReader extends ByteReader {
  stringLength = 0;
  stringBytes: Uint8Array | null = null;
  stringFrom = 0;
  stringKept = 0;
  stringInteger: number | null = null;
  /** The database whose keys are read (a key's fingerprint includes it). */
  keyDb = 0;
  readonly keyPrint = new KeyFingerprint();
  /** While a key is read: its fingerprint is taken from all its bytes as they pass. */
  readingKey = false;
  /** Set when the string read took the key's fingerprint already (a key longer than the prefix kept). */
  keyPrinted = false;
  // The last header decoded (headerAt).
  private stored: number = Stored.Raw;
  private bodyAt = 0;
  private bodyBytes = 0;
  /** Set when stringNow found the header here and the body not all here. */
  private bodyWaiting = false;
  private readonly lzf = new LzfStream();

  /**
   * The string's header at the read position: the bytes its body takes in the file (setting
   * stored, bodyAt and stringLength), or NEED_MORE. Sizes the servers could not have written are
   * refused here, before anything is allocated.
   */
  private headerAt(): number {
    const input = this.input;
    const n = this.lengthAt(input.pos, LengthUse.InFile);
    if (n === NEED_MORE) return n;
    if (!this.lengthWasEncoded) {
      this.stored = Stored.Raw;
      this.stringLength = n;
      this.bodyAt = this.lengthEnd;
      this.bodyBytes = n;
      return n;
    }
    if (n <= 2) {
      this.stored = Stored.Integer;
      this.bodyAt = this.lengthEnd;
      this.bodyBytes = 1 << n;
      return 1 << n;
    }
    if (n !== 3) {
      input.pos = this.lengthEnd;
      throw this.fail(`unknown string encoding ${n}`);
    }
    const compressed = this.plainLengthAt(this.lengthEnd, 'compressed length', LengthUse.InFile);
    if (compressed === NEED_MORE) return compressed;
    // The length it gives is not in the file: no check against the file's size.
    const length = this.plainLengthAt(this.lengthEnd, 'uncompressed length', LengthUse.NotInFile);
    if (length === NEED_MORE) return length;
    if (length > BLOB_LIMIT || length > lzfMostOutput(compressed)) {
      input.pos = this.lengthEnd;
      throw this.fail(
        length > BLOB_LIMIT
          ? `a compressed string says it is ${length} bytes, longer than the ${BLOB_LIMIT} bytes the servers allow a string (proto-max-bulk-len)`
          : `a compressed string of ${compressed} bytes says it is ${length} bytes, more than LZF can give from it`,
      );
    }
    this.stored = Stored.Compressed;
    this.stringLength = length;
    this.bodyAt = this.lengthEnd;
    this.bodyBytes = compressed;
    return compressed;
  }

  private plainLengthAt(p: number, what: string, use: LengthUse): number {
    const n = this.lengthAt(p, use);
    if (n !== NEED_MORE && this.lengthWasEncoded) {
      this.input.pos = this.lengthEnd;
      throw this.fail(`${what}: an encoded value where a length belongs`);
    }
    return n;
  }

  /**
   * The string at the read position when all of it is here: true, read; else false with nothing
   * read (string() then waits for it, or reads its body as it streams by).
   */
  stringNow(keep: number, prefix: boolean): boolean {
    this.bodyWaiting = false;
    const body = this.headerAt();
    if (body === NEED_MORE) return false;
    const input = this.input;
    if (this.bodyAt + body > input.buf.length) {
      this.bodyWaiting = true;
      this.needed = this.bodyAt + body - input.pos;
      return false;
    }
    input.pos = this.bodyAt + body;
    this.bodyHere(input.buf, this.bodyAt, body, keep, prefix);
    return true;
  }

  /** A string, waiting for its bytes as they arrive. */
  *string(keep: number, prefix = false): Step<void> {
    while (!this.stringNow(keep, prefix)) {
      if (!this.bodyWaiting) {
        yield* this.need(this.needed);
        continue;
      }
      const input = this.input;
      const body = this.bodyBytes;
      input.pos = this.bodyAt;
      if (this.stored === Stored.Compressed) yield* this.compressedStreaming(body, this.stringLength, keep, prefix);
      else if (this.stored === Stored.Raw && body > keep) yield* this.rawStreaming(body, keep, prefix);
      else {
        // Kept whole (at most `keep` bytes, itself at most BLOB_LIMIT): gathered, then read in place.
        yield* this.need(body);
        input.pos += body;
        this.bodyHere(input.buf, input.pos - body, body, keep, prefix);
      }
      return;
    }
  }

  /** The body of the string whose header was just read, all here at buf[p, p + body). */
  private bodyHere(buf: Uint8Array, p: number, body: number, keep: number, prefix: boolean): void {
    if (this.stored === Stored.Integer) {
      const value =
        body === 1
          ? (buf[p]! << 24) >> 24
          : body === 2
            ? ((buf[p]! | (buf[p + 1]! << 8)) << 16) >> 16
            : buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) | (buf[p + 3]! << 24);
      this.integerString(value);
    } else if (this.stored === Stored.Compressed) {
      const length = this.stringLength;
      const out = this.decompressTarget(length, keep, prefix);
      try {
        const lzf = this.lzf.reset(length, out);
        lzf.feed(buf, p, p + body);
        lzf.finish();
      } catch (e) {
        throw this.lzfFailure(e);
      }
      this.keptDecompressed(out, length, keep);
    } else if (body <= keep) this.keptString(buf, p, body, body);
    else {
      if (prefix && keep > 0) this.keptString(buf.slice(p, p + keep), 0, keep, body);
      else this.keptString(null, 0, 0, body);
      if (this.readingKey) this.printKey(buf, p, p + body);
    }
  }

  /** A string's bytes not kept whole, as they stream by: its prefix kept when asked, the rest skipped. */
  private *rawStreaming(n: number, keep: number, prefix: boolean): Step<void> {
    if (prefix && keep > 0) {
      const kept = (yield* this.bytes(keep)).slice();
      this.keptString(kept, 0, keep, n);
      if (this.readingKey) {
        this.keyPrint.start(this.keyDb);
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

  /** A compressed string as its bytes stream by: never held compressed. */
  private *compressedStreaming(compressed: number, length: number, keep: number, prefix: boolean): Step<void> {
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

  private lzfFailure(e: unknown): unknown {
    return e instanceof LzfError ? this.fail(`bad compressed string: ${e.message}`) : e;
  }

  /** A key's fingerprint from all its bytes (bytes[from, to)). */
  printKey(bytes: Uint8Array, from: number, to: number): void {
    this.keyPrint.start(this.keyDb);
    this.keyPrint.update(bytes, from, to);
    this.keyPrint.finish();
    this.keyPrinted = true;
  }

  /** The bytes kept of the last string (null when none were); an integer's text is made here. */
  keptBytes(): Uint8Array | null {
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
  lastElement(): ElementSpec {
    return this.stringInteger !== null
      ? integerSpec(this.stringInteger)
      : stringSpec(this.stringBytes, this.stringLength, this.stringFrom);
  }

  /** A string element's spec (integer when the server would store it as one) when its bytes are here, else null with nothing read. */
  elementNow(): ElementSpec | null {
    return this.stringNow(INTEGER_TEXT_LIMIT, false) ? this.lastElement() : null;
  }

  *element(): Step<ElementSpec> {
    yield* this.string(INTEGER_TEXT_LIMIT);
    return this.lastElement();
  }

  /** A string that must be held whole (a listpack, ziplist or intset), when it is here; else null. */
  blobNow(what: string): Uint8Array | null {
    return this.stringNow(BLOB_LIMIT, false) ? this.heldBlob(what) : null;
  }

  *blob(what: string): Step<Uint8Array> {
    yield* this.string(BLOB_LIMIT);
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

  /** A short text (an aux field's name or value): its first AUX_TEXT_LIMIT bytes. */
  *text(): Step<string> {
    yield* this.string(AUX_TEXT_LIMIT, true);
    return utf8Text(this.keptBytes() ?? new Uint8Array(0));
  }
}

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
