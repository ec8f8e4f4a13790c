import { describe, expect, it } from 'vitest';
import { stringBenchmark } from '../../src/data/stringBenchmark';
import { estimateScenario } from '../../src/model';
import { resolveScenario } from '../../src/scenario/resolve';
import { BENCHMARK_WORKLOAD, bytesPerKey, VALKEY_LINES } from './helpers';

const LINES = VALKEY_LINES;

describe("at Percona's benchmark point", () => {
  const estimate = estimateScenario(resolveScenario({ schema: 1, workloads: [{ ...BENCHMARK_WORKLOAD, keys: 632_000 }] }));
  const modeled = (v: string) => estimate.versions.find((e) => e.version === v)!.workloads[0]!;
  const measured = (v: string) => stringBenchmark.rows.find((r) => r.version === v)!.bytesPerKey;

  it.each(LINES)('%s lands within 1.5 bytes per key under the table, by about 1.2', (v) => {
    const residual = measured(v) - modeled(v).bytesPerKey;
    expect(residual).toBeGreaterThan(1.0);
    expect(residual).toBeLessThan(1.5);
  });

  it.each([
    ['7.2', '8.0'],
    ['8.0', '8.1'],
    ['8.1', '9.0'],
    ['9.0', '9.1'],
  ])("the step %s -> %s matches the table's step within 0.1 byte", (from, to) => {
    const modeledStep = modeled(to).bytesPerKey - modeled(from).bytesPerKey;
    const measuredStep = measured(to) - measured(from);
    expect(Math.abs(modeledStep - measuredStep)).toBeLessThan(0.1);
  });

  it('says it sits on a measured point and shows the residual beside the measurement', () => {
    for (const v of LINES) {
      const w = modeled(v);
      expect(w.basis).toBe('measured-point');
      expect(w.measured!.measuredBytesPerKey).toBe(measured(v));
      expect(w.measured!.residualBytesPerKey).toBeCloseTo(measured(v) - w.bytesPerKey, 10);
      expect(w.measured!.explanation).toMatch(/fixed cost/);
    }
  });

  it('the fixed residual is about 0.76 MB in that run', () => {
    const r = modeled('9.1').measured!;
    expect(r.residualBytesPerKey * r.uniqueKeys).toBeGreaterThan(0.7e6);
    expect(r.residualBytesPerKey * r.uniqueKeys).toBeLessThan(0.8e6);
  });

  it('a different profile is extrapolated, not a measured point', () => {
    const e = estimateScenario(resolveScenario({ schema: 1, workloads: [{ ...BENCHMARK_WORKLOAD, valueBytes: 17 }] }));
    expect(e.versions.every((v) => v.workloads[0]!.basis === 'extrapolated' && v.workloads[0]!.measured === null)).toBe(true);
  });
});

// memory-layout.md section 5: predictions at K = 16, N = 632,120 (bucket share 13.27 / 14.81).
// 9.1 embeds a value of 1 to 3 bytes in 8 bytes, the pointer it overwrites (object.c,
// createEmbeddedStringObjectWithKeyAndExpire): one size class above those predictions, as measured.
describe.each([
  [1, [85.3, 77.3, 54.8, 54.8, 54.8], [122.5, 114.5, 77.6, 77.6, 77.6]],
  [16, [101.3, 93.3, 70.8, 70.8, 62.8], [138.5, 130.5, 93.6, 93.6, 85.6]],
  [32, [117.3, 109.3, 94.8, 94.8, 78.8], [154.5, 146.5, 117.6, 117.6, 109.6]],
  [44, [125.3, 117.3, 102.8, 102.8, 94.8], [162.5, 154.5, 125.6, 125.6, 125.6]],
  [45, [133.3, 125.3, 110.8, 110.8, 94.8], [170.5, 162.5, 133.6, 133.6, 125.6]],
  [64, [157.3, 149.3, 134.8, 134.8, 110.8], [194.5, 186.5, 157.6, 157.6, 141.6]],
  [100, [189.3, 181.3, 166.8, 166.8, 166.8], [226.5, 218.5, 189.6, 189.6, 189.6]],
  [128, [237.3, 229.3, 214.8, 214.8, 214.8], [274.5, 266.5, 237.6, 237.6, 237.6]],
  [256, [397.3, 389.3, 374.8, 374.8, 374.8], [434.5, 426.5, 397.6, 397.6, 397.6]],
  [1024, [1357.3, 1349.3, 1334.8, 1334.8, 1334.8], [1394.5, 1386.5, 1357.6, 1357.6, 1357.6]],
])('a %i-byte value', (valueBytes, noTtl, withTtl) => {
  it('without TTL', () => {
    const got = bytesPerKey({ valueBytes });
    LINES.forEach((v, i) => expect(got[v]).toBeCloseTo(noTtl[i]!, 0));
  });
  it('with a TTL on every key', () => {
    const got = bytesPerKey({ valueBytes, ttlFraction: 1 });
    LINES.forEach((v, i) => expect(got[v]).toBeCloseTo(withTtl[i]!, 0));
  });
});

