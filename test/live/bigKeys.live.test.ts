import { describe, expect, it } from 'vitest';
import { formatReconciliation, parseSampleArgs } from '../../src/cli/sample';
import { runSample } from '../../src/cli/sample/run';
import { type Command } from '../support/respPipe';
import { useSeededServer } from '../support/seededServer';

/**
 * The server scaled to 2/5 so the suite stays short: 200,000 ordinary keys, a 40 MB
 * string, and a list, hash, set and sorted set of 400,000 elements each. A detail sample of
 * 10,000 keys (--sample; by default a keyspace this small is read whole) reads 1 key in 20, so it
 * would miss any one of the five big keys 19 times in 20.
 */
const ORDINARY = 200_000;
const ELEMENTS = 400_000;
const BIG = ['blob:report', 'big:zset', 'big:hash', 'big:set', 'big:list'];

function* seed(): Generator<Command> {
  for (let i = 0; i < ORDINARY; i++) yield ['set', `cache:${i}`, 'v'.repeat(40)];
  yield ['set', 'blob:report', 'r'.repeat(40_000_000)];
  const chunk = 1000;
  for (let c = 0; c < ELEMENTS / chunk; c++) {
    const ids = Array.from({ length: chunk }, (_, j) => c * chunk + j);
    yield ['rpush', 'big:list', ...ids.map((i) => `item-${i}`)];
    yield ['hset', 'big:hash', ...ids.flatMap((i) => [`f${i}`, `value-${i}`])];
    yield ['sadd', 'big:set', ...ids.map((i) => `member-${i}`)];
    yield ['zadd', 'big:zset', ...ids.flatMap((i) => [i, `m${i}`])];
  }
}
const server = useSeededServer({ lifetimeMs: 300_000, setupMs: 180_000, seed });

describe('big keys', () => {
  it('sampling 10,000 keys, finds the keys that hold the memory and reconciles within 5 %', async () => {
    const { options } = parseSampleArgs([server.url, '--sample', '10000'], {});
    // The default budget, on a machine that may be busy: only the time is widened.
    const report = await runSample({ ...options, timeoutMs: 240_000 });
    expect(report.sampled).toBeLessThanOrEqual(10_000);
    expect(report.sampled / report.dbsize).toBeLessThan(0.06);
    expect(report.bigKeys.map((b) => b.pattern).sort()).toEqual([...BIG].sort());
    for (const name of BIG) {
      const w = report.scenario.workloads.find((x) => x.name === `big: ${name}`);
      expect(w, name).toMatchObject({ keys: 1 });
      if (w!.type !== 'string') expect(w!.fields).toBe(ELEMENTS);
    }
    expect(report.scenario.workloads.find((w) => w.name === 'cache:{n}')!.keys).toBe(ORDINARY);
    const r = report.reconciliation!;
    console.log(`big-key server, ${report.server}, ${report.dbsize} keys:\n${formatReconciliation(r)}`);
    expect(Math.abs(r.unexplainedPercent!)).toBeLessThan(5);
    expect(r.warning).toBeNull();
  }, 280_000);
});
