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

  it('rejects it on strings and lists, and an unknown history, naming the field', () => {
    const str = { name: 's', type: 'string', keys: 1, keyBytes: 8, valueBytes: 8, ttlFraction: 0, written: 'loaded' };
    const onString = parseScenario({ schema: 1, workloads: [str] });
    expect(onString.ok).toBe(false);
    if (!onString.ok) expect(onString.error).toContain('written applies to hash, set, zset workloads only');
    const list = { ...str, type: 'list', fields: 10 };
    expect(parseScenario({ schema: 1, workloads: [list] }).ok).toBe(false);
    const unknown = parseScenario(scenarioOf(sets('bulk')));
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toContain('written is one of one-per-command, whole-collection, loaded');
  });

  it('lists the field in estimate --help', () => {
    const help = run(['--help'], {}).stdout;
    expect(help).toMatch(
      /^ {2}written +one-per-command \| whole-collection \| loaded; optional for hash, set, zset; not on string, list$/m,
    );
  });
});

function parseScenarioOk(json: unknown) {
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.scenario;
}
