import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { usableDatasetBytes } from '../../src/model/growth';
import { parseScenario, type Scenario } from '../../src/scenario/schema';
import { workloadGrowths } from '../../src/scenario/growth';
import { resolveScenario } from '../../src/scenario/resolve';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { growthOf } from '../../src/state/costDerived';

// Two workloads on one m7g.large shard (8 GiB): sessions follow the scenario's 20 M keys a month,
// the catalog has its own 1 M keys a month.
const scenario: Scenario = {
  schema: 1,
  workloads: [
    { name: 'sessions', keys: 5_000_000, keyBytes: 24, type: 'string', valueBytes: 200, ttlFraction: 1 },
    {
      name: 'catalog',
      keys: 1_000_000,
      keyBytes: 20,
      type: 'string',
      valueBytes: 400,
      ttlFraction: 0,
      growth: { kind: 'keysPerMonth', keysPerMonth: 1_000_000 },
    },
  ],
  deployment: { instanceType: 'm7g.large' },
  growth: { kind: 'keysPerMonth', keysPerMonth: 2_000_000 },
};

/** The first month whose dataset outgrows today's shards, by estimating the scenario month by month. */
function monthFullByHand(s: Scenario, version: string): number | null {
  const resolved = resolveScenario(s);
  const today = estimateScenario(resolved);
  const shards = today.versions.find((v) => v.version === resolved.baseline)!.deployment.shards;
  const capacity = usableDatasetBytes(resolved.deployment, shards)!;
  const perMonth = [2_000_000, 1_000_000];
  for (let month = 0; month <= 24; month++) {
    const grown = { ...s, workloads: s.workloads.map((w, i) => ({ ...w, keys: w.keys + perMonth[i]! * month })) };
    const bytes = estimateScenario(resolveScenario(grown)).versions.find((v) => v.version === version)!.datasetBytes;
    if (bytes > capacity) return month;
  }
  return null;
}

describe('one growth rate for the scenario, overridden per workload', () => {
  it('a workload without its own growth follows the scenario; one with its own keeps it', () => {
    expect(workloadGrowths(scenario)).toEqual([
      { kind: 'keysPerMonth', keysPerMonth: 2_000_000 },
      { kind: 'keysPerMonth', keysPerMonth: 1_000_000 },
    ]);
  });

  it('months until full: as the key counts 5 M + 2 M/month and 1 M + 1 M/month say, on each line', () => {
    const projection = growthOf(scenario);
    expect(projection.keys[0]![12]).toBe(29_000_000);
    expect(projection.keys[1]![12]).toBe(13_000_000);
    for (const line of projection.lines) expect(line.monthFull, line.version).toBe(monthFullByHand(scenario, line.version));
    // Within the 24 months, and later than with the catalog growing at the scenario's 2 M too.
    const full = projection.lines.map((l) => l.monthFull!);
    for (const m of full) expect(m).toBeGreaterThan(0);
    const allAtScenarioRate = growthOf({ ...scenario, workloads: scenario.workloads.map(({ growth: _, ...w }) => w) });
    allAtScenarioRate.lines.forEach((l, i) => expect(l.monthFull!).toBeLessThanOrEqual(full[i]!));
    expect(allAtScenarioRate.lines.some((l, i) => l.monthFull! < full[i]!)).toBe(true);
  });

  it('the same projection as each workload carrying the growth itself', () => {
    const explicit: Scenario = {
      ...scenario,
      growth: undefined,
      workloads: scenario.workloads.map((w) => ({ ...w, growth: w.growth ?? scenario.growth })),
    };
    delete explicit.growth;
    expect(growthOf(scenario).lines).toEqual(growthOf(explicit).lines);
  });

  it('travels in links and JSON, with the schema naming a bad rate', () => {
    const decoded = decodeLink(encodeLink({ scenario, view: {} }));
    // A link pins the line choice beside it (linkCompat.ts): the rest comes back as it was.
    expect(decoded.ok && decoded.state.scenario).toMatchObject(scenario);
    expect(parseScenario(JSON.parse(JSON.stringify(scenario)))).toEqual({ ok: true, scenario });
    const bad = parseScenario({ ...scenario, growth: { kind: 'percentPerMonth', percentPerMonth: 500 } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toContain('percentPerMonth: at most 100');
  });

  it('a damaged scenario rate in a link is dropped with a notice, the rest kept', () => {
    const damaged = { ...scenario, growth: { kind: 'sideways' } } as unknown as Scenario;
    const decoded = decodeLink(encodeLink({ scenario: damaged, view: {} }));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.state.scenario.growth).toBeUndefined();
    expect(decoded.state.scenario.workloads).toEqual(scenario.workloads);
    expect(decoded.notices).toEqual([expect.objectContaining({ code: 'settingIgnored', setting: 'growth' })]);
  });
});

describe('advice under a scenario-wide growth rate', () => {
  it('packing strings into hashes turns the scenario rate the workload follows into hashes per month of its own', async () => {
    const { applyAdvice } = await import('../../src/scenario/advice');
    const s: Scenario = {
      schema: 1,
      workloads: [
        { name: 'sessions', type: 'string', keys: 2_000_000, keyBytes: 40, valueBytes: 10, ttlFraction: 0 },
        { name: 'other', type: 'string', keys: 1000, keyBytes: 10, valueBytes: 10, ttlFraction: 0 },
      ],
      growth: { kind: 'keysPerMonth', keysPerMonth: 1_000_000 },
    };
    const applied = applyAdvice(s, { kind: 'hashBuckets', workload: 0, bucket: 100, digits: 2 });
    // 1,000,000 string keys a month in hashes of 100 fields: 10,000 hashes a month.
    expect(applied.workloads[0]!.growth).toEqual({ kind: 'keysPerMonth', keysPerMonth: 10_000 });
    expect(applied.workloads[1]!.growth).toBeUndefined();
    expect(applied.growth).toEqual(s.growth);
  });
});
