import { describe, expect, it } from 'vitest';
import { BLOB_LIMIT } from '../../src/rdb/reader';
import { FingerprintSet } from '../../src/rdb/duplicates';
import { analyze } from './fixtures';
import { lzfRun, rdbLength, rdbLzfString, rdbString, withChecksum } from './rdbBytes';

/** A file of string keys, each [key, value bytes as written]. */
function stringsFile(records: Array<[key: string | Uint8Array | number[], value: number[]]>, selectDb?: number): Uint8Array {
  const body: number[] = selectDb === undefined ? [] : [0xfe, selectDb];
  for (const [key, value] of records) {
    body.push(0x00, ...(Array.isArray(key) ? key : rdbString(key)));
    for (const byte of value) body.push(byte);
  }
  return withChecksum('REDIS0010', body);
}

const read = (bytes: Uint8Array) => analyze(bytes, 65_536, { fileSize: bytes.length });

describe('compressed strings: checked against what the servers allow, not the file size', () => {
  it('reads a value that decompresses to far more than the whole file', () => {
    const packed = lzfRun(0x72, 40_000_000);
    const file = stringsFile([['blob', rdbLzfString(packed, 40_000_000)]]);
    expect(file.length).toBeLessThan(500_000);
    const a = read(file);
    expect(a.error).toBeNull();
    expect(a.status).toBe('complete');
    expect(a.families[0]!.valueSize.max).toBe(40_000_000);
  });

  it('refuses a length beyond the servers’ limit for a string, and one the compressed bytes cannot give', () => {
    const tooLong = read(stringsFile([['blob', rdbLzfString(lzfRun(0x72, 1000), BLOB_LIMIT + 1)]]));
    expect(tooLong.status).toBe('partial');
    expect(tooLong.error?.message).toMatch(
      /^a compressed string says it is 536870913 bytes, longer than the 536870912 bytes the servers allow a string \(proto-max-bulk-len\) at byte \d+/,
    );
    const bomb = read(stringsFile([['blob', rdbLzfString(new Uint8Array(10), 40_000_000)]]));
    expect(bomb.error?.message).toMatch(
      /^a compressed string of 10 bytes says it is 40000000 bytes, more than LZF can give from it/,
    );
  });

  it('checks the LZF data of a value it does not keep, as the servers do on load', () => {
    // The data gives 264 bytes less than it says.
    const short = read(stringsFile([['blob', rdbLzfString(lzfRun(0x72, 1_000_000 - 264), 1_000_000)]]));
    expect(short.status).toBe('partial');
    expect(short.error?.message).toMatch(
      /^bad compressed string: LZF data gave 999736 bytes, 1000000 stated at byte \d+ \(the string value of key "blob"/,
    );
    // A back reference to before the start (a literal byte changed into a reference), split across chunks.
    const packed = lzfRun(0x72, 100_000);
    const broken = packed.slice();
    broken[0] = 0x20;
    const file = stringsFile([['blob', rdbLzfString(broken, 100_000)]]);
    expect(analyze(file, 7, { fileSize: file.length }).error?.message).toMatch(
      /^bad compressed string: LZF back reference before the start/,
    );
  });

  it('holds no more than a chunk for a value that decompresses to 500 MB', () => {
    const file = stringsFile([['blob', rdbLzfString(lzfRun(0x72, 500_000_000), 500_000_000)]]);
    const before = process.memoryUsage().rss;
    const a = read(file);
    expect(a.status).toBe('complete');
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('duplicate keys', () => {
  it('refuses a key written twice in one database, as the servers do', () => {
    const a = read(
      stringsFile([
        ['a', rdbString('1')],
        ['b', rdbString('2')],
        ['a', rdbString('3')],
      ]),
    );
    expect(a.status).toBe('partial');
    expect(a.error?.message).toMatch(
      /^duplicate key: "a" appears twice in database 0, and the servers refuse such a file at byte \d+ \(the key at byte \d+; 2 keys read before it\)/,
    );
  });

  it('accepts one name in two databases', () => {
    const body = [0xfe, 0, 0x00, ...rdbString('a'), ...rdbString('1'), 0xfe, 1, 0x00, ...rdbString('a'), ...rdbString('2')];
    expect(read(withChecksum('REDIS0010', body)).status).toBe('complete');
  });

  it('tells long keys apart by all their bytes, plain or compressed', () => {
    const long = (last: string) => 'k'.repeat(700) + last;
    expect(
      read(
        stringsFile([
          [long('1'), rdbString('v')],
          [long('2'), rdbString('v')],
        ]),
      ).status,
    ).toBe('complete');
    expect(
      read(
        stringsFile([
          [long('1'), rdbString('v')],
          [long('1'), rdbString('v')],
        ]),
      ).error?.message,
    ).toMatch(/^duplicate key: "kkk/);
    // The same 701 bytes written compressed: the same key.
    const compressed = [...rdbLzfString(lzfRun(0x6b, 700), 700)];
    expect(
      read(
        stringsFile([
          ['k'.repeat(700), rdbString('v')],
          [compressed, rdbString('v')],
        ]),
      ).error?.message,
    ).toMatch(/^duplicate key/);
    // An integer-encoded key and its text are one key.
    expect(
      read(
        stringsFile([
          [[0xc0, 7], rdbString('v')],
          ['7', rdbString('v')],
        ]),
      ).error?.message,
    ).toMatch(/^duplicate key: "7"/);
  });
});

describe('lengths', () => {
  it('still refuses a plain string longer than the file', () => {
    const a = read(stringsFile([['a', rdbLength(40_000_000)]]));
    expect(a.error?.message).toMatch(/^absurd length 40000000: the file has \d+ bytes/);
  });
});

describe('the duplicate check’s table', () => {
  it('is made at the size the resize hints announce, at most 2^24 slots, and still finds duplicates', () => {
    const set = new FingerprintSet();
    set.reserve(1_000_000);
    expect(set.slots).toBe(2 ** 21);
    set.reserve(1e12);
    expect(set.slots).toBe(2 ** 24);
    expect(set.add(1, 2)).toBe(true);
    expect(set.add(1, 2)).toBe(false);
    expect(set.add(1, 3)).toBe(true);
  });

  it('holds the 14.3 M keys of the 2 GB bench file in under 100 MiB (8-byte slots took 128 MiB)', () => {
    const set = new FingerprintSet();
    set.reserve(14_304_979);
    expect(set.bytes).toBeLessThan(100 * 2 ** 20);
  });

  it('finds every duplicate while it grows without a hint, its partitions overflowing and doubling', () => {
    // Fingerprints from a fixed sequence (xorshift): 300,000 distinct ones, then each again.
    let x = 2463534242;
    const next = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x >>> 0;
    };
    const prints = Array.from({ length: 300_000 }, () => [next(), next() || 1] as const);
    const set = new FingerprintSet();
    expect(prints.filter(([a, b]) => set.add(a, b)).length).toBe(prints.length);
    expect(prints.filter(([a, b]) => set.add(a, b)).length).toBe(0);
    // Differing in one bit of a's stored half, or of the half its partition stands for: new.
    expect(set.add(prints[0]![0] ^ 1, prints[0]![1])).toBe(true);
    expect(set.add((prints[0]![0] ^ 0x80000000) >>> 0, prints[0]![1])).toBe(true);
    expect(set.size).toBe(prints.length + 2);
  });
});
