import { existsSync } from 'node:fs';
import type Valkey from 'iovalkey';
import { describe, expect, it } from 'vitest';
import { runSample, type SampleReport } from '../../src/cli/sample/run';
import type { Distribution } from '../../src/model/distribution';
import type { LineId } from '../../src/model/lineRegistry';
import { scenarioSchema } from '../../src/scenario/schema';
import { DEFAULT_SAMPLE_OPTIONS } from '../../src/cli/sample/options';
import { analyzeInfo } from '../../src/info/analyze';
import { scenarioFigures } from '../../src/info/figure';
import { parseInfo } from '../../src/info/parse';
import type { Scenario } from '../../src/scenario/schema';
import { sizeFigure } from '../../src/scenario/workloadFields';
import { connect, startRedisServer } from '../support/redisServer';
import { keyspaceRehashing, steadyUsedMemory, waitForRehash } from '../support/serverMemory';
import type { ValidationWorkload } from '../validate/compare';
import { loadWorkloads } from '../validate/load';
import { VALIDATION_SERVERS } from '../validate/servers';

const uniform = (min: number, max: number): Distribution => ({ kind: 'range', shape: 'uniform', min, max });

/**
 * A server of mixed sizes, as real data has them: one family per type (the loader names them
 * a..., b..., so each type is a family of its own), every family with sizes that differ from key
 * to key across a size class or an encoding threshold: string values of 1-200 bytes (across the
 * embedding limits) with key names of 8-24 bytes and half of them with a TTL, hashes of 50-200
 * fields across hash-max-listpack-entries 128, sets of 400-640 integers across
 * set-max-intset-entries 512, sorted sets of 100-160 members across zset-max-listpack-entries
 * 128, and lists of 1-300 elements across the quicklist's node size.
 */
const MIXED: ValidationWorkload[] = [
  {
    name: 'strings',
    type: 'string',
    keys: 40_000,
    keyBytes: 16,
    valueBytes: 100,
    ttlFraction: 0.5,
    distributions: { keyBytes: uniform(8, 24), valueBytes: uniform(1, 200) },
  },
  {
    name: 'hashes',
    type: 'hash',
    keys: 2_000,
    keyBytes: 12,
    fields: 125,
    fieldBytes: 8,
    valueBytes: 10,
    ttlFraction: 0,
    distributions: { fields: uniform(50, 200), valueBytes: uniform(4, 20) },
  },
  {
    name: 'sets',
    type: 'set',
    keys: 400,
    keyBytes: 12,
    fields: 512,
    valueBytes: 4,
    valueKind: 'int',
    ttlFraction: 0,
    distributions: { fields: uniform(400, 640) },
  },
  {
    name: 'zsets',
    type: 'zset',
    keys: 2_000,
    keyBytes: 12,
    fields: 130,
    valueBytes: 8,
    ttlFraction: 0,
    distributions: { fields: uniform(100, 160) },
  },
  {
    name: 'lists',
    type: 'list',
    keys: 2_000,
    keyBytes: 12,
    fields: 150,
    valueBytes: 12,
    ttlFraction: 0,
    distributions: { fields: uniform(1, 300) },
  },
];
const KEYS = MIXED.reduce((s, w) => s + w.keys, 0);

/** The same scenario with each distribution replaced by its mean: what the sampler wrote before. */
const ofMeans = (scenario: Scenario): Scenario => ({
  ...scenario,
  workloads: scenario.workloads.map((w) => ({
    ...w,
    keyBytes: sizeFigure(w.keyBytes),
    valueBytes: sizeFigure(w.valueBytes),
    fields: sizeFigure(w.fields),
    fieldBytes: sizeFigure(w.fieldBytes),
  })),
});

/** used_memory once no keyspace table is rehashing (a rehash holds both tables) and the reading holds still. */
async function settledUsedMemory(client: Valkey): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    await waitForRehash(client);
    const reading = await steadyUsedMemory(client);
    if (!(await keyspaceRehashing(client))) return reading;
  }
  throw new Error('the keyspace started rehashing again after each of 10 readings');
}

/**
 * Loads MIXED into a fresh server, reads what its keys take (used_memory less the empty
 * process), then samples it with the default options (a keyspace this small is read whole).
 */
async function loadAndSample(
  binary: string,
  sampleToo = 0,
): Promise<{ report: SampleReport; realBytes: number; sampled: SampleReport | null; info: string }> {
  const running = await startRedisServer({
    binary,
    lifetimeMs: 400_000,
    extraArgs: ['--enable-debug-command', 'local', '--slowlog-log-slower-than', '-1'],
  });
  const probe = connect(running);
  try {
    // What the reading itself allocates lazily is allocated before the first reading.
    await probe.call('debug', 'replybuffer', 'resizing', '0');
    await probe.call('debug', 'htstats', '0');
    await probe.info('memory');
    const before = await steadyUsedMemory(probe);
    // Collections as the writes leave them, some mid-rehash: what the model counts (rehash.ts).
    await loadWorkloads(running, MIXED);
    const realBytes = (await settledUsedMemory(probe)) - before;
    const options = { ...DEFAULT_SAMPLE_OPTIONS, url: running.url, timeoutMs: 300_000, connectTimeoutMs: 5_000 };
    const report = await runSample(options);
    const sampled = sampleToo ? await runSample({ ...options, maxKeys: sampleToo }) : null;
    return { report, realBytes, sampled, info: await probe.info('everything') };
  } finally {
    probe.disconnect();
    await running.stop();
  }
}

