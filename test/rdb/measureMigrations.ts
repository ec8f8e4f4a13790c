/**
 * The migration proof: each committed dump (test/fixtures/rdb/*.rdb) loaded by each Valkey 9.1
 * server of the validation suite whose binary is present, started on the file (127.0.0.1, no
 * persistence after the load, time-bounded). Its used_memory above the same server started empty
 * goes to test/fixtures/rdb/migrations.json, which the sizing test compares with the planner's
 * figure for that line offline. A server that refuses the file is recorded with the reason its
 * log gives, by default and with rdb-version-check relaxed. Run by hand:
 * npx tsx test/rdb/measureMigrations.ts [dump.rdb ...] (named dumps replace only their records).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, startRedisServer } from '../support/redisServer';
import { VALIDATION_SERVERS, type ValidationServer } from '../validate/servers';
import { steadyUsedMemory } from '../support/serverMemory';

interface MigrationServer {
  dump: string;
  loadedBy: string;
  version: string;
  line: ValidationServer['line'];
  allocator: ValidationServer['allocator'];
}

/** A dump the server loaded, and what it used for it. */
export interface MigrationLoaded extends MigrationServer {
  keys: number;
  /** used_memory after loading the dump, less the same server started empty. */
  datasetBytes: number;
}

/** A dump the server would not load: what its log said, with its default settings and relaxed. */
export interface MigrationRefused extends MigrationServer {
  refused: string;
  refusedRelaxed: string;
}

export type MigrationRecord = MigrationLoaded | MigrationRefused;

class Refusal extends Error {}

const DIR = 'test/fixtures/rdb';

/** used_memory and key count of the server started on `dump` (or empty). */
async function startedOn(
  server: ValidationServer,
  dump: string | null,
  extraArgs: string[] = [],
): Promise<{ usedMemory: number; keys: number; version: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-migrate-'));
  const log = join(dir, 'server.log');
  try {
    if (dump) copyFileSync(dump, join(dir, 'dump.rdb'));
    // The later --dir wins over the one startRedisServer gives: the server loads dump.rdb from there.
    let running;
    try {
      running = await startRedisServer({
        binary: server.binary,
        lifetimeMs: 60_000,
        extraArgs: ['--dir', dir, '--dbfilename', 'dump.rdb', '--logfile', log, ...extraArgs],
      });
    } catch (e) {
      // A server that exits on the file says why in its log (warning level).
      const reasons = existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .map((l) => l.replace(/^.*? # /, ''))
            .filter((l) => /Can't handle|Wrong signature|Bad file format|Short read/.test(l))
        : [];
      if (dump && reasons.length > 0) throw new Refusal(reasons.join('; '));
      throw e;
    }
    const client = connect(running);
    try {
      const info = await client.info('server');
      const version = /^valkey_version:(\S+)/m.exec(info)?.[1] ?? 'unknown';
      return { usedMemory: await steadyUsedMemory(client), keys: await client.dbsize(), version };
    } finally {
      client.disconnect();
      await running.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The server's reason for refusing the dump, or null when it loads it. */
async function refusal(server: ValidationServer, dump: string, extraArgs: string[] = []): Promise<string | null> {
  try {
    await startedOn(server, dump, extraArgs);
    return null;
  } catch (e) {
    if (e instanceof Refusal) return e.message;
    throw e;
  }
}

const named = process.argv.slice(2);
const dumps = readdirSync(DIR)
  .filter((f) => f.endsWith('.rdb') && (named.length === 0 || named.includes(f)))
  .sort();
const records: MigrationRecord[] = [];
for (const server of VALIDATION_SERVERS.filter((s) => s.line === '9.1' && existsSync(s.binary))) {
  const empty = await startedOn(server, null);
  for (const file of dumps) {
    const common = { dump: file, loadedBy: server.label, line: server.line, allocator: server.allocator };
    const refused = await refusal(server, join(DIR, file));
    if (refused !== null) {
      const refusedRelaxed = (await refusal(server, join(DIR, file), ['--rdb-version-check', 'relaxed'])) ?? 'loaded';
      records.push({ ...common, version: empty.version, refused, refusedRelaxed });
      console.log(`${file} on ${server.id}: refused (${refused}); relaxed: ${refusedRelaxed}`);
      continue;
    }
    const loaded = await startedOn(server, join(DIR, file));
    records.push({
      ...common,
      version: loaded.version,
      keys: loaded.keys,
      datasetBytes: loaded.usedMemory - empty.usedMemory,
    });
    console.log(`${file} on ${server.id}: ${loaded.keys} keys, ${loaded.usedMemory - empty.usedMemory} bytes`);
  }
}
const path = join(DIR, 'migrations.json');
const kept =
  named.length > 0 ? (JSON.parse(readFileSync(path, 'utf8')) as MigrationRecord[]).filter((r) => !named.includes(r.dump)) : [];
writeFileSync(path, JSON.stringify([...kept, ...records], null, 2) + '\n');
