import type { ChunkInput } from './input';
import { keyText, type KeyRecord } from './records';

/** A file the reader cannot go on with, at a byte offset, after what it had read. */
export class RdbError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
    readonly keysRead: number,
    readonly context: string,
  ) {
    super(`${reason} at byte ${offset} (${context}; ${keysRead} keys read before it)`);
  }
}

/**
 * Where the reader is, for a message: set in place per record (one object), and worded only when
 * a message is made (a key's name costs time). Every part of the reader fails through it, so
 * every message names the offset, the record and the keys read the same way.
 */
export class ReadPosition {
  private what = 'header';
  private at = 0;
  private typeName = '';
  private key: KeyRecord | null = null;
  keysRead = 0;

  constructor(private readonly input: ChunkInput) {}

  /** Reading `what` ('header', 'record', 'key', or words of its own) that starts at `offset`. */
  set(what: string, offset: number): void {
    this.what = what;
    this.at = offset;
  }

  /** Reading the value of `key`, of the type `typeName`, whose record starts at `offset`. */
  setValue(typeName: string, key: KeyRecord, offset: number): void {
    this.what = 'value';
    this.at = offset;
    this.typeName = typeName;
    this.key = key;
  }

  /** An error at the byte the reader has come to, saying where it was. */
  fail(reason: string): RdbError {
    return new RdbError(reason, this.input.offset, this.keysRead, this.describe());
  }

  private describe(): string {
    switch (this.what) {
      case 'header':
        return 'the header';
      case 'record':
        return `the record at byte ${this.at}`;
      case 'key':
        return `the key at byte ${this.at}`;
      case 'value':
        return `the ${this.typeName} value of key ${describedKey(this.key!)} at byte ${this.at}`;
      default:
        return this.what;
    }
  }
}

/** A key in a message: its first 64 bytes, quoted. */
export function describedKey(key: Pick<KeyRecord, 'keyBytes' | 'keyFrom' | 'keyKept'>): string {
  return JSON.stringify(keyText({ keyBytes: key.keyBytes, keyFrom: key.keyFrom, keyKept: Math.min(64, key.keyKept) }));
}
