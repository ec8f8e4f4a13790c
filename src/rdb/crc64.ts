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

/** A running CRC-64 over bytes given in pieces. */
export class Crc64 {
  hi = 0;
  lo = 0;

  update(bytes: Uint8Array, from = 0, to = bytes.length): void {
    let hi = this.hi;
    let lo = this.lo;
    for (let i = from; i < to; i++) {
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
