import { describe, expect, it } from 'vitest';
import { emptyServer } from '../../src/data/emptyServer';
import { buildContext } from '../../src/model/allocator';
import { DEFAULT_MEMO_SIZES, DEFAULT_SIZING, RdbSizer, type LineSizing } from '../../src/rdb/sizing';
import { RdbReader } from '../../src/rdb/reader';
import { heldOldTable, reconcileUsedMem } from '../../src/rdb/reconcile';
import type { RdbFileFacts } from '../../src/rdb/records';
import { analyze, FIXTURES } from './fixtures';
import { rdbString, withChecksum } from './rdbBytes';

const EMPTY_7_0 = emptyServer.byLine.servers.find((s) => s.line === 'redis-7.0')!.usedMemoryBytes;
const redis70 = buildContext('redis-7.0', 'jemalloc-system', false);

describe('the old table a keyspace table can still hold after its last expansion', () => {
  it('is 2^21 slots (16 MiB) for a Redis 7.0 main table of 2.2 M keys, just past 2^21', () => {
    expect(heldOldTable(redis70, 2_200_000)).toEqual({ size: 2 ** 21, bytes: 2 ** 21 * 8 });
  });

  it('is none once more keys came after the expansion than the old table had non-empty slots, or at a power of two', () => {
    // 63 % of a full table's slots hold a key: 0.7 x 2^21 inserts since moved them all.
    expect(heldOldTable(redis70, Math.round(1.7 * 2 ** 21)).bytes).toBe(0);
    expect(heldOldTable(redis70, 2 ** 21).bytes).toBe(0);
    expect(heldOldTable(redis70, 3).bytes).toBe(0);
  });

  it('is counted in buckets on an 8.1+ hashtable, which expands past 7 keys a bucket', () => {
    const valkey91 = buildContext('9.1', 'jemalloc-bundled', false);
    // 150,000 keys: 32,768 buckets, expanded from 16,384 at 114,688 keys.
    expect(heldOldTable(valkey91, 120_000)).toEqual({ size: 16_384, bytes: 16_384 * 64 });
    expect(heldOldTable(valkey91, 140_000).bytes).toBe(0);
  });
});

/** Facts of a Redis 7.0 file with these aux fields and one database of `keys` keys. */
function facts(usedMem: number, keys: number, extraAux: Array<[string, string]> = []): RdbFileFacts {
  const analysis = analyze(FIXTURES.find((f) => f.record.line === 'redis-7.0')!.bytes);
  return {
    ...analysis.file,
    aux: [
      ...analysis.file.aux.filter((a) => a.name !== 'used-mem' && !extraAux.some(([name]) => name === a.name)),
      { name: 'used-mem', value: String(usedMem) },
      ...extraAux.map(([name, value]) => ({ name, value })),
    ],
    resizeHints: [{ db: 0, keys, expires: 0 }],
  };
}

const MODEL = 200_000_000;
const line = (datasetBytes: number, allocator: LineSizing['allocator'] = 'jemalloc-system'): LineSizing => ({
  line: 'redis-7.0',
  allocator,
  keyBytes: datasetBytes,
  tableBytes: 0,
  datasetBytes,
  tableBytesPerKey: 0,
  tableBytesPerTtlKey: 0,
  tableBytesPerVolatileKey: 0,
});
const writer = (collections: number | null, allocator: LineSizing['allocator'] = 'jemalloc-system') => ({
  line: 'redis-7.0' as const,
  variant: { allocator: DEFAULT_SIZING.allocator, cluster: false },
  lines: [line(MODEL, allocator)],
  collectionsWrittenLessLoaded: collections,
  countsPerDb: new Map(),
});

describe('the file’s used-mem taken apart', () => {
  it('names the collections as written and the main table mid-rehash when used-mem holds them, and leaves the rest', () => {
    const held = 3_000_000 + 2 ** 24 + 20_000;
    const r = reconcileUsedMem(facts(EMPTY_7_0 + MODEL + held, 2_200_000), writer(3_000_000))!;
    expect(r.differenceBytes).toBe(held);
    expect(r.parts).toEqual([
      { kind: 'collectionsAsWritten', bytes: 3_000_000, oldTableSize: null, oldTableUnit: null },
      { kind: 'mainTableRehash', bytes: 2 ** 24, oldTableSize: 2 ** 21, oldTableUnit: 'slots' },
    ]);
    expect(r.remainderBytes).toBe(20_000);
    expect(r.remainderPercent).toBeCloseTo((20_000 / (MODEL + held)) * 100, 9);
  });

  it('leaves out a part used-mem has no room for: a main table whose rehash had finished, collections that were loaded', () => {
    const settled = reconcileUsedMem(facts(EMPTY_7_0 + MODEL + 3_000_000, 2_200_000), writer(3_000_000))!;
    expect(settled.parts.map((p) => p.kind)).toEqual(['collectionsAsWritten']);
    expect(settled.remainderBytes).toBe(0);
    // A server that had loaded its data (a restart, a full sync) holds the model as loaded.
    const loaded = reconcileUsedMem(facts(EMPTY_7_0 + MODEL - 5_000, 2_200_000), writer(3_000_000))!;
    expect(loaded.parts).toEqual([]);
    expect(loaded.remainderBytes).toBe(-5_000);
    // Past the window in which writes alone leave the main table's old table, it is never a candidate.
    const far = reconcileUsedMem(facts(EMPTY_7_0 + MODEL + 2 ** 24, 3_700_000), writer(null))!;
    expect(far.parts).toEqual([]);
    // Parts as small as one client connection's buffers are not named: the file cannot tell them apart.
    const small = reconcileUsedMem(facts(EMPTY_7_0 + MODEL + 40_000, 2_200_000), writer(40_000))!;
    expect(small.parts).toEqual([]);
    expect(small.remainderBytes).toBe(40_000);
  });

  it('says an allocator other than the line’s usual build was priced', () => {
    const r = reconcileUsedMem(facts(EMPTY_7_0 + MODEL, 1000), writer(null, 'libc'))!;
    expect(r.allocator).toEqual({ priced: 'libc', writerUsual: 'jemalloc-system' });
    expect(reconcileUsedMem(facts(EMPTY_7_0 + MODEL, 1000), writer(null))!.allocator).toBeNull();
  });
});

