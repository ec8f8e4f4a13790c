import { describe, expect, it } from 'vitest';
import { adviceFor, adviceWorkload, withAdvice, type AdviceChange } from '../../src/model/advice';
import { datasetBytesOnLines } from '../../src/model/estimate';
import { applyAdvice } from '../../src/scenario/advice';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';

const scenario: Scenario = {
  schema: 1,
  versions: ['7.2', '8.1', '9.1'],
  workloads: [
    { name: 'sessions', type: 'string', keys: 2_000_000, keyBytes: 40, valueBytes: 10, ttlFraction: 0 },
    { name: 'profiles', type: 'hash', keys: 100_000, keyBytes: 16, fields: 600, fieldBytes: 8, valueBytes: 12, ttlFraction: 0 },
    { name: 'tags', type: 'set', keys: 50_000, keyBytes: 12, fields: 200, valueBytes: 9, ttlFraction: 0 },
    { name: 'blobs', type: 'string', keys: 10_000, keyBytes: 24, valueBytes: 4000, ttlFraction: 0.5 },
  ],
};
const kinds = (workload: number) =>
  adviceFor(resolveScenario(scenario))
    .filter((a) => adviceWorkload(a.change) === workload)
    .map((a) => a.change.kind);

describe('advice with the bytes', () => {
  const resolved = resolveScenario(scenario);
  const advice = adviceFor(resolved);

  it('promises exactly what the planner says after the change is applied to the scenario', () => {
    expect(advice.length).toBeGreaterThanOrEqual(5);
    for (const { change, savings } of advice) {
      const applied = resolveScenario(applyAdvice(scenario, change));
      expect(applied).toEqual(withAdvice(resolved, change));
      const after = datasetBytesOnLines(applied, resolved.versions);
      // A move of the target leaves every line's dataset as it was: what it promises is the new target's.
      if (change.kind === 'line')
        for (const saving of savings) expect(saving.bytesAfter).toBe(datasetBytesOnLines(applied, [applied.target])[0]);
      else savings.forEach((saving, li) => expect(saving.bytesAfter, `${change.kind} on ${saving.line}`).toBe(after[li]));
    }
  });

  it('offers only changes that save on some line', () => {
    for (const { savings } of advice) expect(savings.some((x) => x.savedBytes > 0)).toBe(true);
    // 4,000-byte values are not integers, have no listpack, and carry TTLs: nothing to pack.
    expect(kinds(3)).toEqual(['shorterKeys']);
  });

  it('names the next key length that actually saves: a byte shorter may stay in the same size class', () => {
    const keys = advice.find((a) => a.change.kind === 'shorterKeys' && adviceWorkload(a.change) === 0)!;
    const to = (keys.change as Extract<AdviceChange, { kind: 'shorterKeys' }>).keyBytes;
    expect(to).toBeLessThan(40);
    const on91 = (keyBytes: number) =>
      datasetBytesOnLines(withAdvice(resolved, { kind: 'shorterKeys', workload: 0, keyBytes, fromKeyBytes: 40 }), ['9.1'])[0]!;
    const today = datasetBytesOnLines(resolved, ['9.1'])[0]!;
    for (let k = to + 1; k < 40; k++) expect(on91(k), `keys of ${k} bytes`).toBe(today);
    expect(on91(to)).toBeLessThan(today);
  });

  it('packs short strings into hashes of 100 fields, which stay listpacks, and saves most of their bytes', () => {
    const pack = advice.find((a) => a.change.kind === 'hashBuckets')!;
    expect(pack.change).toEqual({ kind: 'hashBuckets', workload: 0, bucket: 100, digits: 2 });
    const packed = withAdvice(resolved, pack.change).workloads[0]!;
    expect(packed).toMatchObject({ type: 'hash', keys: 20_000, keyBytes: 38, fields: 100, fieldBytes: 2 });
    // Of the sessions' own bytes (the dataset holds the other workloads too), more than a third goes.
    const sessionsAlone = datasetBytesOnLines({ ...resolved, workloads: [resolved.workloads[0]!] }, resolved.versions);
    pack.savings.forEach((saving, li) => expect(saving.savedBytes / sessionsAlone[li]!).toBeGreaterThan(1 / 3));
  });

  it('raises a listpack limit to a workload that just misses it, as a server setting', () => {
    expect(kinds(1)).toContain('listpackLimit');
    const limit = advice.find((a) => a.change.kind === 'listpackLimit' && adviceWorkload(a.change) === 1)!;
    // Only the setting that changes: the values (64 B) already fit the server's limit.
    expect(limit.change).toMatchObject({ config: { hashMaxListpackEntries: 600 } });
    expect(limit.change).not.toHaveProperty('config.hashMaxListpackValue');
    expect(kinds(2)).toContain('listpackLimit');
  });
});
