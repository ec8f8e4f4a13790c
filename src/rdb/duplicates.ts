/**
 * Duplicate keys: the servers refuse a file that holds a key twice in one database ("RDB has
 * duplicated key"), and so does the reader. Keys are not kept, so each is remembered by a 64-bit
 * fingerprint of its database and all its bytes (two 32-bit hashes, a and b). Two different keys
 * share a fingerprint with a chance of about n²/2^65 (1 in 180,000 at 14 M keys, 1 in 36 million
 * at 1 M), so the message says a key "appears twice" by its fingerprint.
 *
 * The set keeps 6 bytes of each fingerprint, not 8, and loses none of its bits: it is 2^16
 * partitions by the top 16 bits of a, each an open-addressing table of the other 48 (a's low 16
 * bits and b), so a partition's number stands for the bits it does not store. Partitions fill to
 * 7/8; a fingerprint whose partition is full goes whole into a small table beside them, and when
 * that holds over an eighth of the keys every partition doubles. The file's resize hints size the
 * partitions at once. About 7-14 bytes per key: 96 MiB at 14.3 M keys, where 8-byte slots took
 * 128 MiB.
 */

/** A key's fingerprint, fed its bytes in one or several pieces. */
export class KeyFingerprint {
  a = 0;
  b = 0;
  private length = 0;

  start(db: number): void {
    this.a = Math.imul(0x811c9dc5 ^ db, 0x01000193);
    this.b = Math.imul(0x9747b28c ^ db, 0x5bd1e995);
    this.length = 0;
  }

  update(bytes: Uint8Array, from: number, to: number): void {
    let a = this.a;
    let b = this.b;
    for (let i = from; i < to; i++) {
      const byte = bytes[i]!;
      a = Math.imul(a ^ byte, 0x01000193);
      b = Math.imul(b ^ byte, 0x5bd1e995);
      b ^= b >>> 15;
    }
    this.a = a;
    this.b = b;
    this.length += to - from;
  }

  /** Mixes in the length and spreads the bits (murmur3's finaliser); a and b then hold the fingerprint. */
  finish(): void {
    this.a = mix(this.a ^ this.length);
    this.b = mix(this.b ^ Math.imul(this.length, 0x9e3779b1));
    // b = 0 marks an empty slot.
    if (this.b === 0) this.b = 1;
  }
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The most slots a resize hint makes at once (2^24: 96 MiB, room for 14.7 M keys). */
const RESERVE_LIMIT = 1 << 24;
const PARTITION_BITS = 16;
const PARTITIONS = 1 << PARTITION_BITS;

export class FingerprintSet {
  /** Slots per partition (a power of two); partition p is slots [p * perPartition, (p + 1) * perPartition). */
  private perPartition = 1;
  private lows = new Uint16Array(PARTITIONS);
  private bs = new Uint32Array(PARTITIONS);
  private readonly counts = new Uint32Array(PARTITIONS);
  /** Fingerprints whose partition was full, whole. */
  private overflow = new WholeFingerprints();
  size = 0;

  /** The partitions' slots (6 bytes each). */
  get slots(): number {
    return this.bs.length;
  }

  /** The memory the set holds, in bytes. */
  get bytes(): number {
    return this.lows.byteLength + this.bs.byteLength + this.counts.byteLength + this.overflow.bytes;
  }

  /** Adds a fingerprint; false when it was there already. */
  add(a: number, b: number): boolean {
    const partition = a >>> (32 - PARTITION_BITS);
    const low = a & 0xffff;
    const placed = place(this.lows, this.bs, this.perPartition, this.counts[partition]!, partition, low, b);
    if (placed === FOUND) return false;
    if (placed === PLACED) this.counts[partition]!++;
    else {
      // The partition is full: the fingerprint may be among the overflow, or goes there.
      if (!this.overflow.add(a, b)) return false;
      if (this.overflow.size > (this.size >>> 3) + 1024) this.resize(this.perPartition * 2);
    }
    this.size++;
    return true;
  }

