/**
 * npm run validate: loads the grid into every real server the model is checked against (Debian's
 * Redis 7.0 and the Valkey and Redis builds of scripts/server-builds.sh), one fresh server per
 * case, and compares the used_memory each case adds with the model's layout for that server's
 * line and allocator. A missing server is an error, never a skip. A server built by hand only
 * (localBuildOnly in servers.ts: Valkey 8.0.1) runs when --server names it; its fixture is
 * replayed in the unit tests either way.
 *
 *   --server=ID    only the servers whose id contains ID (redis-7.0, redis-8.6.3, valkey-8.0.1-bundled, ...)
 *   --only=TEXT    only the cases whose id contains TEXT
 *   --record       also write each server's measurements to the fixture the unit tests replay;
 *                  with --only, the cases measured replace or join those already recorded
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Valkey from 'iovalkey';
import { connect, startRedisServer } from '../support/redisServer';
import { keyspaceRehashing, steadyUsedMemory, waitForRehash } from '../support/serverMemory';
import { compare, formatComparison, summaryLine, type Comparison, type RecordedCase } from './compare';
import { gridFor, openDisagreement, type ValidationCase } from './grid';
import { loadWorkloads } from './load';
import { VALIDATION_SERVERS, type ValidationServer } from './servers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * used_memory of the settled keyspace. The cron can grow a full table after the load (8.0+,
 * within a run or two of it) and rehash it over seconds, during which used_memory holds still
 * with both tables allocated (Valkey 8.0.1 read 524 KB high on 65,536 keys): a reading taken
 * while a rehash runs is taken again once it has finished.
 */
async function settledUsedMemory(client: Valkey): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    await waitForRehash(client);
    const reading = await steadyUsedMemory(client);
    if (!(await keyspaceRehashing(client))) return reading;
  }
  throw new Error('the keyspace started rehashing again after each of 10 readings');
}

const CONFIG_NAMES: Record<string, string> = {
  hashMaxListpackEntries: 'hash-max-listpack-entries',
  hashMaxListpackValue: 'hash-max-listpack-value',
  setMaxIntsetEntries: 'set-max-intset-entries',
  zsetMaxListpackEntries: 'zset-max-listpack-entries',
  zsetMaxListpackValue: 'zset-max-listpack-value',
  listMaxListpackSize: 'list-max-listpack-size',
};

/**
 * The cron grows a full keyspace table (the settled state the model describes), but in cluster
 * mode it visits 16 of the 16,384 slot tables per run (server.c databasesCron,
 * kvstoreTryResizeHashtables with CRON_DICTS_PER_DB): a lap takes 102 s at the default 10 runs a
 * second. Cluster cases run the cron at its highest rate and wait one lap and a half.
 */
const CLUSTER_CASE_HZ = 500;
const SLOT_RESIZE_LAP_MS = ((1.5 * 16_384) / 16 / CLUSTER_CASE_HZ) * 1000;

/** A cluster-mode node that owns all 16,384 slots, so it accepts every key alone. */
async function ownAllSlots(client: Valkey): Promise<void> {
  await client.call('cluster', 'addslotsrange', '0', '16383');
  for (let i = 0; i < 100; i++) {
    if (/cluster_state:ok/.test(String(await client.call('cluster', 'info')))) return;
    await sleep(100);
  }
  throw new Error('cluster node did not reach cluster_state:ok');
}

/**
 * A case whose collections were loaded: written, then saved and loaded again (DEBUG RELOAD, as a
 * restart or a replica's full sync loads them). Every workload of such a case is loaded.
 */
function isLoadedCase(c: ValidationCase): boolean {
  const loaded = c.workloads.filter((w) => w.written === 'loaded').length;
  if (loaded > 0 && loaded < c.workloads.length) throw new Error(`${c.id}: either every workload is loaded or none`);
  return loaded > 0;
}

