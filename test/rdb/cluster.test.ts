import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRdb } from '../../src/cli/rdb';
import { readShard, readShardsInThreads } from '../../src/cli/rdbShards';
import { DEFAULT_ANALYSIS_OPTIONS } from '../../src/rdb/analyze';
import { LINES } from '../../src/model/lineRegistry';
import { FIXTURE_DIR, FIXTURES } from './fixtures';

/** The fixtures by file name, opened as the command opens a file (in chunks). */
function opener(file: string) {
  const bytes = FIXTURES.find((f) => `${f.name}.rdb` === file.split('/').pop())!.bytes;
  return {
    size: bytes.length,
    chunks: (async function* () {
      for (let i = 0; i < bytes.length; i += 8192) yield bytes.slice(i, i + 8192);
    })(),
  };
}

const A = 'redis-7.0-mixed.rdb';
const B = 'valkey-9.1.2-bundled-mixed.rdb';
const NEWEST = LINES.ids[LINES.ids.length - 1]!;

async function json(args: string[], readText?: (file: string) => string) {
  const out = await runRdb(args, opener, readText ? { readText } : {});
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout);
}

describe('a cluster: one snapshot per shard, read together', () => {
  it('sums the keys and families, gives each shard its figures and sizes each node for the largest', async () => {
    const [a, b] = [await json([A]), await json([B])];
    const c = await json([A, B]);
    expect(c.keys.total).toBe(a.keys.total + b.keys.total);
    expect(c.keys.byType.string).toBe(a.keys.byType.string + b.keys.byType.string);
    const family = (x: { families: Array<{ pattern: string; type: string; keys: number }> }, pattern: string) =>
      x.families.find((f) => f.pattern === pattern && f.type !== 'stream')!.keys;
    expect(family(c, 'session:*')).toBe(family(a, 'session:*') + family(b, 'session:*'));
    expect(c.shards.map((s: { name: string; keys: number }) => [s.name, s.keys])).toEqual([
      [A, a.keys.total],
      [B, b.keys.total],
    ]);
    const dataset = (x: { lines: Array<{ line: string; datasetBytes: number }> }, line: string) =>
      x.lines.find((l) => l.line === line)!.datasetBytes;
    for (const line of LINES.ids) {
      const l = c.lines.find((x: { line: string }) => x.line === line);
      expect(l.totalBytes).toBe(dataset(a, line) + dataset(b, line));
      expect(l.largestBytes).toBe(Math.max(dataset(a, line), dataset(b, line)));
    }
    // The Valkey dump is the larger on the newest line, by half its lead over the other.
    const [small, large] = [dataset(a, NEWEST), dataset(b, NEWEST)];
    expect(large).toBeGreaterThan(small);
    const mean = (small + large) / 2;
    expect(c.largest).toEqual({ shard: B, datasetBytes: large, skewPercent: ((large - mean) / mean) * 100 });
    expect(c.scenario).toEqual(b.scenario);
  });

  it('merges JSON summaries (rdb --merge) to the same result as reading the files together', async () => {
    const summaries = { 'a.json': JSON.stringify(await json([A])), 'b.json': JSON.stringify(await json([B])) };
    const merged = await json(['--merge', 'a.json', 'b.json'], (f) => summaries[f as keyof typeof summaries]);
    expect(merged).toEqual(await json([A, B]));
    const table = await runRdb(['--merge', 'a.json', 'b.json', '--format', 'table'], opener, {
      readText: (f) => summaries[f as keyof typeof summaries],
    });
    expect(table.stdout).toMatch(/^cluster of 2 snapshots: 2,812 keys/);
    expect(table.stdout).toMatch(
      /^largest shard: valkey-9\.1\.2-bundled-mixed\.rdb, .* on 9\.1, \+\d+\.\d % against the mean shard/m,
    );
  });

  it('says which summary is not one, in one line', async () => {
    const out = await runRdb(['--merge', 'a.json'], opener, { readText: () => '{"schema":1,"name":"x"}' });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^a\.json: not a summary of the rdb command: at status: [^\n]+\n$/);
  });
});

describe('the command on a folder of snapshots, read on worker threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-rdb-cluster-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every snapshot of the folder and gives what the files read one by one give', async () => {
    for (const f of [A, B]) copyFileSync(join(FIXTURE_DIR, f), join(dir, f));
    const child = spawnSync('npx', ['tsx', 'src/cli/rdbCommand.ts', dir], { encoding: 'utf8', timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    const together = JSON.parse(child.stdout);
    const shardNames = together.shards.map((s: { name: string }) => s.name);
    expect(shardNames).toEqual([A, B]);
    expect(together).toEqual(await json([A, B]));
  }, 60_000);
});

describe('reading shards on threads', () => {
  const script = new URL('../../src/cli/rdbCommand.ts', import.meta.url);
  const files = [A, B, A].map((f) => join(FIXTURE_DIR, f));
  const optionsOf = (file: string) => ({ ...DEFAULT_ANALYSIS_OPTIONS, name: file });

  // One thread: the files handed out one after the other to it. Four: this thread reads the first.
  for (const threads of [1, 4]) {
    it(`gives each file's own analysis, in the files' order, with ${threads} thread(s)`, async () => {
      const analyses = await readShardsInThreads(script, files, optionsOf, threads);
      const alone = await Promise.all(files.map((f) => readShard(f, optionsOf(f))));
      expect(analyses.map((a) => a.keys.total)).toEqual([1331, 1481, 1331]);
      expect(analyses).toEqual(alone);
    }, 60_000);
  }

  it('names the file that cannot be read, whichever thread read it', async () => {
    for (const threads of [1, 4]) {
      await expect(readShardsInThreads(script, ['missing.rdb', files[0]!], optionsOf, threads)).rejects.toThrow(
        /^missing\.rdb: ENOENT/,
      );
    }
  }, 60_000);
});
