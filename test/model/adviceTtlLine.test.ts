import { describe, expect, it } from 'vitest';
import { adviceFor, lineMove, TINY_TTL_SHARE, withAdvice, type Advice, type AdviceChange } from '../../src/model/advice';
import { datasetBytesOnLines } from '../../src/model/estimate';
import { applyAdvice } from '../../src/scenario/advice';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';
import { carts, users } from '../support/adviceWorkloads';

/** Percona's profile: 16-byte keys and values, smallest on 9.1. */
const sessions = { name: 'sessions', type: 'string', keys: 632_000, keyBytes: 16, valueBytes: 16, ttlFraction: 0 } as const;

const scenario: Scenario = { schema: 1, versions: ['7.2', '8.1', '9.1'], workloads: [carts, users] };
const of = (s: Scenario, kind: AdviceChange['kind']): Advice | undefined =>
  adviceFor(resolveScenario(s)).find((a) => a.change.kind === kind);
const dataset = (s: Scenario, lines = resolveScenario(s).versions) => datasetBytesOnLines(resolveScenario(s), lines);

describe('TTL advice', () => {
  it('a hash whose every field has a TTL: one key TTL instead, priced as the hash with a key TTL and no field TTLs', () => {
    const advice = of(scenario, 'keyTtl')!;
    expect(advice.change).toEqual({ kind: 'keyTtl', workload: 0 });
    // What the change leads to, written by hand: the same hashes, every key with a TTL, no field TTLs.
    const { fieldTtlFraction: _, ...plain } = carts;
    const keyTtl = dataset({ ...scenario, workloads: [{ ...plain, ttlFraction: 1 }, users] });
    advice.savings.forEach((s, li) => expect(s.bytesAfter, s.line).toBe(keyTtl[li]));
    // Before 9.0 a field has no TTL of its own (the hashes are priced without them): there the key TTL only costs,
    // exactly what a TTL on every key of those hashes costs.
    const noTtl = dataset({ ...scenario, workloads: [plain, users] });
    for (const line of ['7.2', '8.1'] as const) {
      const s = advice.savings.find((x) => x.line === line)!;
      expect(s.savedBytes).toBe(noTtl[resolveScenario(scenario).versions.indexOf(line)]! - s.bytesAfter);
      expect(s.savedBytes).toBeLessThan(0);
    }
    // On 9.1 the per-field expiries (8 bytes each at least, 10 a hash), the volatile-field sets and the
    // hashtable the fields force go: it saves more than the field expiries alone.
    const on91 = advice.savings.find((x) => x.line === '9.1')!;
    expect(on91.savedBytes).toBeGreaterThan(carts.keys * carts.fields * 8);
  });

  it('only where every field has a TTL: with some fields lasting, a key TTL would expire them too', () => {
    expect(of({ ...scenario, workloads: [{ ...carts, fieldTtlFraction: 0.9 }, users] }, 'keyTtl')).toBeUndefined();
    expect(of({ ...scenario, workloads: [{ ...carts, fieldTtlFraction: 0 }, users] }, 'keyTtl')).toBeUndefined();
  });

  it('no TTL on a tiny share: on 7.2 it saves the expires entries and the expires table, 24 B a key and 8 B a bucket', () => {
    const s: Scenario = { ...scenario, versions: ['7.2', '9.1'], workloads: [users] };
    const advice = of(s, 'dropTtl')!;
    expect(advice.change).toEqual({ kind: 'dropTtl', workload: 0, ttlFraction: 0.02 });
    // 10,000 keys with a TTL: a 24-byte dictEntry each (a 24-byte jemalloc class) in the expires dict, whose
    // table is the next power of two of buckets, 16,384 x 8 bytes; the key's name is shared with the keyspace.
    const ttlKeys = users.keys * users.ttlFraction;
    expect(ttlKeys).toBe(10_000);
    expect(advice.savings[0]).toMatchObject({ line: '7.2', savedBytes: 10_000 * 24 + 16_384 * 8 });
    expect(advice.savings[1]!.savedBytes).toBeGreaterThan(0);
    // A share above a tiny one is the workload's nature: no advice.
    const most = { ...users, ttlFraction: TINY_TTL_SHARE + 0.01 };
    expect(of({ ...s, workloads: [most] }, 'dropTtl')).toBeUndefined();
    expect(of({ ...s, workloads: [{ ...users, ttlFraction: 0 }] }, 'dropTtl')).toBeUndefined();
  });
});

