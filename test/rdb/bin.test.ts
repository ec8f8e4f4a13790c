import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
const BIN = pkg.bin['valkey-ram-rdb']!;

describe('the bundled rdb command (the package bin)', () => {
  beforeAll(() => {
    const built = spawnSync('npx', ['tsx', 'scripts/build-cli.ts'], { encoding: 'utf8', timeout: 240_000 });
    expect(built.status, built.stderr).toBe(0);
  }, 240_000);

  it('reads a dump from its file as a stream and prints the analysis', () => {
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const child = spawnSync(BIN, ['test/fixtures/rdb/valkey-9.1.2-bundled-mixed.rdb'], { encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    const json = JSON.parse(child.stdout);
    expect(json).toMatchObject({
      schema: 1,
      status: 'complete',
      file: { magic: 'VALKEY', version: 80, writer: { line: '9.1' } },
    });
  });

  it('reads several snapshots on worker threads started from the bundle itself', () => {
    const files = ['test/fixtures/rdb/valkey-8.1.1-bundled-mixed.rdb', 'test/fixtures/rdb/valkey-9.1.2-bundled-mixed.rdb'];
    const child = spawnSync(BIN, files, { encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    const json = JSON.parse(child.stdout);
    expect(json).toMatchObject({ cluster: true, status: 'complete', keys: { total: 2812 } });
    expect(json.shards.map((s: { name: string }) => s.name)).toEqual(files.map((f) => f.split('/').pop()));
  });

  it('exits 1 on a file that is not an RDB, naming the problem', () => {
    const child = spawnSync(BIN, ['package.json', '--format', 'table'], { encoding: 'utf8', timeout: 60_000 });
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/^package\.json: partial: not an RDB file: it starts with "\{\\n {2}\\"name" at byte 0/);
  });
});