describe.each([
  [8, [93.3, 85.3, 62.8, 62.8, 54.8], [130.5, 122.5, 85.6, 85.6, 77.6]],
  [24, [109.3, 101.3, 78.8, 78.8, 70.8], [146.5, 138.5, 109.6, 109.6, 93.6]],
  [32, [117.3, 109.3, 94.8, 94.8, 94.8], [154.5, 146.5, 117.6, 117.6, 109.6]],
  [64, [157.3, 149.3, 134.8, 134.8, 126.8], [194.5, 186.5, 149.6, 149.6, 141.6]],
  [128, [237.3, 213.3, 198.8, 198.8, 198.8], [274.5, 250.5, 213.6, 213.6, 213.6]],
])('a %i-byte key with a 16-byte value', (keyBytes, noTtl, withTtl) => {
  it('without TTL', () => {
    const got = bytesPerKey({ keyBytes });
    LINES.forEach((v, i) => expect(got[v]).toBeCloseTo(noTtl[i]!, 0));
  });
  it('with a TTL on every key', () => {
    const got = bytesPerKey({ keyBytes, ttlFraction: 1 });
    LINES.forEach((v, i) => expect(got[v]).toBeCloseTo(withTtl[i]!, 0));
  });
});

describe('where the upgrade saving fades', () => {
  it('1,024-byte values: 7.2 -> 9.1 saves a few dozen bytes per key, a few percent, not 37.5 %', () => {
    const got = bytesPerKey({ valueBytes: 1024 });
    const saved = got['7.2'] - got['9.1'];
    expect(saved).toBeGreaterThan(12);
    expect(saved).toBeLessThan(48);
    const percent = (saved / got['7.2']) * 100;
    expect(percent).toBeGreaterThan(1);
    expect(percent).toBeLessThan(5);
  });

  it('the share saved shrinks as values grow', () => {
    const share = (valueBytes: number) => {
      const got = bytesPerKey({ valueBytes });
      return (got['7.2'] - got['9.1']) / got['7.2'];
    };
    const shares = [16, 64, 256, 1024, 16384].map(share);
    for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeLessThan(shares[i - 1]!);
    expect(shares[4]!).toBeLessThan(0.01);
  });

  it('a TTL costs more on 7.2/8.0 (a second dict entry) than on 8.1+ (an 8-byte field)', () => {
    const plain = bytesPerKey({});
    const ttl = bytesPerKey({ ttlFraction: 1 });
    const cost = (v: '7.2' | '8.0' | '8.1' | '9.1') => ttl[v] - plain[v];
    expect(cost('7.2')).toBeGreaterThan(cost('8.1') + 10);
    expect(cost('8.0')).toBeGreaterThan(cost('9.1') + 10);
  });

  it('half the keys with a TTL cost half way in between', () => {
    const plain = bytesPerKey({});
    const all = bytesPerKey({ ttlFraction: 1 });
    const half = bytesPerKey({ ttlFraction: 0.5 });
    // The expires table grows in powers of two, so allow its share to differ.
    for (const v of LINES) expect(Math.abs(half[v] - (plain[v] + all[v]) / 2)).toBeLessThan(4);
  });
});

describe('integer values', () => {
  it('small integers share an object on 7.2/8.0 but live in the key object on 8.1+', () => {
    const small = bytesPerKey({ valueKind: 'int', valueBytes: 2 });
    const large = bytesPerKey({ valueKind: 'int', valueBytes: 10 });
    expect(large['7.2'] - small['7.2']).toBe(16);
    // 8.0 also shares its keyspace dict's struct (created with the first key) over the keys.
    expect(large['8.0'] - small['8.0']).toBeCloseTo(16, 9);
    expect(large['8.1']).toBe(small['8.1']);
    expect(large['9.1']).toBe(small['9.1']);
    // 7.2: dictEntry 24 + key sds 24 + shared integer 0, plus the slot share
    expect(small['7.2']).toBeCloseTo(48 + 13.27, 1);
    // 8.1+: one object: 16 + key (16 + 3) = 35 -> 40
    expect(small['8.1']).toBeCloseTo(40 + 14.81, 1);
  });
});

describe('allocator build', () => {
  it('a distribution package (16-byte quantum) costs about a quarter more on 7.2 at the benchmark point', () => {
    const bundled = bytesPerKey({});
    const system = bytesPerKey({}, { allocator: 'jemalloc-system' });
    expect(system['7.2']).toBeCloseTo(125.3, 1); // 32 + 32 + 48 + 13.27
    expect(system['7.2'] / bundled['7.2']).toBeGreaterThan(1.2);
  });
});

describe('invariants', () => {
  it('a longer value never costs less', () => {
    for (const v of LINES) {
      let previous = 0;
      for (let valueBytes = 0; valueBytes <= 600; valueBytes++) {
        const got = bytesPerKey({ valueBytes })[v];
        expect(got).toBeGreaterThanOrEqual(previous);
        previous = got;
      }
    }
  });

  it('more keys never cost less in total', () => {
    for (const v of LINES) {
      let previous = 0;
      for (let keys = 1; keys < 3_000_000; keys = Math.ceil(keys * 1.37)) {
        const total = bytesPerKey({ keys })[v] * keys;
        expect(total).toBeGreaterThanOrEqual(previous);
        previous = total;
      }
    }
  });

  it('dataset bytes are the sum of the workloads', () => {
    const e = estimateScenario(
      resolveScenario({
        schema: 1,
        workloads: [
          BENCHMARK_WORKLOAD,
          { ...BENCHMARK_WORKLOAD, name: 'sessions', valueBytes: 700, ttlFraction: 1, keys: 50_000 },
        ],
      }),
    );
    for (const v of e.versions)
      expect(v.datasetBytes).toBeCloseTo(
        v.workloads.reduce((s, w) => s + w.bytes, 0),
        3,
      );
  });

  it('is deterministic', () => {
    expect(bytesPerKey({ valueBytes: 77, ttlFraction: 0.3 })).toEqual(bytesPerKey({ valueBytes: 77, ttlFraction: 0.3 }));
  });
});
