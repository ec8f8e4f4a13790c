import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Crc64 } from '../../src/rdb/crc64';
import { lzfDecompress } from '../../src/rdb/lzf';
import { DEFAULT_ANALYSIS_OPTIONS, RdbAnalyzer } from '../../src/rdb/analyze';
import { RdbReader } from '../../src/rdb/reader';
import { keptRecord, type KeptRecord } from './keptRecords';
import { KEY_TYPES, keyTypeIndex } from '../../src/rdb/records';
import { utf8Text } from '../../src/rdb/text';
import { analyze, FIXTURES } from './fixtures';
import { ascii, withChecksum } from './rdbBytes';

function readAll(bytes: Uint8Array, chunk: number): { reader: RdbReader; keys: KeptRecord[] } {
  const keys: KeptRecord[] = [];
  const reader = new RdbReader((k) => keys.push(keptRecord(k)), { fileSize: bytes.length });
  for (let i = 0; i < bytes.length; i += chunk) reader.push(bytes.slice(i, i + chunk));
  reader.end();
  return { reader, keys };
}

describe('CRC-64 and LZF', () => {
  it('computes the Jones CRC-64 of the check string as the server does', () => {
    const crc = new Crc64();
    crc.update(ascii('123456789'));
    expect(crc.hex()).toBe('e9c6d914c4b8d9ca');
  });

  it('decompresses a literal run and a back reference, and stops at a prefix', () => {
    // "abc" as literals, then 6 bytes from 3 back.
    const packed = new Uint8Array([2, 0x61, 0x62, 0x63, 0x80, 2]);
    expect(utf8Text(lzfDecompress(packed, 9))).toBe('abcabcabc');
    expect(utf8Text(lzfDecompress(packed, 9, 4))).toBe('abca');
    expect(() => lzfDecompress(packed, 8)).toThrow(/longer than its stated length/);
    expect(() => lzfDecompress(new Uint8Array([0x20, 9]), 3)).toThrow(/before the start/);
  });
});

