import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import type { CliResult } from '../../src/cli/estimateResult';
import { estimateScenario } from '../../src/model';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { resolveScenario } from '../../src/scenario/resolve';
import { parseScenario, type Workload } from '../../src/scenario/schema';

const run = (args: string[], scenario: unknown) => runEstimate(args, () => JSON.stringify(scenario));

/** Sets of 1-300 ten-byte members, the workload whose figure depends most on how it was written. */
const sets = (written?: string): Workload =>
  ({
    name: 'tags',
    type: 'set',
    keys: 100_000,
    keyBytes: 16,
    fields: { kind: 'range', shape: 'uniform', min: 1, max: 300 },
    valueBytes: 10,
    ttlFraction: 0,
    ...(written && { written }),
  }) as Workload;

const scenarioOf = (w: Workload) => ({ schema: 1, allocator: 'jemalloc-bundled', workloads: [w] });

const datasetOn = (out: { stdout: string }, line: string) =>
  (JSON.parse(out.stdout) as CliResult).versions.find((v) => v.version === line)!.datasetBytes;

describe('the write history in scenario JSON', () => {
  it('takes "written" on a set workload: made at once, the sets take less on 8.1+ than grown one member at a time', () => {
    const grown = run(['-'], scenarioOf(sets()));
    const whole = run(['-'], scenarioOf(sets('whole-collection')));
    const loaded = run(['-'], scenarioOf(sets('loaded')));
    for (const out of [grown, whole, loaded]) expect(out.code).toBe(0);
    // The one-per-command default is today's figure; a whole SADD per key and a load leave no old
    // tables (3.7 % less on 9.1, 8.4 % on Redis 8.0).
    expect(datasetOn(grown, '9.1')).toBe(datasetOn(run(['-'], scenarioOf(sets('one-per-command'))), '9.1'));
    expect(datasetOn(whole, '9.1') / datasetOn(grown, '9.1')).toBeCloseTo(1 / 1.0368, 3);
    expect(datasetOn(loaded, '9.1')).toBe(datasetOn(whole, '9.1'));
  });

  it('the same figure through a share link as through the JSON file', () => {
    const s = scenarioOf(sets('loaded'));
    const opened = decodeLink(encodeLink({ scenario: parseScenarioOk(s), view: {} }));
    const linked = estimateScenario(resolveScenario(opened.state.scenario)).versions.map((v) => Math.round(v.datasetBytes));
    expect((JSON.parse(run(['-'], s).stdout) as CliResult).versions.map((v) => v.datasetBytes)).toEqual(linked);
  });

  it('rejects it on strings, and an unknown history, naming the field; takes it on lists', () => {
    const str = { name: 's', type: 'string', keys: 1, keyBytes: 8, valueBytes: 8, ttlFraction: 0, written: 'loaded' };
    const onString = parseScenario({ schema: 1, workloads: [str] });
    expect(onString.ok).toBe(false);
    if (!onString.ok) expect(onString.error).toContain('written applies to hash, set, zset, list workloads only');
    const list = { ...str, type: 'list', fields: 10 };
    expect(parseScenario({ schema: 1, workloads: [list] }).ok).toBe(true);
    const unknown = parseScenario(scenarioOf(sets('bulk')));
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toContain('written is one of one-per-command, whole-collection, loaded');
  });

  it('lists the field in estimate --help', () => {
    const help = run(['--help'], {}).stdout;
    expect(help).toMatch(
      /^ {2}written +one-per-command \| whole-collection \| loaded; optional for hash, set, zset, list; not on string$/m,
    );
  });
});

function parseScenarioOk(json: unknown) {
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.scenario;
}