describe('a change of line or allocator', () => {
  it('moves the target to the compared line with the smallest dataset, saving on each line what moving from it saves', () => {
    const s: Scenario = { schema: 1, versions: ['7.2', '8.1', '9.1'], target: '7.2', workloads: [sessions] };
    const advice = of(s, 'line')!;
    expect(advice.change).toEqual({ kind: 'line', line: '9.1', from: '7.2' });
    const [on72, on81, on91] = dataset(s);
    expect(on91).toBeLessThan(on72!);
    expect(advice.savings.map((x) => [x.line, x.bytesBefore, x.bytesAfter, x.savedBytes])).toEqual([
      ['7.2', on72, on91, on72! - on91!],
      ['8.1', on81, on91, on81! - on91!],
      ['9.1', on91, on91, 0],
    ]);
    expect(resolveScenario(applyAdvice(s, advice.change)).target).toBe('9.1');
    expect(lineMove('7.2', '9.1')).toBe('upgrade');
    expect(lineMove('9.1', '8.1')).toBe('downgrade');
    expect(lineMove('redis-7.0', '9.1')).toBe('migration');
  });

  it('says nothing of lines when the target is already the smallest, nor of lines not compared', () => {
    expect(of({ schema: 1, versions: ['7.2', '8.1', '9.1'], target: '9.1', workloads: [sessions] }, 'line')).toBeUndefined();
    // Valkey 7.2 is larger than 9.1, and 9.1 is not compared: nothing the user picked saves.
    expect(of({ schema: 1, versions: ['7.2'], target: '7.2', workloads: [sessions] }, 'line')).toBeUndefined();
    // A target not compared, 9.1 alone compared: the move would read "same" on every line shown, so it is not offered.
    const alone: Scenario = { schema: 1, versions: ['9.1'], target: '7.2', workloads: [sessions] };
    expect(dataset(alone, ['7.2'])[0]).toBeGreaterThan(dataset(alone)[0]!);
    expect(of(alone, 'line')).toBeUndefined();
  });

  it("offers the bundled jemalloc to a distribution's build, saving what its 8-byte classes save on each line", () => {
    const s: Scenario = { schema: 1, versions: ['7.2', '9.1'], allocator: 'jemalloc-system', workloads: [users] };
    const advice = of(s, 'allocator')!;
    expect(advice.change).toEqual({ kind: 'allocator', allocator: 'jemalloc-bundled' });
    const bundled = dataset({ ...s, allocator: 'jemalloc-bundled' });
    advice.savings.forEach((x, li) => expect(x.bytesAfter).toBe(bundled[li]));
    expect(advice.savings.every((x) => x.savedBytes > 0)).toBe(true);
    // The bundled build already: the system's 16-byte classes never save, so nothing is offered.
    expect(of({ ...s, allocator: 'jemalloc-bundled' }, 'allocator')).toBeUndefined();
  });

  it("each line's usual build: Redis 7.0 runs the system jemalloc, so the bundled one saves there and nowhere else", () => {
    // Self-managed nodes: the build is the reader's to choose.
    const s: Scenario = {
      schema: 1,
      versions: ['redis-7.0', '9.1'],
      workloads: [users],
      deployment: { instanceType: 'r7g.large' },
    };
    const advice = of(s, 'allocator')!;
    expect(advice.change).toEqual({ kind: 'allocator', allocator: 'jemalloc-bundled' });
    expect(advice.savings[0]!.savedBytes).toBeGreaterThan(0);
    expect(advice.savings[1]!.savedBytes).toBe(0);
  });

  it('every new item, applied to the scenario, is the change the model priced', () => {
    const s: Scenario = { ...scenario, target: '7.2', allocator: 'jemalloc-system' };
    const resolved = resolveScenario(s);
    const advice = adviceFor(resolved);
    expect(advice.map((a) => a.change.kind)).toEqual(expect.arrayContaining(['keyTtl', 'dropTtl', 'allocator', 'line']));
    for (const { change } of advice) expect(resolveScenario(applyAdvice(s, change))).toEqual(withAdvice(resolved, change));
  });

  it('no build is offered on ElastiCache nodes, where nobody chooses it; a scenario that names its own build still gets it', () => {
    const onElastiCache: Scenario = {
      schema: 1,
      versions: ['redis-7.0', '9.1'],
      workloads: [users],
      deployment: { instanceType: 'cache.r7g.large' },
    };
    expect(of(onElastiCache, 'allocator')).toBeUndefined();
    expect(of({ ...onElastiCache, deployment: { instanceType: 'r7g.large' } }, 'allocator')).toBeDefined();
    expect(of({ ...onElastiCache, allocator: 'jemalloc-system' }, 'allocator')).toBeDefined();
  });
});