describe('reading real dumps', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s: every key, the aux fields and the checksum', (_, f) => {
    const { reader, keys } = readAll(f.bytes, 65_536);
    expect(reader.error).toBeNull();
    expect(reader.complete).toBe(true);
    expect(reader.facts.checksum?.status).toBe('ok');
    expect(keys).toHaveLength(f.record.keys + 1); // and the stream
    const expected = {
      '9.1': { magic: 'VALKEY', version: 80 },
      'redis-7.0': { magic: 'REDIS', version: 10 },
      'redis-8.0': { magic: 'REDIS', version: 12 },
      'redis-8.6': { magic: 'REDIS', version: 13 },
    }[f.record.line as string] ?? { magic: 'REDIS', version: 11 };
    expect({ magic: reader.facts.magic, version: reader.facts.version }).toEqual(expected);
    const aux = Object.fromEntries(reader.facts.aux.map((a) => [a.name, a.value]));
    expect(aux[f.record.line.startsWith('redis-') ? 'redis-ver' : 'valkey-ver']).toBe(f.record.version);
    expect(reader.facts.resizeHints).toEqual([
      { db: 0, keys: f.record.keys + 1, expires: keys.filter((k) => k.expireAtMs !== null).length },
    ]);
    // The page values are "<div>" + k x "lorem ipsum " + "</div>", stored LZF-compressed: their
    // lengths after decompression say the decoder is right.
    const pages = keys.filter((k) => utf8Text(k.key).startsWith('page:'));
    expect(pages.length).toBe(60);
    expect(pages.some((k) => k.fileBytes < 200)).toBe(true); // compressed in the file
    for (const k of pages) {
      if (k.value.type !== 'string') throw new Error('page is a string');
      expect((k.value.value.length - 11) % 12).toBe(0);
    }
    const counters = keys.filter((k) => utf8Text(k.key).startsWith('counter:'));
    expect(counters.every((k) => k.value.type === 'string' && k.value.value.kind === 'int')).toBe(true);
    const stream = keys.find((k) => k.value.type === 'stream');
    expect(stream?.value).toEqual({ type: 'stream', entries: 20 });
  });

  // Reading byte by byte is slow by design: these two have a timeout of their own (a busy machine takes over 5 s).
  it('gives the same keys and figures whatever the chunk boundaries', () => {
    const f = FIXTURES.find((x) => x.record.line === '9.1')!;
    const whole = analyze(f.bytes, f.bytes.length);
    for (const chunk of [1, 7, 4093]) expect(analyze(f.bytes, chunk)).toEqual(whole);
  }, 60_000);

  it('reads every record of every dump alike whole (without a generator) and byte by byte (with one)', () => {
    for (const f of FIXTURES) {
      const whole = readAll(f.bytes, f.bytes.length);
      const byBytes = readAll(f.bytes, 1);
      expect(whole.reader.complete && byBytes.reader.complete).toBe(true);
      expect(byBytes.keys).toHaveLength(whole.keys.length);
      expect(byBytes.keys).toEqual(whole.keys);
      expect(byBytes.reader.facts).toEqual(whole.reader.facts);
    }
  }, 60_000);

  it('reads hash fields with their own TTL as Redis 8 writes them (listpacks with TTLs, type 25)', () => {
    for (const f of FIXTURES.filter((x) => x.record.line.startsWith('redis-8'))) {
      const { keys } = readAll(f.bytes, 65_536);
      const carts = keys.filter((k) => utf8Text(k.key).startsWith('cart:'));
      expect(carts).toHaveLength(150);
      // Three fields each: under hash-max-listpack-entries, so Redis keeps them as listpacks with TTLs.
      expect(carts.every((k) => k.rdbType === 25)).toBe(true);
      const volatile = carts.map((k) => (k.value.type === 'hash' ? k.value.volatileFields : -1));
      expect(volatile.reduce((a, b) => a + b, 0)).toBe(100 * 1 + 50 * 2);
      expect(carts.every((k) => k.value.type === 'hash' && k.value.pairs.total === 3)).toBe(true);
    }
  });

  it('reads a hash table with field TTLs as Redis 8 writes it (type 24: TTLs relative to the smallest)', () => {
    for (const [server, version] of [
      ['redis-8.0.6', 12],
      ['redis-8.6.3', 13],
    ] as const) {
      const bytes = new Uint8Array(readFileSync(`test/fixtures/rdb/records/${server}-hash-table-field-ttls.rdb`));
      const { reader, keys } = readAll(bytes, 1000);
      expect(reader.error).toBeNull();
      expect(reader.facts).toMatchObject({ magic: 'REDIS', version, checksum: { status: 'ok' } });
      // 600 fields (past Redis 8's listpack limit of 512), 4 of them with a TTL (makeFixtures.ts RECORD_DUMPS).
      expect(
        keys.map((k) => [
          utf8Text(k.key),
          k.rdbType,
          k.value.type === 'hash' && k.value.pairs.total,
          k.value.type === 'hash' && k.value.volatileFields,
        ]),
      ).toEqual([['big', 24, 600, 4]]);
    }
  });

  it('reads the stream of Redis 8.6 (type 26, with its idempotent-producer fields)', () => {
    const f = FIXTURES.find((x) => x.record.line === 'redis-8.6')!;
    const { keys } = readAll(f.bytes, 65_536);
    const stream = keys.find((k) => k.value.type === 'stream')!;
    expect(stream.rdbType).toBe(26);
    expect(stream.value).toEqual({ type: 'stream', entries: 20 });
  });

  it('reads hash fields with their own TTL (Valkey 9)', () => {
    const f = FIXTURES.find((x) => x.record.line === '9.1')!;
    const { keys } = readAll(f.bytes, 65_536);
    const carts = keys.filter((k) => utf8Text(k.key).startsWith('cart:'));
    expect(carts).toHaveLength(150);
    expect(carts.every((k) => k.rdbType === 22)).toBe(true);
    const volatile = carts.map((k) => (k.value.type === 'hash' ? k.value.volatileFields : -1));
    // hexpire set 1 field on two keys of three and 2 on the third (makeFixtures.ts).
    expect(volatile.reduce((a, b) => a + b, 0)).toBe(100 * 1 + 50 * 2);
  });
});