const built = (id: string, name: string) =>
  VALIDATION_SERVERS.filter((s) => s.id === id && existsSync(s.binary)).map((s) => ({ name, binary: s.binary, line: s.line }));

const servers: Array<{ name: string; binary: string; line: LineId }> = [
  { name: "Debian's Redis 7.0", binary: VALIDATION_SERVERS.find((s) => s.id === 'redis-7.0')!.binary, line: 'redis-7.0' },
  ...built('valkey-9.1.2-bundled', 'Valkey 9.1.2'),
];
const redis86 = built('redis-8.6.3', 'Redis 8.6.3');

describe('a server of mixed sizes, read whole, gives a scenario of distributions', () => {
  it.each(servers)(
    '$name: every count exact, and the planner figure within 1 % of used_memory less the empty process',
    async ({ binary, line }) => {
      const { report, realBytes } = await loadAndSample(binary);
      expect(report.line).toBe(line);
      expect(report.dbsize).toBe(KEYS);
      expect(report.sampled).toBe(KEYS);
      expect(report.scanComplete).toBe(true);
      expect(report.total).toMatchObject({ keys: KEYS, exact: true, confidence: 0.95 });
      expect(scenarioSchema.safeParse(report.scenario).success).toBe(true);
      const workloads = report.scenario.workloads;
      // Each family as loaded: its exact count, and its varying sizes as histograms, never means.
      for (const truth of MIXED) {
        const w = workloads.find((x) => x.type === truth.type);
        expect(w, truth.name).toMatchObject({ keys: truth.keys, ttlFraction: truth.ttlFraction });
        for (const size of Object.keys(truth.distributions!) as Array<'keyBytes' | 'valueBytes' | 'fields'>)
          expect(w![size], `${truth.name} ${size}`).toMatchObject({ kind: 'histogram' });
      }
      const strings = workloads.find((w) => w.type === 'string')!;
      const valueSizes = strings.valueBytes as Extract<typeof strings.valueBytes, { kind: 'histogram' }>;
      expect(valueSizes.buckets[0]!.from).toBe(1);
      expect(valueSizes.buckets[valueSizes.buckets.length - 1]!.to).toBe(200);
      expect(valueSizes.buckets.reduce((s, b) => s + b.weight, 0)).toBe(40_000);
      // Sizes every key shares stay one number.
      expect(workloads.find((w) => w.type === 'zset')!.valueBytes).toBe(8);
      expect(workloads.find((w) => w.type === 'set')).toMatchObject({ valueKind: 'int', keyBytes: 12 });
      const modelBytes = report.figure!.keysBytes;
      const errorPercent = ((modelBytes - realBytes) / realBytes) * 100;
      const meansBytes = scenarioFigures(ofMeans(report.scenario), [line])[0]!.keysBytes;
      const meansErrorPercent = ((meansBytes - realBytes) / realBytes) * 100;
      console.log(
        `${report.server} (${line}), ${KEYS} keys of mixed sizes read whole: real ${realBytes} B, planner ${Math.round(modelBytes)} B (${errorPercent.toFixed(3)} %); the same scenario of means ${Math.round(meansBytes)} B (${meansErrorPercent.toFixed(2)} %)`,
      );
      expect(Math.abs(errorPercent)).toBeLessThan(1);
      // The distributions are what makes it close: the means miss by far more.
      expect(Math.abs(meansErrorPercent)).toBeGreaterThan(5 * Math.abs(errorPercent));
    },
    400_000,
  );

  it.skipIf(redis86.length === 0)(
    'Redis 8.6.3 (INFO keysizes): a whole read agrees with keysizes; a sample of 5,000 keys takes its counts from them',
    async () => {
      const { binary, line } = redis86[0]!;
      const { report, realBytes, sampled, info } = await loadAndSample(binary, 5_000);
      expect(report.line).toBe(line);
      expect(report.warnings.join(' ')).not.toMatch(/keysizes/);
      const errorPercent = ((report.figure!.keysBytes - realBytes) / realBytes) * 100;
      console.log(
        `${report.server} (${line}), read whole: real ${realBytes} B, planner ${Math.round(report.figure!.keysBytes)} B (${errorPercent.toFixed(3)} %)`,
      );
      expect(Math.abs(errorPercent)).toBeLessThan(1);
      // The sample: each family is its type's only one, so its count is keysizes' own, exact.
      expect(sampled!.sampled).toBeLessThanOrEqual(5_000);
      expect(sampled!.total.exact).toBe(false);
      for (const truth of MIXED) {
        const f = sampled!.families.find((x) => x.type === truth.type)!;
        expect(f, truth.name).toMatchObject({ estimatedKeys: truth.keys, interval: [truth.keys, truth.keys] });
      }
      expect(sampled!.warnings.join('\n')).toMatch(
        /the counts of strings, hashes, sets, sorted sets, lists are INFO keysizes' own/,
      );
      const [low, high] = sampled!.total.modelInterval!;
      console.log(
        `sampled 5,000 of ${KEYS}: planner ${Math.round(sampled!.total.modelBytes!)} B, 95 % interval ${Math.round(low)}-${Math.round(high)} B`,
      );
      expect(low).toBeLessThan(high);
      // The server's own INFO, pasted: keysizes read without a complaint, a workload per type.
      const parsed = parseInfo(info);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.info.ignored).toEqual([]);
      expect(analyzeInfo(parsed.info).scenario!.workloads.map((w) => [w.type, w.keys])).toEqual(
        MIXED.map((w) => [w.type, w.keys]),
      );
    },
    400_000,
  );
});
