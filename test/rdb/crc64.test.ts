import { describe, expect, it } from 'vitest';
import { Crc64 } from '../../src/rdb/crc64';

/** The CRC-64 of crc64.c bit by bit: reflected Jones polynomial, initial value 0, no final xor. */
function bitwiseCrc64(bytes: Uint8Array): string {
  const poly = 0x95ac9329ac4bc9b5n;
  let crc = 0n;
  for (const b of bytes) {
    crc ^= BigInt(b);
    for (let bit = 0; bit < 8; bit++) crc = crc & 1n ? (crc >> 1n) ^ poly : crc >> 1n;
  }
  return crc.toString(16).padStart(16, '0');
}

describe('CRC-64 of an RDB file', () => {
  it('gives the check value of the server (crc64.c: "123456789")', () => {
    const crc = new Crc64();
    crc.update(new TextEncoder().encode('123456789'));
    expect(crc.hex()).toBe('e9c6d914c4b8d9ca');
  });

  it('gives the bitwise CRC for pieces at every alignment and length, word path and byte path alike', () => {
    const buffer = new Uint8Array(300);
    let seed = 7;
    for (let i = 0; i < buffer.length; i++) buffer[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    for (let start = 0; start < 8; start++) {
      for (const length of [0, 1, 3, 15, 16, 17, 31, 32, 33, 64, 100, 255]) {
        const bytes = buffer.subarray(start, start + length);
        const whole = new Crc64();
        whole.update(bytes);
        expect(whole.hex()).toBe(bitwiseCrc64(bytes));
        // In three pieces, as chunks and reads cut a file.
        const pieces = new Crc64();
        const a = Math.floor(length / 3);
        const b = Math.floor((2 * length) / 3);
        pieces.update(bytes, 0, a);
        pieces.update(bytes, a, b);
        pieces.update(bytes, b, length);
        expect(pieces.hex()).toBe(whole.hex());
      }
    }
  });
});
