/**
 * CRC-64 with the Jones polynomial, reflected, initial value 0 and no final xor: the checksum an
 * RDB file ends with (crc64.c of the server). 64-bit values are kept as two 32-bit halves so
 * that the table-driven loop runs on plain numbers.
 */

/** The reflected Jones polynomial 0x95ac9329ac4bc9b5 as halves. */
const POLY_HI = 0x95ac9329;
const POLY_LO = 0xac4bc9b5;

const TABLE_HI = new Uint32Array(256);
const TABLE_LO = new Uint32Array(256);
/** Slicing by 4: T1-T3 are the CRC of a byte followed by 1-3 zero bytes, so 4 bytes cost 4 lookups at once. */
const T1_HI = new Uint32Array(256);
const T1_LO = new Uint32Array(256);
const T2_HI = new Uint32Array(256);
const T2_LO = new Uint32Array(256);
const T3_HI = new Uint32Array(256);
const T3_LO = new Uint32Array(256);
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
  TABLE_HI[i] = hi;
  TABLE_LO[i] = lo;
}

for (const [fromHi, fromLo, toHi, toLo] of [
  [TABLE_HI, TABLE_LO, T1_HI, T1_LO],
  [T1_HI, T1_LO, T2_HI, T2_LO],
  [T2_HI, T2_LO, T3_HI, T3_LO],
] as const) {
  for (let i = 0; i < 256; i++) {
    const index = fromLo[i]! & 0xff;
    toLo[i] = (((fromLo[i]! >>> 8) | (fromHi[i]! << 24)) ^ TABLE_LO[index]!) >>> 0;
    toHi[i] = ((fromHi[i]! >>> 8) ^ TABLE_HI[index]!) >>> 0;
  }
}

/** A running CRC-64 over bytes given in pieces. */
export class Crc64 {
  hi = 0;
  lo = 0;

  update(bytes: Uint8Array, from = 0, to = bytes.length): void {
    let hi = this.hi;
    let lo = this.lo;
    let i = from;
    for (const end4 = to - 3; i < end4; i += 4) {
      const x = lo ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
      const a = x & 0xff;
      const b = (x >>> 8) & 0xff;
      const c = (x >>> 16) & 0xff;
      const d = x >>> 24;
      lo = hi ^ T3_LO[a]! ^ T2_LO[b]! ^ T1_LO[c]! ^ TABLE_LO[d]!;
      hi = T3_HI[a]! ^ T2_HI[b]! ^ T1_HI[c]! ^ TABLE_HI[d]!;
    }
    for (; i < to; i++) {
      const index = (lo ^ bytes[i]!) & 0xff;
      lo = ((lo >>> 8) | (hi << 24)) ^ TABLE_LO[index]!;
      hi = (hi >>> 8) ^ TABLE_HI[index]!;
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

function readUint32LE(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** Hex of 8 little-endian bytes, to name a checksum in a message. */
export function littleEndianHex(bytes: Uint8Array, at: number): string {
  let hex = '';
  for (let i = 7; i >= 0; i--) hex += bytes[at + i]!.toString(16).padStart(2, '0');
  return hex;
}
