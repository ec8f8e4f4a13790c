/**
 * LZF decompression (liblzf's format, which the server uses for strings longer than 20 bytes
 * when rdbcompression is on), as a stream: the compressed bytes are fed as they arrive, so they
 * are never held whole. The output is written only up to the buffer given (a key's prefix, or
 * nothing for a value that is skipped); past it the data is still walked to the end, so every
 * compressed string is checked as the servers check it on load (lzf_decompress must give exactly
 * the stated length) at no memory cost.
 */
export class LzfError extends Error {}

/** The most bytes one LZF token gives: a long back reference, 3 bytes for 7 + 255 + 2. */
const LONGEST_REFERENCE = 264;

/**
 * The most bytes `compressed` bytes of LZF can give (every 3 bytes a longest back reference):
 * a stated length beyond it cannot be the data's, and is refused before anything is allocated.
 */
export function lzfMostOutput(compressed: number): number {
  return Math.ceil(compressed / 3) * LONGEST_REFERENCE;
}

/** Where the stream is between two feeds: before a token, in a literal run, or in a back reference. */
const State = { Control: 0, Literal: 1, ReferenceLength: 2, ReferenceOffset: 3 } as const;

export class LzfStream {
  /** Bytes given so far (written, or only counted past the end of `out`). */
  produced = 0;
  private expected = 0;
  private out: Uint8Array | null = null;
  private state: number = State.Control;
  private literal = 0;
  private referenceLength = 0;
  private referenceHigh = 0;

  /** Starts a string of `expected` bytes, writing its first out.length bytes into `out` (none when null). */
  reset(expected: number, out: Uint8Array | null): this {
    this.expected = expected;
    this.out = out;
    this.produced = 0;
    this.state = State.Control;
    return this;
  }

  feed(input: Uint8Array, from: number, to: number): void {
    const out = this.out;
    const limit = out === null ? 0 : out.length;
    const expected = this.expected;
    let o = this.produced;
    let i = from;
    while (i < to) {
      switch (this.state) {
        case State.Control: {
          const ctrl = input[i++]!;
          if (ctrl < 32) {
            // A literal run of ctrl + 1 bytes.
            this.literal = ctrl + 1;
            if (o + this.literal > expected) throw new LzfError('LZF data longer than its stated length');
            this.state = State.Literal;
          } else {
            // A back reference: length in the top 3 bits (7 means one more byte), offset in 13 bits.
            this.referenceLength = ctrl >> 5;
            this.referenceHigh = (ctrl & 0x1f) << 8;
            this.state = this.referenceLength === 7 ? State.ReferenceLength : State.ReferenceOffset;
          }
          break;
        }
        case State.Literal: {
          const n = Math.min(this.literal, to - i);
          const written = Math.min(n, limit - o);
          // Runs are at most 32 bytes: a loop costs less than a subarray to copy from.
          for (let k = 0; k < written; k++) out![o + k] = input[i + k]!;
          o += n;
          i += n;
          this.literal -= n;
          if (this.literal === 0) this.state = State.Control;
          break;
        }
        case State.ReferenceLength:
          this.referenceLength += input[i++]!;
          this.state = State.ReferenceOffset;
          break;
        case State.ReferenceOffset: {
          const length = this.referenceLength + 2;
          const ref = o - this.referenceHigh - input[i++]! - 1;
          if (ref < 0) throw new LzfError('LZF back reference before the start of the data');
          if (o + length > expected) throw new LzfError('LZF data longer than its stated length');
          // Bytes before the limit refer only to bytes before it, which were written.
          const written = Math.max(0, Math.min(length, limit - o));
          for (let k = 0; k < written; k++) out![o + k] = out![ref + k]!;
          o += length;
          this.state = State.Control;
          break;
        }
      }
    }
    this.produced = o;
  }

  /** The compressed bytes have all been fed: they must have given the stated length. */
  finish(): void {
    if (this.state === State.Literal) throw new LzfError('LZF literal run past the end of the compressed data');
    if (this.state !== State.Control) throw new LzfError('LZF back reference cut short');
    if (this.produced !== this.expected) throw new LzfError(`LZF data gave ${this.produced} bytes, ${this.expected} stated`);
  }
}

/** The first `limit` bytes of compressed data held whole, the rest checked. */
export function lzfDecompress(input: Uint8Array, expectedLength: number, limit = expectedLength): Uint8Array {
  const out = new Uint8Array(Math.min(expectedLength, limit));
  const stream = new LzfStream().reset(expectedLength, out);
  stream.feed(input, 0, input.length);
  stream.finish();
  return out;
}
