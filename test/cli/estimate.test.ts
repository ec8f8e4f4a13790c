import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import type { CliResult } from '../../src/cli/estimateResult';
import { workloadFields } from '../../src/scenario/workloadFields';

const benchmark = {
  schema: 1,
  workloads: [{ name: 'sessions', keys: 632000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
};
const TABLE = [102.48, 94.49, 71.98, 71.99, 64.02];

function run(args: string[], input: unknown) {
  return runEstimate(args, () => (typeof input === 'string' ? input : JSON.stringify(input)));
}

describe('npm run -s estimate', () => {
  it('prints the DESIGN.md JSON result for the benchmark scenario, within 1.5 B/key of the table', () => {
    const out = run(['-'], benchmark);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as CliResult;
    expect(result.schema).toBe(1);
    expect(result.versions.map((v) => v.version)).toEqual(['7.2', '8.0', '8.1', '9.0', '9.1']);
    result.versions.forEach((v, i) => {
      const w = v.workloads[0]!;
      expect(w.name).toBe('sessions');
      expect(w.keys).toBe(632000);
      expect(TABLE[i]! - w.bytesPerKey).toBeGreaterThan(0);
      expect(TABLE[i]! - w.bytesPerKey).toBeLessThan(1.5);
      expect(Math.abs(w.bytes - w.bytesPerKey * w.keys)).toBeLessThan(w.keys * 0.005 + 1);
      expect(v.datasetBytes).toBe(w.bytes);
      expect(w.measured?.bytesPerKey).toBe(TABLE[i]);
    });
    // differences between lines within 0.1 byte of the table's
    for (let i = 1; i < 5; i++) {
      const modeled = result.versions[i]!.workloads[0]!.bytesPerKey - result.versions[i - 1]!.workloads[0]!.bytesPerKey;
      expect(Math.abs(modeled - (TABLE[i]! - TABLE[i - 1]!))).toBeLessThan(0.1);
    }
  });

  it('--format table prints a readable table with measured figures beside the model', () => {
    const out = run(['--format', 'table', '-'], benchmark);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/9\.1\s+sessions\s+632,000\s+62\.81\s+64\.02/);
    expect(out.stdout).toMatch(/−38\.0 %/);
  });

  it('a bad field exits non-zero and names the field', () => {
    const bad = structuredClone(benchmark) as { workloads: Array<Record<string, unknown>> };
    bad.workloads[0]!.keys = -5;
    const out = run(['-'], bad);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toMatch(/keys cannot be negative/);
    expect(out.stderr).toMatch(/workloads\[0\]\.keys/);
  });

  it.each([
    [
      { ...benchmark, workloads: [{ ...benchmark.workloads[0], keys: 1e15 }] },
      /keys is above the supported maximum.*workloads\[0\]\.keys/s,
    ],
    [{ ...benchmark, extra: 1 }, /Unrecognized key.*extra/s],
    [{ ...benchmark, workloads: [{ ...benchmark.workloads[0], ttlFraction: 1.5 }] }, /ttlFraction/],
    [{ ...benchmark, schema: 2 }, /schema must be 1/],
    [{ ...benchmark, workloads: [{ ...benchmark.workloads[0], type: 'stream' }] }, /workloads\[0\]\.type/],
  ])('rejects %j with a message naming the problem', (input, message) => {
    const out = run(['-'], input);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(message);
  });

  it('reads a file that starts with a byte-order mark', () => {
    const out = run(['-'], '\uFEFF' + JSON.stringify(benchmark));
    expect(out.code).toBe(0);
    expect((JSON.parse(out.stdout) as CliResult).versions[0]!.workloads[0]!.keys).toBe(632000);
  });

  it.each([
    ['keys', '40M', 'keys must be a number, not text: write "40M" as 40000000'],
    ['valueBytes', '2 KiB', 'valueBytes must be a number, not text: write "2 KiB" as 2048'],
    ['ttlFraction', '40%', 'ttlFraction must be a number, not text: write "40%" as 0.4'],
    ['keys', 'lots', 'keys must be a number, not the text "lots"'],
  ])('%s written as "%s" is refused with the number to write instead', (field, text, message) => {
    const out = run(['-'], { ...benchmark, workloads: [{ ...benchmark.workloads[0], [field]: text }] });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(message);
  });

  it('reports the deployment plan of every line: shards, nodes and memory per node', () => {
    const scenario = {
      ...benchmark,
      workloads: [{ ...benchmark.workloads[0], keys: 300_000_000 }],
      deployment: { shards: 2, replicas: 1, instanceType: 'cache.r7g.large', headroomPercent: 25, fragmentationRatio: 1.1 },
    };
    const result = JSON.parse(run(['-'], scenario).stdout) as CliResult;
    for (const v of result.versions) {
      const d = v.deployment;
      expect(d.instanceType).toBe('cache.r7g.large');
      expect(d.nodes).toBe(d.shards * 2);
      expect(d.requiredPerNodeBytes).toBeLessThanOrEqual(d.instanceBytes);
      expect(d.usedMemoryPerNodeBytes).toBeCloseTo(
        v.datasetBytes / d.shards + result.deploymentAssumptions.processBaselineBytes,
        -1,
      );
    }
    // 7.2 needs more shards of 13 GiB than 9.1 for the same 300 M keys.
    expect(result.versions[0]!.deployment.shards).toBeGreaterThan(result.versions[4]!.deployment.shards);
    const table = run(['--format', 'table', '-'], scenario).stdout;
    const row = table.split('\n').find((l) => l.startsWith('9.1      cache.r7g.large'))!;
    expect(row).toContain(`${result.versions[4]!.deployment.shards}  `);
    expect(table).toMatch(/deployment plan\nversion\s+instance\s+shards\s+nodes\s+used_memory\/node/);
  });

  it('--help documents every workload field of the scenario, from the field specification', () => {
    const help = runEstimate(['--help'], () => '');
    expect(help.code).toBe(0);
    for (const field of workloadFields) expect(help.stdout).toMatch(new RegExp(`^  ${field.key} +\\S`, 'm'));
    expect(help.stdout).toContain('  keys              keys, 0 to 1,000,000,000,000; required\n');
    expect(help.stdout).toContain('  fieldTtlFraction  a share from 0 to 1; optional for hash; not on string, set, zset, list\n');
  });

  it('rejects text that is not JSON', () => {
    const out = run(['-'], '{"schema": 1,');
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/standard input is not valid JSON/);
  });

  it('rejects unknown options and formats', () => {
    expect(run(['--format', 'xml', '-'], benchmark).code).toBe(2);
    expect(run(['--frobnicate', '-'], benchmark).code).toBe(2);
    expect(run([], benchmark).code).toBe(2);
  });

  it('runs as a real process reading standard input', () => {
    const child = spawnSync('npx', ['tsx', 'src/cli/estimateCommand.ts', '-'], {
      input: JSON.stringify(benchmark),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout) as CliResult;
    expect(result.versions[4]!.workloads[0]!.bytesPerKey).toBeCloseTo(62.81, 2);
    const bad = spawnSync('npx', ['tsx', 'src/cli/estimateCommand.ts', '-'], {
      input: '{"schema":1,"workloads":[]}',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/at least one workload/);
  }, 60_000);
});
