import type { ElementSpec } from '../model/snapshotPricing';
import { integerSpec, stringLengthSpec } from './elements';

/**
 * The compact encodings the RDB file stores as one string (listpack, ziplist, intset), walked
 * entry by entry. Every step checks its bounds: a damaged blob gives a BlobError, never a read
 * past its end or a loop that does not advance.
 */
export class BlobError extends Error {}

/** Where a walk writes a batch of the blob's elements: out[0, n) in order, n returned (entries past it are stale). */
export type ElementSpecs = ElementSpec[];

/**
 * Elements a walker gives per call: a blob is walked in batches, so that what holds them stays
 * small however many elements a blob has. A multiple of 2 and 3, so that a batch holds whole
 * pairs (hash fields and values, zset members and scores) and triplets (fields, values, TTLs).
 */
export const WALK_BATCH = 1536;

/** Where a walk of one blob is: start() it, then call its walker until it gives 0 elements. */
export class BlobWalk {
  /** Byte offset of the next entry (intset: index of the next member); -1 before the header is read. */
  at = -1;
  /** Elements given so far. */
  count = 0;
  done = false;

  start(): void {
    this.at = -1;
    this.count = 0;
    this.done = false;
  }
}

function pastEnd(at: number, n: number, end: number, what: string): void {
  if (at + n > end) throw new BlobError(`${what} entry runs past the end marker`);
}

function view(blob: Uint8Array): DataView {
  return new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
}

// Little-endian reads by hand: a DataView per blob costs more than the few reads it serves.
function uint16At(blob: Uint8Array, p: number): number {
  return blob[p]! | (blob[p + 1]! << 8);
}
function int16At(blob: Uint8Array, p: number): number {
  return (uint16At(blob, p) << 16) >> 16;
}
function int32At(blob: Uint8Array, p: number): number {
  return blob[p]! | (blob[p + 1]! << 8) | (blob[p + 2]! << 16) | (blob[p + 3]! << 24);
}
function uint32At(blob: Uint8Array, p: number): number {
  return int32At(blob, p) >>> 0;
}

/**
 * A little-endian signed 64-bit integer's spec: from a number when it is a safe one (nearly all
 * are), else from its BigInt. A BigInt, its text and a DataView per element were most of what a
 * read allocated.
 */
function int64Spec(blob: Uint8Array, p: number): ElementSpec {
  const value = int32At(blob, p + 4) * 4294967296 + uint32At(blob, p);
  return Number.isSafeInteger(value) ? integerSpec(value) : integerSpec(view(blob).getBigInt64(p, true));
}

/**
 * Listpack: total bytes (u32), count (u16, 65535 = unknown), entries each with a back-length,
 * 0xFF. Gives the next batch of elements (0 once the blob is walked).
 */
export function walkListpack(blob: Uint8Array, out: ElementSpecs, walk: BlobWalk): number {
  if (walk.done) return 0;
  const end = blob.length - 1;
  if (walk.at < 0) {
    if (blob.length < 7) throw new BlobError(`listpack of ${blob.length} bytes is shorter than its header`);
    const total = uint32At(blob, 0);
    if (total !== blob.length) throw new BlobError(`listpack header says ${total} bytes, the string has ${blob.length}`);
    if (blob[end] !== 0xff) throw new BlobError('listpack does not end with its end marker');
    walk.at = 6;
  }
  let p = walk.at;
  let count = 0;
  while (p < end && count < WALK_BATCH) {
    const b = blob[p]!;
    let header: number;
    let dataLength = 0;
    if (b < 0x80) {
      out[count] = integerSpec(b);
      header = 1;
    } else if (b < 0xc0) {
      dataLength = b & 0x3f;
      header = 1;
      if (p + header + dataLength > end) throw new BlobError('listpack string runs past the end marker');
      out[count] = stringLengthSpec(dataLength);
    } else if (b < 0xe0) {
      pastEnd(p, 2, end, 'listpack');
      const raw = ((b & 0x1f) << 8) | blob[p + 1]!;
      out[count] = integerSpec(raw >= 4096 ? raw - 8192 : raw);
      header = 2;
    } else if (b < 0xf0) {
      pastEnd(p, 2, end, 'listpack');
      dataLength = ((b & 0x0f) << 8) | blob[p + 1]!;
      header = 2;
      if (p + header + dataLength > end) throw new BlobError('listpack string runs past the end marker');
      out[count] = stringLengthSpec(dataLength);
    } else if (b === 0xf0) {
      pastEnd(p, 5, end, 'listpack');
      dataLength = uint32At(blob, p + 1);
      header = 5;
      if (p + header + dataLength > end) throw new BlobError('listpack string runs past the end marker');
      out[count] = stringLengthSpec(dataLength);
    } else if (b === 0xf1) {
      pastEnd(p, 3, end, 'listpack');
      out[count] = integerSpec(int16At(blob, p + 1));
      header = 3;
    } else if (b === 0xf2) {
      pastEnd(p, 4, end, 'listpack');
      const raw = blob[p + 1]! | (blob[p + 2]! << 8) | (blob[p + 3]! << 16);
      out[count] = integerSpec(raw >= 0x800000 ? raw - 0x1000000 : raw);
      header = 4;
    } else if (b === 0xf3) {
      pastEnd(p, 5, end, 'listpack');
      out[count] = integerSpec(int32At(blob, p + 1));
      header = 5;
    } else if (b === 0xf4) {
      pastEnd(p, 9, end, 'listpack');
      out[count] = int64Spec(blob, p + 1);
      header = 9;
    } else {
      throw new BlobError(`listpack entry at ${p} has the unknown encoding byte 0x${b.toString(16)}`);
    }
    const entry = header + dataLength;
    p += entry + backLengthBytes(entry);
    if (p > end) throw new BlobError('listpack entry runs past the end marker');
    count++;
  }
  walk.at = p;
  walk.count += count;
  if (p >= end) {
    walk.done = true;
    const declared = uint16At(blob, 4);
    if (declared !== 0xffff && declared !== walk.count) {
      throw new BlobError(`listpack header says ${declared} entries, it holds ${walk.count}`);
    }
  }
  return count;
}