  /**
   * Room for `keys` in all, as the file's resize hints announce them: the partitions are made
   * once at their final size, not doubled on the way (a doubling holds the old table and the new
   * one at once). A hint is only the file's word: at most RESERVE_LIMIT slots are made for it.
   */
  reserve(keys: number): void {
    let per = this.perPartition;
    while (per * PARTITIONS < RESERVE_LIMIT && fill(per) * PARTITIONS < keys) per *= 2;
    if (per > this.perPartition) this.resize(per);
  }

  private resize(perPartition: number): void {
    const oldLows = this.lows;
    const oldBs = this.bs;
    const oldPer = this.perPartition;
    const oldOverflow = this.overflow;
    this.perPartition = perPartition;
    this.lows = new Uint16Array(PARTITIONS * perPartition);
    this.bs = new Uint32Array(PARTITIONS * perPartition);
    this.counts.fill(0);
    this.overflow = new WholeFingerprints();
    for (let i = 0; i < oldBs.length; i++) {
      if (oldBs[i] !== 0) this.again(((Math.floor(i / oldPer) << PARTITION_BITS) | oldLows[i]!) >>> 0, oldBs[i]!);
    }
    oldOverflow.forEach((a, b) => this.again(a, b));
  }

  /** A fingerprint of the set placed again after a resize. */
  private again(a: number, b: number): void {
    const partition = a >>> (32 - PARTITION_BITS);
    if (place(this.lows, this.bs, this.perPartition, this.counts[partition]!, partition, a & 0xffff, b) === PLACED)
      this.counts[partition]!++;
    else this.overflow.add(a, b);
  }
}

/** How many of a partition's slots are filled before it overflows: 7/8 (all of a tiny one). */
function fill(perPartition: number): number {
  return perPartition - (perPartition >>> 3);
}

const PLACED = 0;
const FOUND = 1;
const FULL = 2;

/**
 * Linear probing in a partition holding `count` fingerprints, from the slot b names: FOUND,
 * PLACED, or FULL when it is not there and the partition is filled to 7/8.
 */
function place(
  lows: Uint16Array,
  bs: Uint32Array,
  per: number,
  count: number,
  partition: number,
  low: number,
  b: number,
): number {
  const base = partition * per;
  const mask = per - 1;
  for (let k = b & mask, probes = 0; probes < per; k = (k + 1) & mask, probes++) {
    const i = base + k;
    const sb = bs[i]!;
    if (sb === 0) {
      if (count >= fill(per)) return FULL;
      lows[i] = low;
      bs[i] = b;
      return PLACED;
    }
    if (sb === b && lows[i] === low) return FOUND;
  }
  return FULL;
}

/** Whole fingerprints (8 bytes a slot) in an open-addressing table at most 7/8 full, doubling as it fills. */
class WholeFingerprints {
  private a = new Uint32Array(1024);
  private b = new Uint32Array(1024);
  size = 0;

  add(a: number, b: number): boolean {
    if (this.size + 1 > (this.a.length >>> 3) * 7) this.grow();
    if (!placeWhole(this.a, this.b, a, b)) return false;
    this.size++;
    return true;
  }

  get bytes(): number {
    return this.a.byteLength + this.b.byteLength;
  }

  forEach(each: (a: number, b: number) => void): void {
    for (let i = 0; i < this.b.length; i++) if (this.b[i] !== 0) each(this.a[i]!, this.b[i]!);
  }

  private grow(): void {
    const oldA = this.a;
    const oldB = this.b;
    this.a = new Uint32Array(oldA.length * 2);
    this.b = new Uint32Array(oldA.length * 2);
    for (let i = 0; i < oldA.length; i++) if (oldB[i] !== 0) placeWhole(this.a, this.b, oldA[i]!, oldB[i]!);
  }
}

/** Linear probing from the slot `a` names; false when (a, b) is found. */
function placeWhole(slotsA: Uint32Array, slotsB: Uint32Array, a: number, b: number): boolean {
  const mask = slotsA.length - 1;
  for (let i = a & mask; ; i = (i + 1) & mask) {
    const sb = slotsB[i]!;
    if (sb === 0) {
      slotsA[i] = a;
      slotsB[i] = b;
      return true;
    }
    if (sb === b && slotsA[i] === a) return false;
  }
}
