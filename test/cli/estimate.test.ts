import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import type { CliResult } from '../../src/cli/estimateResult';

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
    expect(out.stdout).toMatch(/-38\.0 %/);
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
    const child = spawnSync('npx', ['tsx', 'src/cli/estimate.ts', '-'], {
      input: JSON.stringify(benchmark),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout) as CliResult;
    expect(result.versions[4]!.workloads[0]!.bytesPerKey).toBeCloseTo(62.81, 2);
    const bad = spawnSync('npx', ['tsx', 'src/cli/estimate.ts', '-'], {
      input: '{"schema":1,"workloads":[]}',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/at least one workload/);
  }, 60_000);
});