/** The Redis 7.0 fixture with aux fields added after its own (the checksum made again). */
function withAux(bytes: Uint8Array, aux: Array<[string, string]>): Uint8Array {
  const header = 9;
  const body = [...bytes.subarray(header, bytes.length - 9)];
  const firstKey = body.findIndex((b) => b === 0xfe); // SELECTDB follows the aux fields
  const added = aux.flatMap(([name, value]) => [0xfa, ...rdbString(name), ...rdbString(value)]);
  const magic = String.fromCharCode(...bytes.subarray(0, header));
  return withChecksum(magic, [...body.slice(0, firstKey), ...added, ...body.slice(firstKey)]);
}

describe('what the file says its writer also held', () => {
  const fixture = FIXTURES.find((f) => f.record.line === 'redis-7.0')!;

  it('names nothing for a file that says nothing of replicas or clients: the remainder is unexplained', () => {
    const r = analyze(fixture.bytes).reconciliation!;
    expect(fixture.bytes.includes(0xfa)).toBe(true);
    expect(r.remainderMayHold).toEqual([]);
  });

  it('names the replication backlog and links when the file has repl-id and repl-offset, and an AOF for aof-base 1', () => {
    const replicated = withAux(fixture.bytes, [
      ['repl-stream-db', '0'],
      ['repl-id', 'a'.repeat(40)],
      ['repl-offset', '1234567'],
    ]);
    const a = analyze(replicated);
    expect(a.status).toBe('complete');
    expect(a.reconciliation!.remainderMayHold).toEqual(['replication']);
    // The same keys, the same figures: only what may hold the remainder changes.
    expect(a.reconciliation!.remainderBytes).toBe(analyze(fixture.bytes).reconciliation!.remainderBytes);
    // This writer's own aof-base is 0; a file that is an AOF's base says 1.
    expect(a.file.aux.find((x) => x.name === 'aof-base')!.value).toBe('0');
    const aof = reconcileUsedMem(facts(EMPTY_7_0 + MODEL, 1000, [['aof-base', '1']]), writer(null))!;
    expect(aof.remainderMayHold).toEqual(['aofBase']);
  });
});

describe('the writer’s line priced as written', () => {
  const fixture = FIXTURES.find((f) => f.record.line === 'redis-7.0')!;
  function sized(writtenOn: boolean, memo = DEFAULT_MEMO_SIZES) {
    const sizer = new RdbSizer(DEFAULT_SIZING, true, memo);
    if (writtenOn) sizer.priceWrittenOn('redis-7.0');
    const reader = new RdbReader((k) => sizer.add(k));
    reader.push(fixture.bytes);
    reader.end();
    return sizer;
  }

  it('leaves every line’s figures as loaded, and prices the collections as written on that line alone', () => {
    const plain = sized(false);
    const written = sized(true);
    for (let v = 0; v < plain.variants.length; v++) expect(written.lineSizings(v)).toEqual(plain.lineSizings(v));
    expect(plain.collectionsWrittenLessLoaded()).toBeNull();
    // Redis 7.0 grows every table one element at a time: old tables of unfinished expansions are left.
    expect(written.collectionsWrittenLessLoaded()!).toBeGreaterThan(5_000);
    // The same with every shape priced afresh: the remembered shapes keep their bytes as written.
    expect(sized(true, { collections: 0, strings: 0 }).collectionsWrittenLessLoaded()).toBeCloseTo(
      written.collectionsWrittenLessLoaded()!,
      6,
    );
  });

  it('must be asked for before the first key', () => {
    const sizer = sized(false);
    expect(() => sizer.priceWrittenOn('redis-7.0')).toThrow(/before the first key/);
  });
});
