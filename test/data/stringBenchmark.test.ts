import { describe, expect, it } from 'vitest';
import { introFigures } from '../../src/data/introFigures';
import { stringBenchmark } from '../../src/data/stringBenchmark';
import { stringsVsHash } from '../../src/data/stringsVsHash';
import { throughputReference } from '../../src/data/throughputReference';
import { stringBenchmarkSchema } from '../../src/data/schemas';
import { parseDataFile } from '../../src/data/parseDataFile';
import { MIB } from '../../src/model/units';

const rows = stringBenchmark.rows;
const row = (v: string) => rows.find((r) => r.version === v)!;

describe('Percona string-key table (data/percona-string-benchmark.json)', () => {
  it('holds the five published rows in release order', () => {
    expect(rows.map((r) => [r.release, r.uniqueKeys, r.memoryAddedMiB, r.bytesPerKey])).toEqual([
      ['7.2.14', 632181, 61.78, 102.48],
      ['8.0.10', 632565, 57.0, 94.49],
      ['8.1.9', 632573, 43.43, 71.98],
      ['9.0.5', 631672, 43.36, 71.99],
      ['9.1.1', 631985, 38.58, 64.02],
    ]);
  });

  it.each(rows)("$release: MiB x 2^20 / keys agrees with bytes per key within the columns' rounding", (r) => {
    const derived = (r.memoryAddedMiB * MIB) / r.uniqueKeys;
    // Both columns are rounded to 0.01: 0.005 MiB spread over the keys plus 0.005 B/key.
    const tolerance = (0.005 * MIB) / r.uniqueKeys + 0.005;
    expect(Math.abs(derived - r.bytesPerKey)).toBeLessThanOrEqual(tolerance);
  });

  it('reads the memory column as MiB, not 10^6 bytes (7.2.14 would be 97.7 B/key)', () => {
    const r = row('7.2');
    expect((r.memoryAddedMiB * 1e6) / r.uniqueKeys).toBeCloseTo(97.7, 1);
    expect((r.memoryAddedMiB * MIB) / r.uniqueKeys).toBeCloseTo(102.47, 2);
  });

  const changes = rows.flatMap((r) => r.publishedChanges.map((c) => ({ release: r.release, version: r.version, ...c })));
  it.each(changes)('$release: the published $percent % against $against is reproduced from bytes per key', (c) => {
    const derived = ((row(c.version).bytesPerKey - row(c.against).bytesPerKey) / row(c.against).bytesPerKey) * 100;
    expect(derived.toFixed(1)).toBe(c.percent.toFixed(1));
  });

  it('covers every published change (7 figures)', () => {
    expect(changes).toHaveLength(7);
  });

  it('reproduces "about 60 % more keys on the same hardware" (102.48 / 64.02 = 1.60)', () => {
    const [from, to] = stringBenchmark.publishedClaims.moreKeysBetween;
    const ratio = row(from).bytesPerKey / row(to).bytesPerKey;
    expect(ratio.toFixed(2)).toBe('1.60');
    expect(Math.round((ratio - 1) * 100)).toBe(stringBenchmark.publishedClaims.moreKeysOnSameHardwarePercent);
  });

  it('unique keys are about 1 - 1/e of the million requests', () => {
    for (const r of rows) expect(Math.abs(r.uniqueKeys / 1e6 - (1 - 1 / Math.E))).toBeLessThan(0.002);
  });

  it('rejects a tampered file with the field named', () => {
    const broken = structuredClone(JSON.parse(JSON.stringify(stringBenchmark)));
    broken.rows[2].bytesPerKey = 'seventy';
    expect(() => parseDataFile(stringBenchmarkSchema, broken, 'x.json')).toThrow(/rows.*2.*bytesPerKey/s);
  });
});

describe('the 1 TB intro figures against the table (facts.md section 2)', () => {
  const fromTable = (v: string) => (introFigures.baseline.gigabytes * row(v).bytesPerKey) / row('7.2').bytesPerKey;

  it.each([
    ['8.0', 800, 922, 122],
    ['8.1', 640, 702, 62],
    ['9.1', 630, 625, -5],
  ])('%s: intro %i GB, table %i GB, intro off by %i GB', (v, intro, table, error) => {
    expect(introFigures.figures.find((f) => f.version === v)!.gigabytes).toBe(intro);
    expect(Math.round(fromTable(v))).toBe(table);
    expect(Math.round(fromTable(v) - intro)).toBe(error);
  });

  it('9.0 has no intro figure and 702 GB from the table', () => {
    expect(introFigures.figures.find((f) => f.version === '9.0')).toBeUndefined();
    expect(Math.round(fromTable('9.0'))).toBe(702);
  });
});

describe('four strings vs one hash and the throughput points', () => {
  it('holds 220 MB vs 100 MB for one million users, version not named, -54 %', () => {
    expect(stringsVsHash.users).toBe(1_000_000);
    expect(stringsVsHash.versionNamed).toBe(false);
    const [a, b] = stringsVsHash.schemas;
    expect([a!.reportedMB, b!.reportedMB]).toEqual([220, 100]);
    // (100 - 220) / 220 = -54.5 %, which the source prints as -54 %.
    expect(Math.trunc(((b!.reportedMB - a!.reportedMB) / a!.reportedMB) * 100)).toBe(stringsVsHash.publishedSavingPercent);
  });

  it('holds the io-threads guidance and the QPS reference points', () => {
    expect(throughputReference.ioThreadsGuidance.rules).toEqual([
      { cores: 4, ioThreads: [2, 3] },
      { cores: 8, ioThreads: [6] },
    ]);
    // every QPS figure the throughput panel shows, as facts.md section 5 gives it
    expect(throughputReference.points.map((p) => [p.id, p.qpsAtLeast ?? p.qpsUpTo ?? p.qpsAbout])).toEqual([
      ['r7g.4xlarge-managed-get', 1_000_000],
      ['r7g.xlarge-managed', 600_000],
      ['r7g.2xlarge-managed-valkey', 1_000_000],
      ['r7g.2xlarge-managed-redis', 800_000],
      ['r7g.2xlarge-selfmanaged-valkey8-get', 900_000],
      ['r7g.2xlarge-selfmanaged-valkey8-set', 700_000],
      ['r7g.2xlarge-selfmanaged-redis72-get', 400_000],
      ['r7g.2xlarge-selfmanaged-redis72-set', 350_000],
    ]);
    expect(throughputReference.points.filter((p) => p.qpsAtLeast).map((p) => p.id)).toEqual([
      'r7g.4xlarge-managed-get',
      'r7g.2xlarge-managed-valkey',
      'r7g.2xlarge-managed-redis',
    ]);
  });

  it('every data file names its source with title, publisher and a date or a note why none', () => {
    for (const d of [stringBenchmark, introFigures, stringsVsHash, throughputReference]) {
      expect(d.source.title.length).toBeGreaterThan(0);
      expect(d.source.publisher.length).toBeGreaterThan(0);
      expect(d.source.date !== null || (d.source.dateNote ?? '').length > 0).toBe(true);
    }
  });
});
