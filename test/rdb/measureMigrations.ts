/**
 * The migration proof: each committed dump (test/fixtures/rdb/*.rdb) loaded by each Valkey 9.1
 * server of the validation suite whose binary is present, started on the file (127.0.0.1, no
 * persistence after the load, time-bounded). Its used_memory above the same server started empty
 * goes to test/fixtures/rdb/migrations.json, which the sizing test compares with the planner's
 * figure for that line offline. Run by hand: npx tsx test/rdb/measureMigrations.ts
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, startRedisServer } from '../support/redisServer';
import { VALIDATION_SERVERS, type ValidationServer } from '../validate/servers';
import { steadyUsedMemory } from '../support/serverMemory';

export interface MigrationRecord {
  dump: string;
  loadedBy: string;
  version: string;
  line: ValidationServer['line'];
  allocator: ValidationServer['allocator'];
  keys: number;
  /** used_memory after loading the dump, less the same server started empty. */
  datasetBytes: number;
}

const DIR = 'test/fixtures/rdb';

/** used_memory and key count of the server started on `dump` (or empty). */
async function startedOn(
  server: ValidationServer,
  dump: string | null,
): Promise<{ usedMemory: number; keys: number; version: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'vrp-migrate-'));
  try {
    if (dump) copyFileSync(dump, join(dir, 'dump.rdb'));
    // The later --dir wins over the one startRedisServer gives: the server loads dump.rdb from there.
    const running = await startRedisServer({
      binary: server.binary,
      lifetimeMs: 60_000,
      extraArgs: ['--dir', dir, '--dbfilename', 'dump.rdb'],
    });
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

const records: MigrationRecord[] = [];
for (const server of VALIDATION_SERVERS.filter((s) => s.line === '9.1' && existsSync(s.binary))) {
  const empty = await startedOn(server, null);
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith('.rdb'))
    .sort()) {
    const loaded = await startedOn(server, join(DIR, file));
    records.push({
      dump: file,
      loadedBy: server.label,
      version: loaded.version,
      line: server.line,
      allocator: server.allocator,
      keys: loaded.keys,
      datasetBytes: loaded.usedMemory - empty.usedMemory,
    });
    console.log(`${file} on ${server.id}: ${loaded.keys} keys, ${loaded.usedMemory - empty.usedMemory} bytes`);
  }
}
writeFileSync(join(DIR, 'migrations.json'), JSON.stringify(records, null, 2) + '\n');
