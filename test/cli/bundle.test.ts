import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
const BIN = pkg.bin['valkey-ram-estimate']!;

const benchmark = {
  schema: 1,
  workloads: [{ name: 'sessions', keys: 632000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
};
/** Output far larger than a pipe's buffer: 100 workloads, each with its breakdown on every line. */
const large = {
  schema: 1,
  workloads: Array.from({ length: 100 }, (_, i) => ({ ...benchmark.workloads[0], name: `family-${i}` })),
};

describe('the bundled estimate command (the package bin)', () => {
  let dir = '';
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'estimate-bin-'));
    const built = spawnSync('npx', ['tsx', 'scripts/build-cli.ts'], { encoding: 'utf8', timeout: 240_000 });
    expect(built.status, built.stderr).toBe(0);
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is one executable file that prints what runEstimate prints', () => {
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const path = file('benchmark.json', JSON.stringify(benchmark));
    const child = spawnSync(BIN, ['--format', 'table', path], { encoding: 'utf8', timeout: 60_000 });
    expect(child.status).toBe(0);
    expect(child.stdout).toBe(runEstimate(['--format', 'table', path], (f) => readFileSync(f, 'utf8')).stdout);
  });

  it('reads a file saved with a byte-order mark', () => {
    const path = file('bom.json', '\uFEFF' + JSON.stringify(benchmark));
    const child = spawnSync(BIN, [path], { encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
  });

  it('stops quietly when the reader closes the pipe early (| head -c 10)', () => {
    const path = file('large.json', JSON.stringify(large));
    const child = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" "${path}" | head -c 10`], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stdout).toBe('{\n  "schem');
    expect(child.stderr).toBe('');
  });

  it('exits non-zero with the message on bad input', () => {
    const path = file('bad.json', '{"schema":1,"workloads":[]}');
    const child = spawnSync(BIN, [path], { encoding: 'utf8', timeout: 60_000 });
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/at least one workload/);
  });
});
