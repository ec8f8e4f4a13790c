import { describe, expect, it } from 'vitest';
import { parseRdbArgs, runRdb } from '../../src/cli/rdb';
import { analyze, FIXTURES } from './fixtures';
import { formatRdbTable } from '../../src/cli/rdbTable';
import { LINES } from '../../src/model/lineRegistry';
import { TERMINAL_CONTROLS } from '../support/terminalControls';
import { rdbLzfString, rdbString, withChecksum } from './rdbBytes';

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
    expect(out.stdout).toMatch(/used-mem in the file: .*\n {2}model of line 8\.1 as loaded: /);
  });

  it('takes the used-mem apart with named parts, and puts no remainder on clients the file does not show', async () => {
    const redis70 = FIXTURES.find((x) => x.record.line === 'redis-7.0')!;
    const out = await runRdb([`${redis70.name}.rdb`, '--format', 'table'], opener(redis70.bytes));
    expect(out.code).toBe(0);
    // A small dump: nothing big enough to tell from a client's buffers is named.
    expect(out.stdout).toMatch(
      /^ {2}model of line redis-7\.0 as loaded: [\d.]+ KiB \(used-mem above it: \+[\d.]+ KiB, \+0\.87 %\)$/m,
    );
    expect(out.stdout).toMatch(/^ {2}unexplained: \+[\d.]+ KiB \(\+0\.86 % of used-mem above the empty process\)$/m);
    expect(out.stdout).toMatch(/nothing in the file says what else the writer held/);
    expect(out.stdout).not.toMatch(/client buffers/);
    expect(out.stdout).not.toMatch(/priced with/);
    const libc = await runRdb([`${redis70.name}.rdb`, '--format', 'table', '--allocator', 'libc'], opener(redis70.bytes));
    expect(libc.stdout).toMatch(/priced with libc, not jemalloc-system, the usual build of redis-7\.0/);

    // The parts of a snapshot saved right after its writes (figures of test/live/rdbReconcile.live.test.ts).
    const a = analyze(redis70.bytes);
    const table = formatRdbTable('written.rdb', {
      ...a,
      reconciliation: {
        ...a.reconciliation!,
        parts: [
          { kind: 'collectionsAsWritten', bytes: 520_083, oldTableSize: null, oldTableUnit: null },
          { kind: 'mainTableRehash', bytes: 1_048_576, oldTableSize: 131_072, oldTableUnit: 'slots' },
        ],
        remainderMayHold: ['replication'],
      },
    });
    expect(table).toMatch(
      /^ {2}\+507\.9 KiB {2}collections as writes of one element each leave them, beyond a load \(tables mid-rehash\)$/m,
    );
    expect(table).toMatch(/^ {2}\+1\.00 MiB {2}main table's old table of 131,072 slots, held until its rehash ends$/m);
    expect(table).toMatch(/each is counted because used-mem has room for it/);
    expect(table).toMatch(/its writer also held a replication backlog and replica or primary links \(size not in the file\)/);
    expect(table).not.toMatch(/nothing in the file says/);
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
    expect(parseRdbArgs(['a.rdb', '--top', '-1'])).toEqual({ ok: false, code: 2, message: '--top cannot be negative' });
    expect(parseRdbArgs(['a.rdb', '--nope'])).toMatchObject({
      ok: false,
      code: 2,
      message: expect.stringMatching(/^unknown option --nope/),
    });
    expect(parseRdbArgs([])).toMatchObject({ ok: false, code: 2 });
    expect(parseRdbArgs(['a.rdb', '--delimiter', '/', '--depth=2', '--cluster', '--allocator', 'jemalloc-system'])).toEqual({
      ok: true,
      files: ['a.rdb'],
      merge: false,
      options: { format: 'json', delimiter: '/', depth: 2, families: 30, top: 10, allocator: 'jemalloc-system', cluster: true },
    });
  });
});

describe('rdb command on bad input: one line, and no table where nothing can be planned', () => {
  const stringKeys = (...keys: string[]) =>
    withChecksum(
      'REDIS0010',
      keys.flatMap((k) => [0x00, ...rdbString(k), ...rdbString('v')]),
    );

  it('says an empty file is not a snapshot and exits 1', async () => {
    for (const format of ['table', 'json']) {
      const out = await runRdb(['empty.rdb', '--format', format], opener(new Uint8Array(0)));
      expect(out.code).toBe(1);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(/^empty\.rdb: partial: empty file, not a snapshot at byte 0 [^\n]*\n$/);
    }
  });

  it('gives an empty key name (legal) a workload of its own, with no schema message', async () => {
    const out = await runRdb(['e.rdb'], opener(stringKeys('', ' ', 'user:1')));
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json.scenarioProblem).toBeNull();
    expect(json.scenario.workloads.map((w: { name: string; keys: number }) => [w.name, w.keys]).sort()).toEqual(
      [
        ['key ""', 1],
        ['key " "', 1],
        ['user:*', 1],
      ].sort(),
    );
    const table = await runRdb(['e.rdb', '--format', 'table'], opener(stringKeys('', 'user:1')));
    expect(table.stdout).toMatch(/^"" +string +1 /m);
  });

  it('writes key names and aux text inert: no terminal control reaches the terminal, no line is forged', async () => {
    const forged = 'a\n\u001b[2J\u009bPARTIAL: forged\u202e';
    const aux = [0xfa, ...rdbString('redis-ver'), ...rdbString('7.0.15\nPARTIAL: aux')];
    const file = withChecksum('REDIS0010', [
      ...aux,
      0x00,
      ...rdbString(new TextEncoder().encode(forged)),
      ...rdbString('v'),
      0x00,
      ...rdbString('b'),
      0x81,
    ]);
    for (const format of ['table', 'json']) {
      const out = await runRdb(['f.rdb', '--format', format], opener(file));
      expect(out.code).toBe(1);
      for (const text of [out.stdout, out.stderr]) expect(text).not.toMatch(TERMINAL_CONTROLS);
      expect(out.stdout).not.toMatch(/^PARTIAL: (forged|aux)/m);
      expect(out.stderr.split('\n')).toHaveLength(2);
    }
    const table = await runRdb(['f.rdb', '--format', 'table'], opener(file));
    expect(table.stdout).toContain('a\\u000a\\u001b[2J\\u009bPARTIAL: forged\\u202e');
  });

  it('refuses a duplicate key and a decompression bomb in one line each, exit 1', async () => {
    const dup = await runRdb(['d.rdb', '--format', 'table'], opener(stringKeys('a', 'a')));
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/^d\.rdb: partial: duplicate key: "a" appears twice in database 0[^\n]*\n$/);
    const bomb = withChecksum('REDIS0010', [0x00, ...rdbString('b'), ...rdbLzfString(new Uint8Array(12), 40_000_000)]);
    const out = await runRdb(['b.rdb', '--format', 'table'], opener(bomb));
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(
      /^b\.rdb: partial: a compressed string of 12 bytes says it is 40000000 bytes, more than LZF can give from it[^\n]*\n$/,
    );
  });
});