async function measureCase(server: ValidationServer, c: ValidationCase): Promise<number> {
  const clusterDir = c.cluster ? mkdtempSync(join(tmpdir(), 'vrp-validate-')) : undefined;
  const running = await startRedisServer({
    binary: server.binary,
    lifetimeMs: 300_000,
    extraArgs: [
      '--enable-debug-command',
      'local',
      // A command slowed by a busy machine would keep a copy of its arguments in the slow log.
      '--slowlog-log-slower-than',
      '-1',
      ...(clusterDir
        ? ['--cluster-enabled', 'yes', '--cluster-config-file', join(clusterDir, 'nodes.conf'), '--hz', String(CLUSTER_CASE_HZ)]
        : []),
    ],
  });
  const probe = connect(running);
  try {
    // Valkey also reports redis_version (7.2.4, for clients): its own is valkey_version.
    const serverInfo = await probe.info('server');
    const version = (/^valkey_version:(\S+)/m.exec(serverInfo) ?? /^redis_version:(\S+)/m.exec(serverInfo))?.[1];
    if (version !== server.version) throw new Error(`${server.binary} reports version ${version}, expected ${server.version}`);
    for (const [name, value] of Object.entries(c.config ?? {})) {
      const configName = CONFIG_NAMES[name];
      if (!configName) throw new Error(`validation cannot set ${name}`);
      await probe.call('config', 'set', configName, String(value));
    }
    if (clusterDir) await ownAllSlots(probe);
    await warmUp(probe);
    const before = await steadyUsedMemory(probe);
    await loadWorkloads(running, c.workloads);
    if (isLoadedCase(c)) await probe.call('debug', 'reload');
    if (clusterDir) await sleep(SLOT_RESIZE_LAP_MS);
    const after = await settledUsedMemory(probe);
    // The first reload of a Valkey 8.1+ server that holds data keeps 8,192 B more, whatever the
    // data, through FLUSHALL and later reloads (none on an empty server, none on Redis): a loaded
    // case is read against the emptied server.
    if (!server.baselineAfterFlush && !isLoadedCase(c)) return after - before;
    await probe.call('flushall', 'sync');
    return after - (await steadyUsedMemory(probe));
  } finally {
    probe.disconnect();
    await running.stop();
    if (clusterDir) rmSync(clusterDir, { recursive: true, force: true });
  }
}

/**
 * Runs each command the measurement itself uses once, so nothing lazily allocated lands in the
 * delta, and stops the cron from resizing client reply buffers to their recent peak (every 5 s):
 * a case that outlasts that period found the probe's buffer a size class smaller (3,072 bytes on
 * Redis 7.0) than when it started.
 */
async function warmUp(client: Valkey): Promise<void> {
  await client.call('debug', 'replybuffer', 'resizing', '0');
  await client.call('debug', 'htstats', '0');
  await client.info('memory');
}

/** What the server's allocator says of itself: jemalloc's version and quantum. */
async function allocatorReport(server: ValidationServer): Promise<string> {
  const running = await startRedisServer({ binary: server.binary, lifetimeMs: 30_000 });
  const client = connect(running);
  try {
    const stats = String(await client.call('memory', 'malloc-stats'));
    const version = /^Version: "?([^"\n]+)"?/m.exec(stats)?.[1] ?? 'unknown version';
    const quantum = /Quantum size: (\d+)/.exec(stats)?.[1] ?? '?';
    return `jemalloc ${version.trim()}, quantum ${quantum}`;
  } finally {
    client.disconnect();
    await running.stop();
  }
}

interface ServerRun {
  server: ValidationServer;
  allocatorSays: string;
  recorded: RecordedCase[];
  result: Comparison;
  remeasured: Remeasure[];
  seconds: number;
}

async function validateServer(server: ValidationServer, only: string | undefined): Promise<ServerRun> {
  const started = Date.now();
  const allocatorSays = await allocatorReport(server);
  const grid = gridFor(server.line).filter((c) => !only || c.id.includes(only));
  const recorded: RecordedCase[] = [];
  for (const c of grid) {
    const measuredBytes = await measureCase(server, c);
    recorded.push({
      id: c.id,
      workloads: c.workloads,
      ...(c.config && { config: c.config }),
      ...(c.cluster && { cluster: true }),
      measuredBytes,
    });
    process.stderr.write(`  ${server.id} ${c.id}: ${measuredBytes} B\n`);
  }
  const limits = new Map(grid.map((c) => [c.id, { percent: c.limitPercent, spreadBytes: c.spreadBytes }]));
  const limitOf = (id: string) => limits.get(id)!;
  let result = compare(recorded, limitOf, server);
  // A case off its limit is measured once more on a fresh server. A busy machine has, rarely,
  // left a one-off reading far from both the model and every rerun (string-ttl100-v18 on 8.1.1
  // once read 1.87 MB high, then agreed three times). Both readings are printed; the second one
  // is judged, so a real disagreement still fails, and a transient cannot fail the run alone.
  const remeasured: Remeasure[] = [];
  for (const failed of result.cases.filter((c) => !c.pass && !openDisagreement(server.id, c.id))) {
    const again = await measureCase(
      server,
      grid.find((c) => c.id === failed.id)!,
    );
    remeasured.push({
      id: failed.id,
      firstBytes: failed.measuredBytes,
      firstErrorPercent: failed.errorPercent,
      againBytes: again,
    });
    recorded[recorded.findIndex((r) => r.id === failed.id)]!.measuredBytes = again;
    process.stderr.write(`  ${server.id} ${failed.id}: measured again, ${again} B (first ${failed.measuredBytes} B)\n`);
  }
  if (remeasured.length > 0) result = compare(recorded, limitOf, server);
  return { server, allocatorSays, recorded, result, remeasured, seconds: (Date.now() - started) / 1000 };
}

