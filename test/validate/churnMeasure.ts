/**
 * One churn case on a fresh real server: the allocator's own figures before the load and after
 * the pattern, each read once the allocator has settled.
 */
import type Valkey from 'iovalkey';
import { connect, startRedisServer } from '../support/redisServer';
import { steadyUsedMemory } from '../support/serverMemory';
import { loadChurnDataset, runChurn, type ChurnCase } from './churnLoad';
import type { ValidationServer } from './servers';

export interface AllocatorReading {
  usedMemory: number;
  allocatorActive: number;
  allocatorResident: number;
  rss: number;
}

export interface ChurnMeasurement {
  /** After the pattern less before the load: what the keys and their churn left. */
  growth: AllocatorReading;
  seconds: number;
  /** With activedefrag: whether a pass ran (allocations moved), and the seconds until it was done. */
  defrag: DefragOutcome | null;
}

export interface DefragOutcome {
  /** Allocations the passes moved since the server started (INFO stats active_defrag_hits): 0 when none started. */
  hits: number;
  seconds: number;
}

/** How long a case may wait for activedefrag's passes to end. */
const DEFRAG_BOUND_MS = 120_000;
/** The cron looks at the fragmentation once a second: this many quiet readings in a row end the wait. */
const DEFRAG_QUIET_READINGS = 6;

/**
 * Waits until activedefrag is done, by INFO: no pass running (active_defrag_running 0) for three
 * seconds in a row, with no allocation moved in them (active_defrag_hits still), or the bound.
 */
async function defragDone(client: Valkey): Promise<DefragOutcome> {
  const started = Date.now();
  let quiet = 0;
  let lastHits = -1;
  while (Date.now() - started < DEFRAG_BOUND_MS) {
    await sleep(500);
    const running = field(await client.info('memory'), 'active_defrag_running');
    const hits = field(await client.info('stats'), 'active_defrag_hits');
    quiet = running === 0 && hits === lastHits ? quiet + 1 : 0;
    lastHits = hits;
    if (quiet >= DEFRAG_QUIET_READINGS) return { hits, seconds: (Date.now() - started) / 1000 };
  }
  throw new Error(`activedefrag still moving allocations after ${DEFRAG_BOUND_MS / 1000} s`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function field(info: string, name: string): number {
  const m = new RegExp(`^${name}:(\\d+)`, 'm').exec(info);
  if (!m) throw new Error(`INFO memory has no ${name}`);
  return Number(m[1]);
}

/**
 * The allocator's figures once it has settled: MEMORY PURGE returns the dirty pages of freed
 * slabs at once (rather than after the 10 s decay), then three readings 200 ms apart must agree
 * on allocator_resident to within a page per megabyte (the cron refreshes these figures).
 */
async function settledReading(client: Valkey): Promise<AllocatorReading> {
  const usedMemory = await steadyUsedMemory(client);
  let last: AllocatorReading | null = null;
  for (let attempt = 0; attempt < 30; attempt++) {
    await client.call('memory', 'purge');
    await sleep(300);
    const info = await client.info('memory');
    const reading = {
      usedMemory,
      allocatorActive: field(info, 'allocator_active'),
      allocatorResident: field(info, 'allocator_resident'),
      rss: field(info, 'used_memory_rss'),
    };
    if (
      last &&
      Math.abs(reading.allocatorResident - last.allocatorResident) <= 4096 * Math.max(1, reading.allocatorResident / 2 ** 20 / 64)
    )
      return reading;
    last = reading;
  }
  throw new Error('allocator_resident did not settle after 30 purges');
}

const minus = (a: AllocatorReading, b: AllocatorReading): AllocatorReading => ({
  usedMemory: a.usedMemory - b.usedMemory,
  allocatorActive: a.allocatorActive - b.allocatorActive,
  allocatorResident: a.allocatorResident - b.allocatorResident,
  rss: a.rss - b.rss,
});

/** Loads, churns and reads one case on a fresh server (activedefrag off unless `activedefrag`). */
export async function measureChurnCase(server: ValidationServer, c: ChurnCase, activedefrag = false): Promise<ChurnMeasurement> {
  const started = Date.now();
  const running = await startRedisServer({
    binary: server.binary,
    lifetimeMs: 600_000,
    // The default active-defrag-ignore-bytes (100 MB) is more waste than a case leaves: 1 MB lets it start.
    extraArgs: [
      '--slowlog-log-slower-than',
      '-1',
      ...(activedefrag ? ['--activedefrag', 'yes', '--active-defrag-ignore-bytes', '1mb'] : []),
    ],
  });
  const client = connect(running);
  try {
    const serverInfo = await client.info('server');
    const version = (/^valkey_version:(\S+)/m.exec(serverInfo) ?? /^redis_version:(\S+)/m.exec(serverInfo))?.[1];
    if (version !== server.version) throw new Error(`${server.binary} reports version ${version}, expected ${server.version}`);
    await client.info('memory');
    const before = await settledReading(client);
    await loadChurnDataset(running, c);
    await runChurn(running, c);
    const defrag = activedefrag ? await defragDone(client) : null;
    const after = await settledReading(client);
    return { growth: minus(after, before), seconds: (Date.now() - started) / 1000, defrag };
  } finally {
    client.disconnect();
    await running.stop();
  }
}
