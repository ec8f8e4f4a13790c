import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, startRedisServer } from '../support/redisServer';
import { fakeScope, streamableFile } from '../rdb/workerHarness';

/**
 * A value that compresses far below its length: Debian's Redis 7.0 saves a 40 MB string of one
 * byte as a few hundred kB of LZF, so its uncompressed length is far beyond the file's size. The
 * server loads such a file; so must the command (from the file and from standard input) and the
 * page's worker.
 */
const BIG = 40_000_000;
const dir = mkdtempSync(join(tmpdir(), 'vrp-rdb-big-'));
const dump = join(dir, 'big.rdb');

beforeAll(async () => {
  const server = await startRedisServer({ lifetimeMs: 50_000 });
  const client = connect(server);
  try {
    await client.set('blob:report', 'r'.repeat(BIG));
    await client.set('blob:small', 's'.repeat(100_000));
    await client.set('user:1', 'ann');
    await client.save();
    const [, serverDir] = (await client.config('GET', 'dir')) as [string, string];
    copyFileSync(join(serverDir, 'dump.rdb'), dump);
  } finally {
    client.disconnect();
    await server.stop();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rdb command as a process, its input from a file or (`-`) piped to its standard input. */
function rdbCommand(args: string[], stdin?: Buffer) {
  return spawnSync('npx', ['tsx', 'src/cli/rdbCommand.ts', ...args], {
    encoding: 'utf8',
    timeout: 50_000,
    input: stdin,
    maxBuffer: 16 * 1024 * 1024,
  });
}

function expectWhole(json: { status: string; error: unknown; keys: { total: number } }) {
  expect(json.error).toBeNull();
  expect(json.status).toBe('complete');
  expect(json.keys.total).toBe(3);
}

describe('a dump with a value longer than the file', () => {
  it('is a real one: the value is stored compressed, far below its length', () => {
    expect(statSync(dump).size).toBeLessThan(BIG / 20);
  });

  it('reads complete from the file and from standard input', () => {
    const fromFile = rdbCommand([dump]);
    expect(fromFile.status, fromFile.stderr).toBe(0);
    const json = JSON.parse(fromFile.stdout);
    expectWhole(json);
    const largest = Math.max(...json.families.map((f: { valueSize: { max: number } }) => f.valueSize.max));
    expect(largest).toBe(BIG);

    const fromStdin = rdbCommand(['-'], readFileSync(dump));
    expect(fromStdin.status, fromStdin.stderr).toBe(0);
    expect(JSON.parse(fromStdin.stdout).lines).toEqual(json.lines);
  });

  it("reads complete in the page's worker", async () => {
    const { file } = streamableFile(new Uint8Array(readFileSync(dump)), 'big.rdb', 65_536);
    const { finished, send } = fakeScope();
    send({ type: 'read', file });
    const done = await finished;
    if (done.type !== 'done') throw new Error(JSON.stringify(done));
    expectWhole(done.analysis);
  });
});