function backLengthBytes(n: number): number {
  if (n <= 127) return 1;
  if (n < 16_383) return 2;
  if (n < 2_097_151) return 3;
  if (n < 268_435_455) return 4;
  return 5;
}

/** Ziplist (RDB 9 and older files): zlbytes, zltail, zllen, entries with a prev-length, 0xFF. */
export function walkZiplist(blob: Uint8Array, out: ElementSpecs, walk: BlobWalk): number {
  if (walk.done) return 0;
  const dv = view(blob);
  const end = blob.length - 1;
  if (walk.at < 0) {
    if (blob.length < 11) throw new BlobError(`ziplist of ${blob.length} bytes is shorter than its header`);
    const total = dv.getUint32(0, true);
    if (total !== blob.length) throw new BlobError(`ziplist header says ${total} bytes, the string has ${blob.length}`);
    if (blob[end] !== 0xff) throw new BlobError('ziplist does not end with its end marker');
    walk.at = 10;
  }
  let p = walk.at;
  let count = 0;
  while (p < end && count < WALK_BATCH) {
    p += blob[p] === 0xfe ? 5 : 1; // previous entry's length
    if (p >= end) throw new BlobError('ziplist entry runs past the end marker');
    const b = blob[p]!;
    const kind = b >> 6;
    let header: number;
    let dataLength = 0;
    if (kind === 0) {
      header = 1;
      dataLength = b & 0x3f;
    } else if (kind === 1) {
      pastEnd(p, 2, end, 'ziplist');
      header = 2;
      dataLength = ((b & 0x3f) << 8) | blob[p + 1]!;
    } else if (kind === 2) {
      pastEnd(p, 5, end, 'ziplist');
      header = 5;
      dataLength = dv.getUint32(p + 1, false);
    } else {
      header = 1;
      if (b === 0xc0) {
        pastEnd(p, 3, end, 'ziplist');
        out[count] = integerSpec(dv.getInt16(p + 1, true));
        header += 2;
      } else if (b === 0xd0) {
        pastEnd(p, 5, end, 'ziplist');
        out[count] = integerSpec(dv.getInt32(p + 1, true));
        header += 4;
      } else if (b === 0xe0) {
        pastEnd(p, 9, end, 'ziplist');
        out[count] = int64Spec(blob, p + 1);
        header += 8;
      } else if (b === 0xf0) {
        pastEnd(p, 4, end, 'ziplist');
        const raw = blob[p + 1]! | (blob[p + 2]! << 8) | (blob[p + 3]! << 16);
        out[count] = integerSpec(raw >= 0x800000 ? raw - 0x1000000 : raw);
        header += 3;
      } else if (b === 0xfe) {
        pastEnd(p, 2, end, 'ziplist');
        out[count] = integerSpec(dv.getInt8(p + 1));
        header += 1;
      } else if (b >= 0xf1 && b <= 0xfd) {
        out[count] = integerSpec((b & 0x0f) - 1);
      } else {
        throw new BlobError(`ziplist entry at ${p} has the unknown encoding byte 0x${b.toString(16)}`);
      }
    }
    if (kind !== 3) {
      if (p + header + dataLength > end) throw new BlobError('ziplist string runs past the end marker');
      out[count] = stringLengthSpec(dataLength);
    }
    p += header + dataLength;
    count++;
  }
  walk.at = p;
  walk.count += count;
  if (p >= end) {
    walk.done = true;
    if (p !== end) throw new BlobError('ziplist entry runs past the end marker');
    const declared = dv.getUint16(8, true);
    if (declared !== 0xffff && declared !== walk.count) {
      throw new BlobError(`ziplist header says ${declared} entries, it holds ${walk.count}`);
    }
  }
  return count;
}

/** Intset: encoding (2, 4 or 8 bytes a member), length, members little-endian. Gives the next batch (0 once walked). */
export function walkIntset(blob: Uint8Array, out: ElementSpecs, walk: BlobWalk): number {
  if (walk.done) return 0;
  if (blob.length < 8) throw new BlobError(`intset of ${blob.length} bytes is shorter than its header`);
  const width = uint32At(blob, 0);
  const length = uint32At(blob, 4);
  if (walk.at < 0) {
    if (width !== 2 && width !== 4 && width !== 8) throw new BlobError(`intset has the unknown width ${width}`);
    if (8 + length * width !== blob.length) {
      throw new BlobError(`intset header says ${length} members of ${width} bytes, the string has ${blob.length} bytes`);
    }
    walk.at = 0;
  }
  const from = walk.at;
  const to = Math.min(length, from + WALK_BATCH);
  for (let i = from, p = 8 + from * width; i < to; i++, p += width) {
    out[i - from] = width === 8 ? int64Spec(blob, p) : integerSpec(width === 2 ? int16At(blob, p) : int32At(blob, p));
  }
  walk.at = to;
  walk.count = to;
  walk.done = to === length;
  return to - from;
}
