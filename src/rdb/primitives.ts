import type { KeyFingerprint } from './duplicates';
import { ChunkInput } from './input';
import { ReadPosition } from './readError';

/**
 * The reader's primitive reads: bytes, the RDB length encoding, 64-bit numbers, times and doubles.
 *
 * Each format has one decoder, a plain function over the bytes that are here (contiguous at the
 * read position). When its bytes have not all arrived it returns NEED_MORE having read nothing,
 * and sets `needed`; a caller that may wait (a generator, paused until more chunks are pushed)
 * calls need(needed) and asks again. So the usual case, a record whose bytes are all here, is read
 * with no generator and no allocation, and a record cut by a chunk's end by the same code.
 */

/** A generator step: it pauses (yields) whenever the bytes it needs have not arrived. */
export type Step<T> = Generator<void, T, void>;

/** What a decoder returns when its bytes are not all here (no length, count or number is negative). */
export const NEED_MORE = -1;

/** What a length is checked against: bytes in the file, bytes made from it (LZF output), or a 64-bit number. */
export const LengthUse = { InFile: 0, NotInFile: 1, Number: 2 } as const;
export type LengthUse = (typeof LengthUse)[keyof typeof LengthUse];

export class ByteReader {
  readonly input = new ChunkInput();
  readonly position = new ReadPosition(this.input);
  /** Bytes from the read position that the last decoder to return NEED_MORE needs contiguous. */
  needed = 0;
  // The last length decoded (lengthAt), kept here so that a read allocates nothing.
  /** The byte announced a special string encoding (its number is the length's value). */
  lengthWasEncoded = false;
  /** Where the length's bytes end. */
  lengthEnd = 0;
  /** The last number's two 32-bit halves (numberAt): exact where the number may be rounded. */
  high = 0;
  low = 0;

  constructor(private readonly fileSize: number | undefined) {}

  fail(reason: string): Error {
    return this.position.fail(reason);
  }

  /** Bytes contiguous at the read position. */
  get here(): number {
    return this.input.buf.length - this.input.pos;
  }

  /** Waits until n bytes are buffered and makes them contiguous. */
  *need(n: number): Step<void> {
    const input = this.input;
    while (input.available() < n) {
      if (input.ended) {
        if (input.received === 0) throw this.fail('empty file, not a snapshot');
        throw this.fail(`the file ends: ${n} more bytes needed, ${input.available()} left`);
      }
      yield;
    }
    input.gather(n);
  }

  *byte(): Step<number> {
    const input = this.input;
    if (input.buf.length - input.pos < 1) yield* this.need(1);
    return input.buf[input.pos++]!;
  }

  *bytes(n: number): Step<Uint8Array> {
    const input = this.input;
    if (input.buf.length - input.pos < n) yield* this.need(n);
    const out = input.buf.subarray(input.pos, input.pos + n);
    input.pos += n;
    return out;
  }

