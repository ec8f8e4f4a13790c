import { describe, expect, it } from 'vitest';
import { parseRdbArgs, runRdb } from '../../src/cli/rdb';
import { FIXTURES } from './fixtures';
import { LINES } from '../../src/model/lineRegistry';

/** The file as a stream of small chunks, as the command reads it. */
function opener(bytes: Uint8Array, chunk = 8192) {
  return () => ({
    size: bytes.length,
    chunks: (async function* () {
      for (let i = 0; i < bytes.length; i += chunk) yield bytes.slice(i, i + chunk);
    })(),
  });
}

describe('rdb command', () => {
  const f = FIXTURES.find((x) => x.record.line === '8.1')!;

  it('prints JSON with the families, the lines and the scenario', async () => {
    const out = await runRdb([`${f.name}.rdb`], opener(f.bytes));
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('');
    const json = JSON.parse(out.stdout);
    expect(json).toMatchObject({ schema: 1, status: 'complete', error: null });
    // Every line the planner knows, in the registry's order.
    expect(json.lines.map((l: { line: string }) => l.line)).toEqual([...LINES.ids]);
    expect(json.lines.map((l: { line: string }) => l.line)).toContain('9.1');
    expect(json.scenario.workloads.length).toBe(json.families.filter((x: { type: string }) => x.type !== 'stream').length);
    expect(json.scenario.name).toBe(`${f.name}.rdb`);
  });

  it('prints a table with the lines, the families and the reconciliation', async () => {
    const out = await runRdb([`${f.name}.rdb`, '--format', 'table', '--depth', '1'], opener(f.bytes));
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/REDIS RDB 11, written by valkey 8\.1\.1 \(line 8\.1\)/);
    expect(out.stdout).toMatch(/^9\.1 +jemalloc-bundled/m);
    expect(out.stdout).toMatch(/^session:\* +string +330 +50 %/m);
    expect(out.stdout).toMatch(/not sized: events \(stream, 20 entries/);
    expect(out.stdout).toMatch(/used-mem in the file: .* model of line 8\.1/);
  });

  it('marks a damaged file partial, says why on stderr and exits 1', async () => {
    const out = await runRdb(['cut.rdb', '--format=table'], opener(f.bytes.subarray(0, 50_000)));
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^PARTIAL: the file ends/m);
    expect(out.stderr).toMatch(/^cut\.rdb: partial: the file ends: \d+ more bytes needed/);
  });

  it('rejects bad arguments with a message', () => {
    expect(parseRdbArgs(['a.rdb', '--format', 'xml'])).toEqual({ ok: false, code: 2, message: '--format must be json or table' });
    expect(parseRdbArgs(['a.rdb', '--depth', '0'])).toEqual({ ok: false, code: 2, message: '--depth must be at least 1' });
    expect(parseRdbArgs(['a.rdb', '--depth', 'two'])).toEqual({ ok: false, code: 2, message: '--depth must be a whole number' });
    expect(parseRdbArgs(['a.rdb', '--allocator', 'tcmalloc'])).toMatchObject({
      ok: false,
      code: 2,
      message: expect.stringMatching(/^--allocator is one of/),
    });
    expect(parseRdbArgs(['a.rdb', '--nope'])).toMatchObject({
      ok: false,
      code: 2,
      message: expect.stringMatching(/^unknown option --nope/),
    });
    expect(parseRdbArgs([])).toMatchObject({ ok: false, code: 2 });
    expect(parseRdbArgs(['a.rdb', '--delimiter', '/', '--depth=2', '--cluster', '--allocator', 'jemalloc-system'])).toEqual({
      ok: true,
      file: 'a.rdb',
      options: { format: 'json', delimiter: '/', depth: 2, families: 30, allocator: 'jemalloc-system', cluster: true },
    });
  });
});
