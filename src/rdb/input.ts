import { Crc64 } from './crc64';

/**
 * The bytes the reader has been given and not yet consumed: the current contiguous buffer and
 * the chunks pushed after it, joined only when one read needs bytes from several chunks. Memory
 * stays at what one read needs plus the chunks pushed since. The CRC runs over every byte as it
 * is consumed.
 */
export class ChunkInput {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  /** File offset of buf[0]. */
  private base = 0;
  private readonly pending: Uint8Array[] = [];
  private pendingBytes = 0;
  ended = false;
  readonly crc = new Crc64();
  private crcPos = 0;
  /** Bytes given so far. */
  received = 0;

  get offset(): number {
    return this.base + this.pos;
  }

  /** Bytes readable now, contiguous or not. */
  available(): number {
    return this.buf.length - this.pos + this.pendingBytes;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.received += chunk.length;
  }

  /**
   * Makes n bytes contiguous at pos; the caller has checked available() >= n. Only those bytes
   * are joined (what is left of buf and the first bytes of the next chunks): the rest of a chunk
   * is read in place once they are consumed, so a read across a chunk's end copies a few bytes,
   * not the chunk.
   */
  gather(n: number): void {
    if (this.buf.length - this.pos >= n) return;
    this.updateCrc();
    const leftover = this.buf.length - this.pos;
    const pending = this.pending;
    let joined: Uint8Array;
    if (leftover === 0 && pending[0]!.length >= n) joined = pending.shift()!;
    else {
      joined = new Uint8Array(n);
      joined.set(this.buf.subarray(this.pos), 0);
      let at = leftover;
      while (at < n) {
        const chunk = pending[0]!;
        const taken = Math.min(chunk.length, n - at);
        if (taken === chunk.length) {
          joined.set(chunk, at);
          pending.shift();
        } else {
          joined.set(chunk.subarray(0, taken), at);
          pending[0] = chunk.subarray(taken);
        }
        at += taken;
      }
    }
    this.pendingBytes -= joined.length - leftover;
    this.base += this.pos;
    this.buf = joined;
    this.pos = 0;
    this.crcPos = 0;
  }

  /** Brings the CRC up to the bytes consumed so far. */
  updateCrc(): void {
    this.crc.update(this.buf, this.crcPos, this.pos);
    this.crcPos = this.pos;
  }

  /** Drops what is buffered (after the end of the file or an error), keeping the counts. */
  release(): void {
    this.base += this.buf.length;
    this.buf = new Uint8Array(0);
    this.pos = 0;
    this.crcPos = 0;
    this.pending.length = 0;
    this.pendingBytes = 0;
  }
}
