import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import { adviceFor } from '../../src/model/advice';
import { datasetBytesOnLines } from '../../src/model/estimate';
import { applyAdvice } from '../../src/scenario/advice';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';
import { CARTS_AND_USERS } from '../support/adviceWorkloads';

const scenario: Scenario = {
  ...CARTS_AND_USERS,
  deployment: { replicas: 1, fragmentationRatio: 1.2, headroomPercent: 30, processBaselineBytes: 1_000_000 },
};
const run = (args: string[], s: Scenario = scenario) => runEstimate([...args, '-'], () => JSON.stringify(s));

describe('estimate --fit SIZE: how many keys fit in nodes of that size', () => {
  it('16GiB: the room of one shard of 16 GiB nodes, and the largest key count per line that fills it', () => {
    const out = run(['--fit', '16GiB']);
    expect(out.code).toBe(0);
    const { capacity } = JSON.parse(out.stdout);
    expect(capacity).toMatchObject({ nodeBytes: 16 * 1024 ** 3, shards: 1, nodesPerShard: 2 });
    expect(capacity.instanceType).toBeUndefined();
    const room = (16 * 1024 ** 3) / (1.2 * 1.3) - 1_000_000;
    expect(capacity.usableDatasetBytes).toBe(Math.floor(room));
    for (const line of capacity.lines) {
      const users = line.workloads[1].maxKeys as number;
      const filled = (keys: number) =>
        datasetBytesOnLines(
          resolveScenario({ ...scenario, workloads: [scenario.workloads[0]!, { ...scenario.workloads[1]!, keys }] }),
          [line.version],
        )[0]!;
      expect(filled(users)).toBeLessThanOrEqual(room);
      expect(filled(users + 1)).toBeGreaterThan(room);
    }
    const table = run(['--fit=16GiB', '--format', 'table']).stdout;
    expect(table).toContain('how many keys fit (1 shard(s) of nodes of 17,179,869,184 bytes, 2 node(s) each;');
  });

  it('GB is 10^9 and GiB 2^30; the file may follow --fit as before', () => {
    expect(JSON.parse(run(['--fit=16GB']).stdout).capacity.nodeBytes).toBe(16e9);
    expect(JSON.parse(run(['--fit', '512 MiB']).stdout).capacity.nodeBytes).toBe(512 * 1024 ** 2);
    expect(JSON.parse(run(['--fit']).stdout).capacity.instanceType).toBe('cache.r7g.large');
  });

  it.each([
    ['--fit=16', '--fit "16": a node size needs its unit (B, KB, KiB, MB, MiB, GB, GiB), as in 16GB or 16GiB'],
    [
      '--fit=abc',
      '--fit "abc" is not a node size: write a number and a unit (B, KB, KiB, MB, MiB, GB, GiB), as in 16GB or 64GiB',
    ],
    ['--fit=2TB', '--fit "2TB": write terabytes in GB or GiB (1 TB = 1000GB, 1 TiB = 1024GiB)'],
    ['--fit=0GB', '--fit "0GB": a node has at least 1 byte'],
    ['--fit=99999GiB', '--fit "99999GiB": at most 70,368,744,177,664 bytes (64 TiB) a node'],
    ['--fit=16XB', '--fit "16XB" is not a node size: the units are B, KB, KiB, MB, MiB, GB, GiB, as in 16GB or 64GiB'],
  ])('%s is refused with a message that says what to write', (arg, message) => {
    const out = run([arg]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr.split('\n')[0]).toBe(message);
  });
});

describe('estimate --advice: TTLs, the line, the allocator, and what was applied', () => {
  it('lists each new item with its saving per line and says what it is', () => {
    const { advice } = JSON.parse(run(['--advice']).stdout);
    const byKind = (kind: string) => advice.find((a: { kind: string }) => a.kind === kind);
    expect(byKind('keyTtl')).toMatchObject({ workload: 0, workloadName: 'carts' });
    expect(byKind('dropTtl')).toMatchObject({ workloadName: 'users', ttlFraction: 0.02 });
    expect(byKind('allocator')).toMatchObject({
      allocator: 'jemalloc-bundled',
      description: 'every version on the jemalloc-bundled build',
    });
    const line = byKind('line');
    expect(line).toMatchObject({ line: '8.0', from: '7.2' });
    expect(line.workloadName).toBeUndefined();
    expect(line.description).toContain('plan on Valkey 8.0 instead of Valkey 7.2 (upgrade)');
    // 7.2 to 8.0: the saving on 7.2 is the two lines' datasets apart.
    const [on72, on80] = datasetBytesOnLines(resolveScenario(scenario), ['7.2', '8.0']);
    expect(line.savings[0]).toMatchObject({ version: '7.2', savedBytes: Math.round(on72! - on80!) });
    const table = run(['--advice', '--format', 'table']).stdout;
    expect(table).toContain('users: no TTL on the 2 % of keys that have one (the application deletes them)');
    expect(table).toContain('carts: one TTL on each hash instead of one on every field');
    expect(table).not.toContain('applied to this scenario already');
  });

  it('prints what the scenario records as applied, in JSON and as a table', () => {
    const item = adviceFor(resolveScenario(scenario)).find((a) => a.change.kind === 'keyTtl')!;
    const applied = applyAdvice(scenario, item.change);
    const out = JSON.parse(run(['--advice'], applied).stdout);
    expect(out.appliedAdvice).toEqual([{ kind: 'keyTtl', workload: 'carts' }]);
    expect(out.advice.some((a: { kind: string }) => a.kind === 'keyTtl')).toBe(false);
    const table = run(['--advice', '--format', 'table'], applied).stdout;
    expect(table).toContain(
      'applied to this scenario already (its figures include these changes)\n  carts: one TTL on each hash instead of one on every field',
    );
    expect(JSON.parse(run([], applied).stdout).appliedAdvice).toBeUndefined();
  });
});
