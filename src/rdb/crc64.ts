/**
 * CRC-64 with the Jones polynomial, reflected, initial value 0 and no final xor: the checksum an
 * RDB file ends with (crc64.c of the server). 64-bit values are kept as two 32-bit halves so
 * that the table-driven loop runs on plain numbers.
 */

/** The reflected Jones polynomial 0x95ac9329ac4bc9b5 as halves. */
const POLY_HI = 0x95ac9329;
const POLY_LO = 0xac4bc9b5;

/**
 * Slicing by 16: table k (at k x 256) is the CRC of a byte followed by k zero bytes, so 16 bytes
 * cost 16 lookups at once. Table 0 is the plain byte-at-a-time table.
 */
const SLICES = 16;
const TABLES_HI = new Uint32Array(SLICES * 256);
const TABLES_LO = new Uint32Array(SLICES * 256);
for (let i = 0; i < 256; i++) {
  let hi = 0;
  let lo = i;
  for (let bit = 0; bit < 8; bit++) {
    const carry = lo & 1;
    lo = ((lo >>> 1) | ((hi & 1) << 31)) >>> 0;
    hi = hi >>> 1;
    if (carry) {
      hi = (hi ^ POLY_HI) >>> 0;
      lo = (lo ^ POLY_LO) >>> 0;
    }
  }
  TABLES_HI[i] = hi;
  TABLES_LO[i] = lo;
}
for (let k = 1; k < SLICES; k++) {
  for (let i = 0; i < 256; i++) {
    const fromHi = TABLES_HI[(k - 1) * 256 + i]!;
    const fromLo = TABLES_LO[(k - 1) * 256 + i]!;
    const index = fromLo & 0xff;
    TABLES_LO[k * 256 + i] = (((fromLo >>> 8) | (fromHi << 24)) ^ TABLES_LO[index]!) >>> 0;
    TABLES_HI[k * 256 + i] = ((fromHi >>> 8) ^ TABLES_HI[index]!) >>> 0;
  }
}

/** Whether a word's first byte in memory is its lowest (words are then read as the file's bytes). */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** A running CRC-64 over bytes given in pieces. */
export class Crc64 {
  hi = 0;
  lo = 0;

  update(bytes: Uint8Array, from = 0, to = bytes.length): void {
    // Byte by byte up to a 4-byte boundary of the buffer, then 16 bytes at a time read as four
    // words (on a little-endian platform, which is every one the page and the command run on),
    // then the rest byte by byte. Each loop is a function of its own, so that the word loop
    // keeps its optimised code whatever the ends of a piece are.
    let i = from;
    if (LITTLE_ENDIAN && to - from >= 32) {
      const aligned = from + ((4 - ((bytes.byteOffset + from) % 4)) % 4);
      this.updateBytes(bytes, from, aligned);
      const words = ((to - aligned) >> 4) << 2;
      this.updateWords(new Int32Array(bytes.buffer, bytes.byteOffset + aligned, words));
      i = aligned + words * 4;
    }
    this.updateBytes(bytes, i, to);
  }

  private updateBytes(bytes: Uint8Array, from: number, to: number): void {
    let hi = this.hi;
    let lo = this.lo;
    const H = TABLES_HI;
    const L = TABLES_LO;
    for (let i = from; i < to; i++) {
      const index = (lo ^ bytes[i]!) & 0xff;
      lo = ((lo >>> 8) | (hi << 24)) ^ L[index]!;
      hi = (hi >>> 8) ^ H[index]!;
    }
    this.hi = hi >>> 0;
    this.lo = lo >>> 0;
  }

  /** Whole groups of four words. */
  private updateWords(words: Int32Array): void {
    let hi = this.hi;
    let lo = this.lo;
    const H = TABLES_HI;
    const L = TABLES_LO;
    for (let w = 0; w < words.length; w += 4) {
      const x = lo ^ words[w]!;
      const y = hi ^ words[w + 1]!;
      const u = words[w + 2]!;
      const v = words[w + 3]!;
      const a = L[15 * 256 + (x & 0xff)]! ^ L[14 * 256 + ((x >>> 8) & 0xff)]! ^ L[13 * 256 + ((x >>> 16) & 0xff)]!;
      const b = L[12 * 256 + (x >>> 24)]! ^ L[11 * 256 + (y & 0xff)]! ^ L[10 * 256 + ((y >>> 8) & 0xff)]!;
      const c = L[9 * 256 + ((y >>> 16) & 0xff)]! ^ L[8 * 256 + (y >>> 24)]! ^ L[7 * 256 + (u & 0xff)]!;
      const d = L[6 * 256 + ((u >>> 8) & 0xff)]! ^ L[5 * 256 + ((u >>> 16) & 0xff)]! ^ L[4 * 256 + (u >>> 24)]!;
      const e = L[3 * 256 + (v & 0xff)]! ^ L[2 * 256 + ((v >>> 8) & 0xff)]! ^ L[256 + ((v >>> 16) & 0xff)]! ^ L[v >>> 24]!;
      const f = H[15 * 256 + (x & 0xff)]! ^ H[14 * 256 + ((x >>> 8) & 0xff)]! ^ H[13 * 256 + ((x >>> 16) & 0xff)]!;
      const g = H[12 * 256 + (x >>> 24)]! ^ H[11 * 256 + (y & 0xff)]! ^ H[10 * 256 + ((y >>> 8) & 0xff)]!;
      const h = H[9 * 256 + ((y >>> 16) & 0xff)]! ^ H[8 * 256 + (y >>> 24)]! ^ H[7 * 256 + (u & 0xff)]!;
      const j = H[6 * 256 + ((u >>> 8) & 0xff)]! ^ H[5 * 256 + ((u >>> 16) & 0xff)]! ^ H[4 * 256 + (u >>> 24)]!;
      const k = H[3 * 256 + (v & 0xff)]! ^ H[2 * 256 + ((v >>> 8) & 0xff)]! ^ H[256 + ((v >>> 16) & 0xff)]! ^ H[v >>> 24]!;
      lo = a ^ b ^ c ^ d ^ e;
      hi = f ^ g ^ h ^ j ^ k;
    }
    this.hi = hi >>> 0;
    this.lo = lo >>> 0;
  }

  /** The value as 16 hex digits, as the server's tools print it. */
  hex(): string {
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }

  /** Whether the value equals the 8 little-endian bytes at `at`. */
  equalsLittleEndian(bytes: Uint8Array, at: number): boolean {
    return readUint32LE(bytes, at) === this.lo && readUint32LE(bytes, at + 4) === this.hi;
  }
}

// Run on a few bytes as the module loads, more often than the engine waits before it records a
// function's type feedback (8 calls in V8), so that the code after the word loop has feedback
// before a long read compiles the loop while it runs (on-stack replacement): without it, that
// compiled loop is kept and left through a deoptimisation at every call (--trace-deopt: some
// 840 in a 50 MB read).
const warmUp = new Crc64();
for (let i = 0; i < 32; i++) warmUp.update(new Uint8Array(64));

function readUint32LE(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** Hex of 8 little-endian bytes, to name a checksum in a message. */
export function littleEndianHex(bytes: Uint8Array, at: number): string {
  let hex = '';
  for (let i = 7; i >= 0; i--) hex += bytes[at + i]!.toString(16).padStart(2, '0');
  return hex;
}
