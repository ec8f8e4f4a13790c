import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import { datasetBytesOnLines } from '../../src/model/estimate';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';

const scenario: Scenario = {
  schema: 1,
  versions: ['7.2', '9.1'],
  deployment: { instanceType: 'm7g.large', replicas: 1 },
  workloads: [
    { name: 'sessions', type: 'string', keys: 2_000_000, keyBytes: 24, valueBytes: 200, ttlFraction: 0.8 },
    { name: 'profiles', type: 'hash', keys: 300_000, keyBytes: 16, fields: 20, fieldBytes: 10, valueBytes: 20, ttlFraction: 0 },
  ],
};
const run = (args: string[]) => runEstimate([...args, '-'], () => JSON.stringify(scenario));

describe('estimate --fit: how many keys fit', () => {
  it('answers per line, and the answer filled in is the largest count the nodes hold', () => {
    const out = run(['--fit']);
    expect(out.code).toBe(0);
    const { capacity } = JSON.parse(out.stdout);
    expect(capacity).toMatchObject({ instanceType: 'm7g.large', shards: 1, nodesPerShard: 2 });
    const usable = capacity.usableDatasetBytes as number;
    // m7g.large: 8 GiB / (1.1 fragmentation x 1.25 headroom) less the empty process.
    expect(usable).toBeGreaterThan(6.2e9);
    expect(usable).toBeLessThan((8 * 1024 ** 3) / 1.375);
    for (const line of capacity.lines) {
      const sessions = line.workloads[0];
      const filled = (keys: number) =>
        datasetBytesOnLines(
          resolveScenario({ ...scenario, workloads: [{ ...scenario.workloads[0]!, keys }, scenario.workloads[1]!] }),
          [line.version],
        )[0]!;
      expect(filled(sessions.maxKeys)).toBeLessThanOrEqual(usable);
      expect(filled(sessions.maxKeys + 1)).toBeGreaterThan(usable);
      expect(line.mixFactor).toBeGreaterThan(1);
    }
    const [on72, on91] = capacity.lines;
    expect(on91.workloads[0].maxKeys).toBeGreaterThan(on72.workloads[0].maxKeys);
  });

  it('prints the same answer as a table, and nothing of it without --fit', () => {
    const { capacity } = JSON.parse(run(['--fit']).stdout);
    const table = run(['--fit', '--format', 'table']).stdout;
    expect(table).toContain('how many keys fit (1 shard(s) of m7g.large, 2 node(s) each;');
    const sessions91 = capacity.lines[1].workloads[0].maxKeys as number;
    expect(table).toContain(`sessions: up to ${sessions91.toLocaleString('en-US')} keys (today 2,000,000)`);
    expect(run([]).stdout).not.toContain('"capacity"');
    expect(run(['--format', 'table']).stdout).not.toContain('how many keys fit');
  });
});

describe('estimate --advice', () => {
  it('lists the changes that save, each with what it saves per line, in JSON and as a table', () => {
    const { advice } = JSON.parse(run(['--advice']).stdout);
    expect(advice.length).toBeGreaterThan(0);
    const keys = advice.find(
      (a: { kind: string; workloadName: string }) => a.kind === 'shorterKeys' && a.workloadName === 'sessions',
    );
    expect(keys.keyBytes).toBeLessThan(24);
    for (const s of keys.savings) expect(s.datasetBytesBefore - s.datasetBytesAfter).toBe(s.savedBytes);
    const table = run(['--advice', '--format', 'table']).stdout;
    expect(table).toContain(`sessions: key names of ${keys.keyBytes} bytes instead of 24 (the next length that saves)`);
    expect(table).toMatch(/9\.1 saves [\d,]+ B \([\d.]+ %\)/);
    expect(run([]).stdout).not.toContain('"advice"');
  });
});