interface Remeasure {
  id: string;
  firstBytes: number;
  firstErrorPercent: number;
  againBytes: number;
}

/** The server's recorded cases with `measured` in place of (or beside) earlier readings, in the grid's order. */
function withRecorded(server: ValidationServer, measured: RecordedCase[]): RecordedCase[] {
  const earlier = (JSON.parse(readFileSync(server.fixture, 'utf8')) as { cases: RecordedCase[] }).cases;
  const byId = new Map([...earlier, ...measured].map((c) => [c.id, c]));
  return gridFor(server.line).map((c) => {
    const recorded = byId.get(c.id);
    if (!recorded) throw new Error(`${server.fixture} has no reading of ${c.id}: record it (--only=${c.id})`);
    return recorded;
  });
}

async function main() {
  const record = process.argv.includes('--record');
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = option('only');
  const serverFilter = option('server');
  const servers = VALIDATION_SERVERS.filter((s) => (serverFilter ? s.id.includes(serverFilter) : !s.localBuildOnly));
  if (servers.length === 0) throw new Error(`no server matches --server=${serverFilter}`);
  const missing = servers.filter((s) => !existsSync(s.binary));
  if (missing.length > 0) {
    throw new Error(
      'servers missing, the validation cannot run:\n' +
        missing.map((s) => `  ${s.binary} (${s.label}): run ${s.provider}`).join('\n'),
    );
  }
  const started = Date.now();
  // Servers run side by side (each its own cases, one at a time): used_memory is per process.
  const runs = await Promise.all(servers.map((s) => validateServer(s, only)));
  for (const run of runs) {
    console.log(
      `\n${run.server.label} (${run.allocatorSays}) against the model's ${run.server.line} layout, ${run.server.allocator}:\n`,
    );
    if (run.server.baselineAfterFlush)
      console.log(`Read against the emptied server (after FLUSHALL SYNC): ${run.server.baselineAfterFlush}\n`);
    console.log(formatComparison(run.result));
    for (const m of run.remeasured) {
      const verdict = run.result.cases.find((c) => c.id === m.id)!.pass ? 'passes' : 'still fails';
      console.log(
        `  ${m.id}: first reading ${m.firstBytes} B (${m.firstErrorPercent.toFixed(3)} %), measured again on a fresh server: ${m.againBytes} B, ${verdict}`,
      );
    }
  }
  console.log('\nSummary:');
  for (const run of runs)
    console.log(
      `  ${run.server.id}: ${summaryLine(run.result)}` +
        `${run.remeasured.length > 0 ? `, ${run.remeasured.length} measured twice (above)` : ''} (${run.seconds.toFixed(0)} s)`,
    );
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/validation.json',
    JSON.stringify(
      runs.map((r) => ({ server: r.server.id, allocatorSays: r.allocatorSays, remeasured: r.remeasured, ...r.result })),
      null,
      2,
    ) + '\n',
  );
  if (record) {
    for (const run of runs) {
      const fixture = {
        server: run.server.id,
        label: run.server.label,
        version: run.server.version,
        allocatorSays: run.allocatorSays,
        recordedAt: new Date().toISOString().slice(0, 10),
        cases: only ? withRecorded(run.server, run.recorded) : run.recorded,
      };
      writeFileSync(run.server.fixture, JSON.stringify(fixture, null, 2) + '\n');
      console.log(`recorded ${run.recorded.length} cases in ${run.server.fixture}`);
    }
  }
  const open = runs.flatMap((r) =>
    r.result.cases.filter((c) => !c.pass && openDisagreement(r.server.id, c.id)).map((c) => ({ r, c })),
  );
  if (open.length > 0) {
    console.log('\nOpen disagreements (listed in grid.ts, not counted as failures):');
    for (const { r, c } of open)
      console.log(`  ${r.server.id} ${c.id} ${c.errorPercent.toFixed(3)} %: ${openDisagreement(r.server.id, c.id)}`);
  }
  const failed = runs.flatMap((r) => r.result.cases.filter((c) => !c.pass && !openDisagreement(r.server.id, c.id)));
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 2;
});