  /** Skips n bytes as they stream by (giving them to a key's fingerprint when one is being taken). */
  *skip(n: number, print: KeyFingerprint | null = null): Step<void> {
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
   * The one decoder of the RDB length encoding, at buf[p]: the length (sets lengthEnd, and
   * lengthWasEncoded when the byte announces a special string encoding instead), or NEED_MORE.
   * A length of bytes in the file cannot be beyond the file's size; none can be beyond 2^53.
   * On an error the read position is where the length's bytes end, as the message says.
   */
  lengthAt(p: number, use: LengthUse): number {
    const buf = this.input.buf;
    if (p < buf.length) {
      const first = buf[p]!;
      if (first < 0x40 || first >= 0xc0) {
        this.lengthWasEncoded = first >= 0xc0;
        this.lengthEnd = p + 1;
        return first & 0x3f;
      }
      if (first < 0x80 && p + 2 <= buf.length) {
        this.lengthWasEncoded = false;
        this.lengthEnd = p + 2;
        return ((first & 0x3f) << 8) | buf[p + 1]!;
      }
    }
    return this.longLengthAt(p, use);
  }

  /** lengthAt() for 32- and 64-bit lengths, an unknown encoding, or bytes not here. */
  private longLengthAt(p: number, use: LengthUse): number {
    const input = this.input;
    const buf = input.buf;
    if (p >= buf.length) return this.short(p + 1);
    const first = buf[p]!;
    this.lengthWasEncoded = false;
    if (first < 0x80) return this.short(p + 2);
    if (first === 0x80) {
      if (p + 5 > buf.length) return this.short(p + 5);
      this.lengthEnd = p + 5;
      const n = bigEndian32(buf, p + 1);
      return use === LengthUse.InFile ? this.inFile(n) : n;
    }
    if (first === 0x81) {
      if (p + 9 > buf.length) return this.short(p + 9);
      this.lengthEnd = p + 9;
      const high = bigEndian32(buf, p + 1);
      const low = bigEndian32(buf, p + 5);
      if (use === LengthUse.Number) {
        this.high = high;
        this.low = low;
      } else if (high >= 0x200000) {
        input.pos = this.lengthEnd;
        throw this.fail(`absurd length ${(BigInt(high) << 32n) | BigInt(low)}`);
      }
      // Exact below 2^53, else the nearest double (as Number() of the 64-bit value gives).
      const n = high * 4294967296 + low;
      return use === LengthUse.InFile ? this.inFile(n) : n;
    }
    input.pos = p;
    throw this.fail(`unknown length encoding byte 0x${first.toString(16)}`);
  }

  /** NEED_MORE: bytes up to `end` are needed. */
  protected short(end: number): number {
    this.needed = end - this.input.pos;
    return NEED_MORE;
  }

  private inFile(n: number): number {
    const size = this.fileSize;
    if (size !== undefined && n > size) {
      this.input.pos = this.lengthEnd;
      throw this.fail(`absurd length ${n}: the file has ${size} bytes`);
    }
    return n;
  }

  /** A plain length (a count or a string's) at the read position, never a special encoding; NEED_MORE or read. */
  countAt(what: string, use: LengthUse = LengthUse.InFile): number {
    const n = this.lengthAt(this.input.pos, use);
    if (n === NEED_MORE) return n;
    this.input.pos = this.lengthEnd;
    if (this.lengthWasEncoded) throw this.fail(`${what}: an encoded value where a length belongs`);
    return n;
  }

  *count(what: string, use: LengthUse = LengthUse.InFile): Step<number> {
    let n: number;
    while ((n = this.countAt(what, use)) === NEED_MORE) yield* this.need(this.needed);
    return n;
  }

  /**
   * A 64-bit number in the length encoding (module ids, stream ids, hints): no size, so no size
   * check. The nearest double; high and low hold it exactly.
   */
  numberAt(): number {
    const input = this.input;
    const first = input.pos < input.buf.length ? input.buf[input.pos]! : 0;
    const n = this.countAt('number', LengthUse.Number);
    if (n !== NEED_MORE && first !== 0x81) {
      this.high = 0;
      this.low = n;
    }
    return n;
  }

  *number(): Step<number> {
    let n: number;
    while ((n = this.numberAt()) === NEED_MORE) yield* this.need(this.needed);
    return n;
  }

  /** A 64-bit little-endian time in milliseconds, from 8 bytes that are here: the nearest number, as Number() of it gives. */
  millisNow(): number {
    const input = this.input;
    const buf = input.buf;
    const p = input.pos;
    input.pos += 8;
    const low = (buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) | (buf[p + 3]! << 24)) >>> 0;
    const high = buf[p + 4]! | (buf[p + 5]! << 8) | (buf[p + 6]! << 16) | (buf[p + 7]! << 24);
    return high * 4294967296 + low;
  }

  *millis(): Step<number> {
    if (this.here < 8) yield* this.need(8);
    return this.millisNow();
  }

  /** A little-endian double from 8 bytes that are here. */
  doubleNow(): number {
    const input = this.input;
    for (let i = 0; i < 8; i++) DOUBLE_BYTES[i] = input.buf[input.pos + i]!;
    input.pos += 8;
    return DOUBLE_VIEW.getFloat64(0, true);
  }

  /** A little-endian signed 32-bit number from 4 bytes that are here. */
  int32Now(): number {
    const input = this.input;
    const buf = input.buf;
    const p = input.pos;
    input.pos += 4;
    return buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) | (buf[p + 3]! << 24);
  }
}

function bigEndian32(buf: Uint8Array, p: number): number {
  return ((buf[p]! << 24) | (buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!) >>> 0;
}

// A double's bytes are copied here to be read as one, with no view made per score.
const DOUBLE_BYTES = new Uint8Array(8);
const DOUBLE_VIEW = new DataView(DOUBLE_BYTES.buffer);