describe('damaged files', () => {
  const f = FIXTURES[0]!;

  it('names the offset and what was read when the file is cut short, and marks the result partial', () => {
    for (const cut of [5, 100, Math.floor(f.bytes.length / 2), f.bytes.length - 3]) {
      const a = analyze(f.bytes.subarray(0, cut), 4096);
      expect(a.status).toBe('partial');
      expect(a.error?.message).toMatch(/the file ends: \d+ more bytes needed/);
      expect(a.error?.message).toMatch(/at byte \d+/);
      expect(a.error!.offset).toBeLessThanOrEqual(cut);
    }
    const half = analyze(f.bytes.subarray(0, Math.floor(f.bytes.length / 2)));
    expect(half.keys.total).toBeGreaterThan(100);
    expect(half.error?.message).toContain(`${half.keys.total} keys read before it`);
  });

  it('names the key of a damaged value and keeps its largest keys wherever chunks end around them', () => {
    // The reader hands keys over in place in the bytes it was given: a key cut by chunks' ends
    // (chunks of every size, so at every offset), then its value read from the next chunks,
    // keeps its name. A list "user:42" whose quicklist node has an unknown container (7), after
    // a string "big:key".
    const body = [0x00, 7, ...ascii('big:key'), 3, ...ascii('abc'), 18, 7, ...ascii('user:42'), 1, 7];
    const file = withChecksum('REDIS0011', body);
    const damagedAt = 9 + body.indexOf(18);
    for (let chunk = 1; chunk <= file.length; chunk++) {
      const a = new RdbAnalyzer(DEFAULT_ANALYSIS_OPTIONS);
      for (let i = 0; i < file.length; i += chunk) a.push(file.slice(i, i + chunk));
      a.end();
      const result = a.result();
      expect(result.error?.message).toBe(
        `unknown quicklist container 7 at byte ${9 + body.length} (the list (quicklist of listpacks) value of key "user:42" at byte ${damagedAt}; 1 keys read before it)`,
      );
      expect(result.families.flatMap((f) => f.topKeys.map((k) => k.key))).toEqual(['big:key']);
    }
  });

  it('rejects a file that is not an RDB, and versions it does not know', () => {
    expect(analyze(ascii('{"schema":1,"workloads":[]}')).error?.message).toMatch(
      /^not an RDB file: it starts with "\{\\"schema\\"" at byte 0/,
    );
    expect(analyze(withChecksum('REDIS0014', [])).error?.message).toMatch(
      /RDB version 14 with the REDIS magic is not one this reader knows \(1-13\)/,
    );
    expect(analyze(withChecksum('VALKEY081', [])).error?.message).toMatch(
      /RDB version 81 is newer than this reader knows \(80\)/,
    );
    expect(analyze(withChecksum('VALKEY011', [])).error?.message).toMatch(/not valid with the VALKEY magic/);
  });

  it('detects a bad checksum and reads one of zeros as not written', () => {
    const bad = f.bytes.slice();
    bad[bad.length - 1]! ^= 0x01;
    const a = analyze(bad);
    expect(a.status).toBe('partial');
    expect(a.error?.message).toMatch(/^bad checksum: the file says [0-9a-f]{16}, its bytes give [0-9a-f]{16}/);
    const zeros = f.bytes.slice();
    zeros.fill(0, zeros.length - 8);
    const b = analyze(zeros);
    expect(b.status).toBe('complete');
    expect(b.file.checksum?.status).toBe('not-written');
  });

  it('names an unknown type and an absurd length with their offsets', () => {
    const unknown = analyze(withChecksum('REDIS0011', [0xfe, 0x00, 100, 0x01, 0x61]));
    expect(unknown.error?.message).toMatch(/^unknown type or opcode 100 at byte 12/);
    // A string key whose length claims 2^40 bytes in a file of a few bytes.
    const absurd = analyze(withChecksum('REDIS0011', [0x00, 0x81, 0, 0, 1, 0, 0, 0, 0, 0]), 65_536, { fileSize: 28 });
    expect(absurd.error?.message).toMatch(/^absurd length 1099511627776: the file has 28 bytes/);
    // Without the file's size, the same length is streamed past until the file ends.
    expect(analyze(withChecksum('REDIS0011', [0x00, 0x81, 0, 0, 1, 0, 0, 0, 0, 0])).error?.message).toMatch(/the file ends/);
  });

  it('reads Redis 7.4+ hashes with field TTLs (RDB 12 types 24 and 25)', () => {
    const minExpire = [0x10, 0x27, 0, 0, 0, 0, 0, 0];
    const listpack = [23, 0, 0, 0, 6, 0, 0x81, 0x61, 2, 0x01, 1, 0x00, 1, 0x81, 0x62, 2, 0x82, 0x78, 0x79, 3, 0x05, 1, 0xff];
    const body = [
      24,
      1,
      ...ascii('h'),
      ...minExpire,
      2,
      0,
      1,
      ...ascii('a'),
      1,
      ...ascii('1'),
      5,
      1,
      ...ascii('b'),
      2,
      ...ascii('xy'),
      25,
      1,
      ...ascii('l'),
      ...minExpire,
      listpack.length,
      ...listpack,
    ];
    const keys: KeptRecord[] = [];
    const reader = new RdbReader((k) => keys.push(keptRecord(k)));
    reader.push(withChecksum('REDIS0012', body));
    reader.end();
    expect(reader.error).toBeNull();
    for (const k of keys) {
      if (k.value.type !== 'hash') throw new Error('a hash');
      expect(k.value.volatileFields).toBe(1);
      expect(k.value.pairs.pairs().map((p) => [p.field.length, p.value])).toEqual([
        [1, { kind: 'int', value: 1, length: 1 }],
        [1, { kind: 'string', length: 2 }],
      ]);
    }
    expect(keys.map((k) => k.rdbType)).toEqual([24, 25]);
    // In a VALKEY file, 23 and above are not types.
    expect(analyze(withChecksum('VALKEY080', [25, 1, 0x6c])).error?.message).toMatch(/^unknown type or opcode 25/);
  });

  it('reads Redis 8.6 key metadata (opcode 243 in a REDIS file) and a stream with idempotent producers', () => {
    const keyMetadata = [0xf3, 1, 0x11, 0x22, 0x33, 0x44, 2, 5, 0]; // one class: spec, an unsigned 5, EOF
    const zeros = (n: number) => new Array<number>(n).fill(0);
    const stream = [
      26,
      1,
      ...ascii('s'),
      0, // listpacks
      0, // entries
      ...zeros(7), // last, first and max deleted ids, entries added
      0, // consumer groups
      60, // idempotence duration
      10, // and max entries
      1, // producers
      1,
      ...ascii('p'),
      1, // its entries
      2,
      ...ascii('i1'),
      5,
      0, // stream id 5-0
      1, // ids added
      0, // duplicates
    ];
    const body = [...keyMetadata, 0x00, 1, ...ascii('k'), 1, ...ascii('v'), ...stream, 0x00, 1, ...ascii('z'), 1, ...ascii('w')];
    const keys: KeptRecord[] = [];
    const reader = new RdbReader((k) => keys.push(keptRecord(k)));
    reader.push(withChecksum('REDIS0013', body));
    reader.end();
    expect(reader.error).toBeNull();
    expect(reader.facts).toMatchObject({ keyMetadataRecords: 1, keyMetadataBytes: keyMetadata.length, slotImportRecords: 0 });
    expect(keys.map((k) => [utf8Text(k.key), k.rdbType, k.value.type])).toEqual([
      ['k', 0, 'string'],
      ['s', 26, 'stream'],
      ['z', 0, 'string'],
    ]);
    // In a VALKEY file 243 is Valkey 9's slot import state, and 26 is no type.
    const valkey = new RdbReader(() => undefined);
    valkey.push(withChecksum('VALKEY080', [0xf3, 1, ...ascii('n'), 1, 0, 5]));
    valkey.end();
    expect(valkey.error).toBeNull();
    expect(valkey.facts).toMatchObject({ slotImportRecords: 1, keyMetadataRecords: 0 });
    expect(analyze(withChecksum('VALKEY080', [26, 1, 0x73])).error?.message).toMatch(/^unknown type or opcode 26/);
  });

  it('reads a minimal hand-made file: aux, db, expiry, an integer and a plain string', () => {
    const body = [
      0xfa,
      3,
      ...ascii('foo'),
      3,
      ...ascii('bar'),
      0xfe,
      2,
      0xfb,
      2,
      1,
      0xfc,
      0xe8,
      0x03,
      0,
      0,
      0,
      0,
      0,
      0, // expires at 1000 ms
      0x00,
      1,
      ...ascii('a'),
      0xc0,
      0xff - 4, // key "a" = int8 -5
      0x00,
      1,
      ...ascii('b'),
      2,
      ...ascii('hi'),
    ];
    const keys: KeptRecord[] = [];
    const reader = new RdbReader((k) => keys.push(keptRecord(k)));
    reader.push(withChecksum('REDIS0011', body));
    reader.end();
    expect(reader.error).toBeNull();
    expect(reader.facts.aux).toEqual([{ name: 'foo', value: 'bar' }]);
    expect(reader.facts.resizeHints).toEqual([{ db: 2, keys: 2, expires: 1 }]);
    expect(keys.map((k) => [utf8Text(k.key), k.db, k.expireAtMs, k.value])).toEqual([
      ['a', 2, 1000, { type: 'string', value: { kind: 'int', value: -5, length: 2 } }],
      ['b', 2, null, { type: 'string', value: { kind: 'string', length: 2 } }],
    ]);
  });
});

describe('key types', () => {
  it("each type's index, as the per-key code finds it, is its place in KEY_TYPES", () => {
    expect(KEY_TYPES.map(keyTypeIndex)).toEqual(KEY_TYPES.map((_, i) => i));
  });
});
