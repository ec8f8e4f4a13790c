/**
 * npm run validate: loads the grid into Debian's redis-server (Redis 7.0, system jemalloc), one
 * fresh server per case, and compares the used_memory each case adds with the model's Redis 7.0
 * layout. --record also writes the measurements to the fixture the unit tests replay.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type Valkey from 'iovalkey';
import { connect, infoNumber, startRedisServer } from '../support/redisServer';
import { compare, formatComparison, type RecordedCase } from './compare';
import { FIXTURE_PATH } from './fixture';
import { VALIDATION_GRID, type ValidationCase } from './grid';
import { loadWorkloads } from './load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * used_memory once three readings 200 ms apart agree. Right after a command the reading can
 * still include a client buffer (about 14 KB) that the server cron releases shortly after.
 */
async function steadyUsedMemory(client: Valkey): Promise<number> {
  await sleep(300);
  const readings = [await infoNumber(client, 'memory', 'used_memory')];
  for (let i = 0; i < 60; i++) {
    await sleep(200);
    readings.push(await infoNumber(client, 'memory', 'used_memory'));
    const last = readings.slice(-3);
    if (last.length === 3 && last.every((r) => r === last[0])) return last[0]!;
  }
  throw new Error(`used_memory did not settle: ${readings.slice(-5).join(', ')}`);
}

/** Waits until the keyspace dicts are not rehashing (an unfinished rehash keeps the old table allocated). */
async function waitForRehash(client: Valkey): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const stats = String(await client.call('debug', 'htstats', '0'));
    if (!/rehashing target/i.test(stats)) return;
    await sleep(100);
  }
  throw new Error('keyspace still rehashing after 20 s');
}

const CONFIG_NAMES: Record<string, string> = {
  hashMaxListpackEntries: 'hash-max-listpack-entries',
  hashMaxListpackValue: 'hash-max-listpack-value',
  setMaxIntsetEntries: 'set-max-intset-entries',
  zsetMaxListpackEntries: 'zset-max-listpack-entries',
  zsetMaxListpackValue: 'zset-max-listpack-value',
  listMaxListpackSize: 'list-max-listpack-size',
};

async function measureCase(c: ValidationCase): Promise<{ measuredBytes: number; version: string }> {
  const server = await startRedisServer({ lifetimeMs: 300_000, extraArgs: ['--enable-debug-command', 'local'] });
  const probe = connect(server);
  try {
    for (const [name, value] of Object.entries(c.config ?? {})) {
      const configName = CONFIG_NAMES[name];
      if (!configName) throw new Error(`validation cannot set ${name} on Redis 7.0`);
      await probe.call('config', 'set', configName, String(value));
    }
    await client_warmup(probe);
    const before = await steadyUsedMemory(probe);
    await loadWorkloads(server, probe, c.workloads, { settle: true });
    await waitForRehash(probe);
    const after = await steadyUsedMemory(probe);
    const version = /redis_version:(\S+)/.exec(await probe.info('server'))![1]!;
    return { measuredBytes: after - before, version };
  } finally {
    probe.disconnect();
    await server.stop();
  }
}

/** Runs each command the measurement itself uses once, so nothing lazily allocated lands in the delta. */
async function client_warmup(client: Valkey): Promise<void> {
  await client.call('debug', 'htstats', '0');
  await client.info('memory');
}

async function main() {
  const record = process.argv.includes('--record');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const grid = only ? VALIDATION_GRID.filter((c) => c.id.includes(only)) : VALIDATION_GRID;
  const recorded: RecordedCase[] = [];
  let serverVersion = '';
  const started = Date.now();
  for (const c of grid) {
    const caseStarted = Date.now();
    const { measuredBytes, version } = await measureCase(c);
    serverVersion = version;
    recorded.push({
      id: c.id,
      workloads: c.workloads,
      ...(c.config && { config: c.config }),
      ...(c.tolerancePercent && { tolerancePercent: c.tolerancePercent }),
      measuredBytes,
    });
    process.stderr.write(`  ${c.id}: ${measuredBytes} B (${((Date.now() - caseStarted) / 1000).toFixed(1)} s)\n`);
  }
  const result = compare(recorded);
  console.log(
    `Redis ${serverVersion} (Debian package, system jemalloc) against the model's Redis 7.0 layout, jemalloc-system:\n`,
  );
  console.log(formatComparison(result));
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/validation.json', JSON.stringify({ server: `redis ${serverVersion}`, ...result }, null, 2) + '\n');
  if (record) {
    writeFileSync(
      FIXTURE_PATH,
      JSON.stringify(
        {
          server: `redis ${serverVersion}`,
          allocator: 'jemalloc-system',
          recordedAt: new Date().toISOString().slice(0, 10),
          cases: recorded,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`recorded ${recorded.length} cases in ${FIXTURE_PATH}`);
  }
  process.exitCode = result.pass ? 0 : 1;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
