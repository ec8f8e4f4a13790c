import type Valkey from 'iovalkey';
import { infoNumber } from '../support/redisServer';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** used_memory once three readings 100 ms apart agree, with only this client connected (as the validation suite waits). */
export async function steadyUsedMemory(client: Valkey): Promise<number> {
  for (let i = 0; i < 200 && (await infoNumber(client, 'clients', 'connected_clients')) !== 1; i++) await sleep(50);
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

export async function waitForRehash(client: Valkey): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (!/rehashing target/i.test(String(await client.call('debug', 'htstats', '0')))) return;
    await sleep(100);
  }
  throw new Error('keyspace still rehashing after 20 s');
}
