import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_OPTIONS, RdbAnalyzer } from '../../src/rdb/analyze';
import { DEFAULT_SIZING } from '../../src/rdb/sizing';
import { pipeCommands, type Command } from '../support/respPipe';
import { connect, infoNumber, startRedisServer } from '../support/redisServer';
import { seededRandom } from '../support/seededRandom';
import { VALIDATION_SERVERS } from '../validate/servers';

/**
 * A snapshot's figure for a line is what that line's server holds once it has loaded the file:
 * rdb.c presizes each set and hash table it loads for its length, which on an 8.1+ hashtable can be
 * twice the buckets that growing gives (210 members: 64 buckets loaded, 32 grown). Sets and hashes of
 * 129-400 elements, written whole, then DEBUG RELOAD: the server's used_memory above its empty self
 * against the snapshot's figure for its own line.
 */
const dir = mkdtempSync(join(tmpdir(), 'vrp-rdb-loaded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function* writes(): Generator<Command> {
  const random = seededRandom(48);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  for (let i = 0; i < 3000; i++) {
    const args: Array<string | number> = ['sadd', `set:${i}`];
    for (let m = between(129, 400); m > 0; m--) args.push(`member:${m}:${between(0, 1e6)}`);
    yield args;
  }
  for (let i = 0; i < 1000; i++) {
    const args: Array<string | number> = ['hset', `hash:${i}`];
    for (let f = between(129, 400); f > 0; f--) args.push(`f${f}`, `v${between(0, 1e6)}`);
    yield args;
  }
}

const servers = VALIDATION_SERVERS.filter((s) => ['valkey-9.1.2-bundled', 'redis-7.0'].includes(s.id) && existsSync(s.binary));

describe.each(servers.map((s) => [s.label, s] as const))('a snapshot reloaded by %s', (_, s) => {
  it("is priced on the server's own line as the server holds it once loaded, within 0.5 %", async () => {
    const server = await startRedisServer({ binary: s.binary, lifetimeMs: 60_000, extraArgs: ['--enable-debug-command', 'yes'] });
    const client = connect(server);
    const dump = join(dir, `${s.id}.rdb`);
    let loaded: number;
    try {
      const empty = await infoNumber(client, 'memory', 'used_memory');
      await pipeCommands(server.host, server.port, writes(), 50_000);
      await client.call('debug', 'reload');
      loaded = (await infoNumber(client, 'memory', 'used_memory')) - empty;
      const [, serverDir] = (await client.config('GET', 'dir')) as [string, string];
      copyFileSync(join(serverDir, 'dump.rdb'), dump);
    } finally {
      client.disconnect();
      await server.stop();
    }
    const analyzer = new RdbAnalyzer({ ...DEFAULT_ANALYSIS_OPTIONS, sizing: { ...DEFAULT_SIZING, allocator: s.allocator } });
    analyzer.push(new Uint8Array(readFileSync(dump)));
    analyzer.end();
    const figure = analyzer.result().lines.find((l) => l.line === s.line)!.datasetBytes;
    console.log(
      `${s.label}: loaded ${loaded} B, the snapshot's figure ${Math.round(figure)} B (${((figure / loaded - 1) * 100).toFixed(2)} %)`,
    );
    expect(Math.abs(figure / loaded - 1)).toBeLessThan(0.005);
  }, 60_000);
});