describe('the same keys as loaded', () => {
  const tags = { ...sets(), keys: 100_000 };
  const strings = { name: 's', type: 'string', keys: 1_000, keyBytes: 16, valueBytes: 10, ttlFraction: 0 };

  it('reports each line on which a workload takes less once loaded: the dataset and the workload, as written and loaded', () => {
    const out = run(['-'], { ...scenarioOf(tags), versions: ['redis-7.0', '8.0', '9.1'] });
    const result = JSON.parse(out.stdout) as CliResult & {
      asLoaded: {
        note: string;
        versions: Array<{
          version: string;
          datasetBytes: number;
          asWrittenDatasetBytes: number;
          workloads: Array<{ name: string; written: string; bytesPerKey: number; asWrittenBytesPerKey: number }>;
        }>;
      };
    };
    expect(result.asLoaded.note).toMatch(/restart.*full sync.*migration/);
    expect(result.asLoaded.versions.map((v) => v.version)).toEqual(['redis-7.0', '8.0', '9.1']);
    const loadedRun = JSON.parse(
      run(['-'], { ...scenarioOf(sets('loaded')), versions: ['redis-7.0', '8.0', '9.1'] }).stdout,
    ) as CliResult;
    for (const [i, v] of result.asLoaded.versions.entries()) {
      // As written is the estimate itself; loaded is what the same workload written "loaded" gives.
      expect(v.asWrittenDatasetBytes).toBe(result.versions[i]!.datasetBytes);
      expect(v.datasetBytes).toBe(loadedRun.versions[i]!.datasetBytes);
      expect(v.workloads).toEqual([
        {
          name: 'tags',
          written: 'one-per-command',
          bytesPerKey: loadedRun.versions[i]!.workloads[0]!.bytesPerKey,
          asWrittenBytesPerKey: result.versions[i]!.workloads[0]!.bytesPerKey,
        },
      ]);
    }
    // Redis 7.0 (bundled jemalloc here): 7.9 % less once loaded; Valkey 8.0 7.7 %; 9.1 3.6 %.
    const change = (v: { datasetBytes: number; asWrittenDatasetBytes: number }) => v.datasetBytes / v.asWrittenDatasetBytes - 1;
    expect(change(result.asLoaded.versions[0]!)).toBeCloseTo(-0.0789, 3);
    expect(change(result.asLoaded.versions[1]!)).toBeCloseTo(-0.0773, 3);
    expect(change(result.asLoaded.versions[2]!)).toBeCloseTo(-0.0356, 3);
  });

  it('says nothing where nothing depends on it: strings, workloads loaded already, listpack-sized sets', () => {
    for (const workloads of [[strings], [sets('loaded')], [{ ...sets(), fields: 100 }]]) {
      expect(JSON.parse(run(['-'], { schema: 1, workloads }).stdout)).not.toHaveProperty('asLoaded');
    }
  });

  it('the table prints the two figures per line', () => {
    const table = run(['--format', 'table', '-'], { ...scenarioOf(tags), versions: ['9.1'] }).stdout;
    expect(table).toMatch(/^as loaded: after a restart/m);
    expect(table).toMatch(/^9\.1 +tags +[\d.]+ B\/key +[\d.]+ B\/key +−3\.\d %$/m);
    expect(table).toMatch(/^9\.1 +dataset +[\d.]+ MiB +[\d.]+ MiB +−3\.\d %$/m);
  });

  it('a move from Redis 7.0 to Valkey 9.1 prices the target as loaded on day one, and says so', () => {
    type Move = { note: string; from: string; to: string; dayOneDatasetBytes: number; steadyDatasetBytes: number };
    const move = { ...scenarioOf(tags), versions: ['redis-7.0', '9.1'], baseline: 'redis-7.0', target: '9.1' };
    const out = JSON.parse(run(['-'], move).stdout) as CliResult & {
      asLoaded: { move: Move; versions: Array<{ version: string; datasetBytes: number }> };
    };
    const target = out.asLoaded.versions.find((v) => v.version === '9.1')!;
    expect(out.asLoaded.move).toMatchObject({
      from: 'redis-7.0',
      to: '9.1',
      dayOneDatasetBytes: target.datasetBytes,
      steadyDatasetBytes: out.versions.find((v) => v.version === '9.1')!.datasetBytes,
    });
    expect(out.asLoaded.move.note).toMatch(/day one/);
    // The target need not be among the compared lines: its day one is priced all the same.
    const notCompared = JSON.parse(run(['-'], { ...move, versions: ['redis-7.0'] }).stdout) as { asLoaded: { move: Move } };
    expect(notCompared.asLoaded.move.dayOneDatasetBytes).toBe(target.datasetBytes);
    const table = run(['--format', 'table', '-'], move).stdout;
    expect(table).toMatch(/^move redis-7\.0 -> 9\.1: day one [\d.]+ MiB as loaded, steady state [\d.]+ MiB as written/m);
    // Nothing to say of a move of strings, or of a plan that stays on one line.
    expect(JSON.parse(run(['-'], { ...move, workloads: [strings] }).stdout)).not.toHaveProperty('asLoaded');
    const stay = JSON.parse(run(['-'], { ...move, baseline: '9.1' }).stdout) as { asLoaded: object };
    expect(stay.asLoaded).not.toHaveProperty('move');
  });
});
