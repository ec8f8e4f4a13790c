import type Valkey from 'iovalkey';
import { infoNumber } from './redisServer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the loading connections are gone: a client's query buffer can hold a megabyte. */
async function onlyThisClient(client: Valkey): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await infoNumber(client, 'clients', 'connected_clients')) === 1) return;
    await sleep(50);
  }
  throw new Error('the loading connections did not close within 10 s');
}

/**
 * used_memory once three readings 100 ms apart agree, with only this client connected. Right
 * after a command the reading can still include a client buffer (about 14 KB) that the server
 * cron (10 times a second) releases.
 */
export async function steadyUsedMemory(client: Valkey): Promise<number> {
  await onlyThisClient(client);
  await sleep(150);
  const readings = [await infoNumber(client, 'memory', 'used_memory')];
  for (let i = 0; i < 120; i++) {
    await sleep(100);
    readings.push(await infoNumber(client, 'memory', 'used_memory'));
    const last = readings.slice(-3);
    if (last.length === 3 && last.every((r) => r === last[0])) return last[0]!;
  }
  throw new Error(`used_memory did not settle: ${readings.slice(-5).join(', ')}`);
}

/** Whether a keyspace table of database 0 is rehashing (an unfinished rehash keeps the old table allocated). */
export async function keyspaceRehashing(client: Valkey): Promise<boolean> {
  return /rehashing target/i.test(String(await client.call('debug', 'htstats', '0')));
}

/** Waits until no keyspace table is rehashing. */
export async function waitForRehash(client: Valkey): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (!(await keyspaceRehashing(client))) return;
    await sleep(100);
  }
  throw new Error('keyspace still rehashing after 20 s');
}
