import { Crc64 } from '../../src/rdb/crc64';

/** Bytes of ASCII text. */
export const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

/** A file with a correct checksum around the given body (after the header). */
export function withChecksum(header: string, body: ArrayLike<number>): Uint8Array {
  const content = new Uint8Array(header.length + body.length + 1);
  content.set(ascii(header), 0);
  content.set(body, header.length);
  content[content.length - 1] = 0xff;
  const crc = new Crc64();
  crc.update(content);
  const out = new Uint8Array(content.length + 8);
  out.set(content);
  const hex = crc.hex();
  for (let i = 0; i < 8; i++) out[content.length + i] = parseInt(hex.slice(14 - 2 * i, 16 - 2 * i), 16);
  return out;
}

/** An RDB length (6-, 14- or 32-bit form). */
export function rdbLength(n: number): number[] {
  if (n < 64) return [n];
  if (n < 16384) return [0x40 | (n >> 8), n & 0xff];
  return [0x80, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

/** A plain RDB string. */
export function rdbString(text: string | Uint8Array): number[] {
  const bytes = typeof text === 'string' ? ascii(text) : text;
  return [...rdbLength(bytes.length), ...bytes];
}

/** LZF of `length` copies of one byte, as liblzf writes a run: one literal, then back references of at most 264 bytes. */
export function lzfRun(byte: number, length: number): Uint8Array {
  const out: number[] = [0, byte];
  // Pushed one by one: a spread of this many arguments would overflow the stack.
  for (let left = length - 1; left > 0;) {
    const n = Math.min(264, left);
    if (n < 3) {
      out.push(n - 1, ...new Array<number>(n).fill(byte));
    } else if (n - 2 < 7) {
      out.push((n - 2) << 5, 0);
    } else {
      out.push(7 << 5, n - 2 - 7, 0);
    }
    left -= n;
  }
  return new Uint8Array(out);
}

/** An LZF-compressed RDB string: its packed bytes and the length it states. */
export function rdbLzfString(packed: Uint8Array, statedLength: number): number[] {
  const out = [0xc3, ...rdbLength(packed.length), ...rdbLength(statedLength)];
  for (const byte of packed) out.push(byte);
  return out;
}
