import { closeSync, openSync, writeSync } from 'node:fs';
import { Crc64 } from '../../src/rdb/crc64';
import { lzfDecompress } from '../../src/rdb/lzf';
import { RdbReader } from '../../src/rdb/reader';

/**
 * A large RDB file made from a real dump without a server: the dump's key records written again
 * and again, each copy's keys renamed `<key>:<copy>` (so every key is new and the families keep
 * their shape: the copy number folds into `*`), values byte for byte as the server wrote them,
 * under the dump's header and aux fields, with a correct CRC-64. Written to a file in pieces, so
 * a 2 GB file needs no more memory than the dump.
 */

/** One key record of the dump: its expiry, type byte, full key and the value's bytes as written. */
interface SourceRecord {
  expireAtMs: number | null;
  type: number;
  key: Uint8Array;
  value: Uint8Array;
}

/** What was written: sizes a bench or a test checks the reading against. */
export interface ReplicaFacts {
  bytes: number;
  keys: number;
  copies: number;
  keysPerCopy: number;
}

/** Where the string at `at` ends, and its full bytes (raw, LZF or integer-encoded). */
function rdbStringAt(file: Uint8Array, at: number): { end: number; bytes: Uint8Array } {
  const dv = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const readLength = (p: number): { value: number; encoded: boolean; next: number } => {
    const first = file[p]!;
    const kind = first >> 6;
    if (kind === 0) return { value: first & 0x3f, encoded: false, next: p + 1 };
    if (kind === 1) return { value: ((first & 0x3f) << 8) | file[p + 1]!, encoded: false, next: p + 2 };
    if (kind === 3) return { value: first & 0x3f, encoded: true, next: p + 1 };
    if (first === 0x80) return { value: dv.getUint32(p + 1, false), encoded: false, next: p + 5 };
    throw new Error(`length byte 0x${first.toString(16)} at ${p} is not one a key of the dump uses`);
  };
  const length = readLength(at);
  if (!length.encoded) {
    return { end: length.next + length.value, bytes: file.subarray(length.next, length.next + length.value) };
  }
  if (length.value <= 2) {
    const width = 1 << length.value;
    const value =
      width === 1 ? dv.getInt8(length.next) : width === 2 ? dv.getInt16(length.next, true) : dv.getInt32(length.next, true);
    return { end: length.next + width, bytes: new TextEncoder().encode(String(value)) };
  }
  const compressed = readLength(length.next);
  const uncompressed = readLength(compressed.next);
  const packed = file.subarray(uncompressed.next, uncompressed.next + compressed.value);
  return { end: uncompressed.next + compressed.value, bytes: lzfDecompress(packed, uncompressed.value) };
}

/** The dump's key records, its 9-byte header and aux fields, read with the project's own reader. */
function sourceOf(dump: Uint8Array): {
  header: Uint8Array;
  aux: Array<{ name: string; value: string }>;
  records: SourceRecord[];
} {
  const records: SourceRecord[] = [];
  const reader = new RdbReader((record) => {
    const key = rdbStringAt(dump, record.offset + 1);
    records.push({
      expireAtMs: record.expireAtMs,
      type: record.rdbType,
      key: key.bytes.slice(),
      value: dump.slice(key.end, record.offset + record.fileBytes),
    });
  });
  reader.push(dump);
  reader.end();
  if (!reader.complete || reader.error) throw new Error(`the dump does not read: ${reader.error?.message ?? 'incomplete'}`);
  return { header: dump.slice(0, 9), aux: reader.facts.aux, records };
}

function lengthBytes(n: number): number[] {
  if (n < 64) return [n];
  if (n < 16_384) return [0x40 | (n >> 8), n & 0xff];
  return [0x80, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

/** A buffered writer that keeps the CRC of everything it writes. */
class ChecksummedFile {
  private readonly fd: number;
  private readonly buffer = new Uint8Array(1 << 22);
  private used = 0;
  readonly crc = new Crc64();
  written = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  write(bytes: ArrayLike<number>): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) {
      const whole = Uint8Array.from(bytes);
      this.crc.update(whole);
      writeSync(this.fd, whole);
      this.written += whole.length;
      return;
    }
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  flush(): void {
    const piece = this.buffer.subarray(0, this.used);
    this.crc.update(piece);
    writeSync(this.fd, piece);
    this.written += this.used;
    this.used = 0;
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Whole copies of the records (each key renamed `<key>:<copy>`) until `bytes` are passed. */
function copiesFor(records: readonly SourceRecord[], bytes: number): number {
  let written = 0;
  let copies = 0;
  while (written < bytes) {
    const suffix = `:${copies}`.length;
    for (const r of records) {
      const key = r.key.length + suffix;
      written += (r.expireAtMs === null ? 0 : 9) + 1 + lengthBytes(key).length + key + r.value.length;
    }
    copies++;
  }
  return copies;
}

/**
 * Writes at least `targetBytes` of `dump`'s records (whole copies) to `path`. The dump's
 * used-mem aux field is left out: it describes the dump, not the copy.
 */
export function writeRdbReplica(dump: Uint8Array, path: string, targetBytes: number): ReplicaFacts {
  const { header, aux, records } = sourceOf(dump);
  const out = new ChecksummedFile(path);
  out.write(header);
  for (const field of aux) {
    if (field.name === 'used-mem') continue;
    const name = ascii(field.name);
    const value = ascii(field.value);
    out.write([0xfa, ...lengthBytes(name.length), ...name, ...lengthBytes(value.length), ...value]);
  }
  out.write([0xfe, 0]); // SELECTDB 0
  // RESIZEDB with the copy's key and expiry counts, as a server writes it before the keys.
  const copies = copiesFor(records, targetBytes - out.written);
  const expiring = records.filter((r) => r.expireAtMs !== null).length;
  out.write([0xfb, ...lengthBytes(copies * records.length), ...lengthBytes(copies * expiring)]);
  const expiry = new Uint8Array(9);
  const expiryView = new DataView(expiry.buffer);
  expiry[0] = 0xfc; // EXPIRETIME_MS, 8 bytes little-endian
  for (let copy = 0; copy < copies; copy++) {
    const suffix = ascii(`:${copy}`);
    for (const r of records) {
      if (r.expireAtMs !== null) {
        expiryView.setBigInt64(1, BigInt(r.expireAtMs), true);
        out.write(expiry);
      }
      out.write([r.type, ...lengthBytes(r.key.length + suffix.length)]);
      out.write(r.key);
      out.write(suffix);
      out.write(r.value);
    }
  }
  out.write([0xff]);
  out.flush();
  const checksum = out.crc.hex();
  out.write(Array.from({ length: 8 }, (_, i) => parseInt(checksum.slice(14 - 2 * i, 16 - 2 * i), 16)));
  out.close();
  return { bytes: out.written, keys: copies * records.length, copies, keysPerCopy: records.length };
}
