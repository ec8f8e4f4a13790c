/**
 * Duplicate keys: the servers refuse a file that holds a key twice in one database ("RDB has
 * duplicated key"), and so does the reader. Keys are not kept, so each is remembered by a 64-bit
 * fingerprint of its database and all its bytes (two 32-bit hashes), in an open-addressing table
 * of 8 bytes a slot, at most 7/8 full: about 9-18 bytes per key (128 MiB at 14 M keys). Two
 * different keys share a fingerprint with a chance of about n²/2^65 (1 in 180,000 at 14 M keys,
 * 1 in 36 million at 1 M), so the message says a key "appears twice" by its fingerprint.
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
    // 0/0 marks an empty slot.
    if (this.a === 0 && this.b === 0) this.b = 1;
  }
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The most slots a resize hint makes at once (2^24: 128 MiB, room for 14.7 M keys). */
const RESERVE_LIMIT = 1 << 24;

export class FingerprintSet {
  private a = new Uint32Array(1024);
  private b = new Uint32Array(1024);
  size = 0;

  /** The table's slots (8 bytes each). */
  get slots(): number {
    return this.a.length;
  }

  /** Adds a fingerprint; false when it was there already. */
  add(a: number, b: number): boolean {
    if (this.size + 1 > (this.a.length >>> 3) * 7) this.grow();
    if (!place(this.a, this.b, a, b)) return false;
    this.size++;
    return true;
  }

  /**
   * Room for `keys` in all, as the file's resize hints announce them: the table is made once at
   * its final size, not doubled on the way (a doubling holds the old table and the new one at
   * once). A hint is only the file's word: at most RESERVE_LIMIT slots are made for it.
   */
  reserve(keys: number): void {
    let slots = this.a.length;
    while (slots < RESERVE_LIMIT && (slots >>> 3) * 7 < keys) slots *= 2;
    if (slots > this.a.length) this.resize(slots);
  }

  private grow(): void {
    this.resize(this.a.length * 2);
  }

  private resize(slots: number): void {
    const oldA = this.a;
    const oldB = this.b;
    this.a = new Uint32Array(slots);
    this.b = new Uint32Array(slots);
    for (let i = 0; i < oldA.length; i++) if (oldA[i] !== 0 || oldB[i] !== 0) place(this.a, this.b, oldA[i]!, oldB[i]!);
  }
}

/** Linear probing from the slot `a` names; false when (a, b) is found. */
function place(slotsA: Uint32Array, slotsB: Uint32Array, a: number, b: number): boolean {
  const mask = slotsA.length - 1;
  for (let i = a & mask; ; i = (i + 1) & mask) {
    const sa = slotsA[i]!;
    const sb = slotsB[i]!;
    if (sa === 0 && sb === 0) {
      slotsA[i] = a;
      slotsB[i] = b;
      return true;
    }
    if (sa === a && sb === b) return false;
  }
}
