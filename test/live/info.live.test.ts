import { describe, expect, it } from 'vitest';
import { parseInfo } from '../../src/info/parse';
import { connect } from '../support/redisServer';
import { type Command } from '../support/respPipe';
import { useSeededServer } from '../support/seededServer';

function* load(): Generator<Command> {
  for (let i = 0; i < 5000; i++) yield i % 4 ? ['set', `k:${i}`, 'v'.repeat(50)] : ['set', `k:${i}`, 'v', 'EX', 1000];
  for (let i = 0; i < 100; i++) yield ['hset', `h:${i}`, 'a', '1', 'b', '2'];
}
const server = useSeededServer({ lifetimeMs: 60_000, setupMs: 60_000, seed: load });

describe('INFO everything from a live redis-server, parsed, against the fields read one by one', () => {
  it('agrees with INFO server, INFO memory, INFO keyspace, INFO replication, DBSIZE and CONFIG GET', async () => {
    const client = connect(server);
    try {
      const all = parseInfo(String(await client.call('info', 'everything')));
      expect(all.ok).toBe(true);
      if (!all.ok) return;
      const section = async (name: string) => {
        const r = parseInfo(String(await client.call('info', name)));
        if (!r.ok) throw new Error(r.error);
        return r.info;
      };
      const serverSection = await section('server');
      const memory = await section('memory');
      const keyspace = await section('keyspace');
      const replication = await section('replication');
      expect(all.info.fields.redis_version).toBe(serverSection.fields.redis_version);
      expect(all.info.fields.redis_mode).toBe('standalone');
      expect(all.info.fields.mem_allocator).toBe(memory.fields.mem_allocator);
      expect(all.info.fields.used_memory_startup).toBe(memory.fields.used_memory_startup);
      // used_memory moves by a few KB between two INFO calls (reply buffers): compare loosely
      expect(Math.abs(all.info.fields.used_memory! - memory.fields.used_memory!)).toBeLessThan(64 * 1024);
      // avg_ttl is a running estimate the expire cycle updates (it can read 0 until the first one): compare the counts
      const counts = (k: typeof keyspace.keyspace) => k.map(({ db, keys, expires }) => ({ db, keys, expires }));
      expect(counts(all.info.keyspace)).toEqual(counts(keyspace.keyspace));
      expect(all.info.keyspace[0]!.avgTtlMs).toBeLessThanOrEqual(1_000_000);
      expect(all.info.keyspace[0]!.keys).toBe(Number(await client.call('dbsize')));
      expect(all.info.keyspace[0]!.expires).toBe(1250);
      expect(all.info.fields.role).toBe(replication.fields.role);
      expect(all.info.fields.connected_slaves).toBe(0);
      const [, policy] = (await client.call('config', 'get', 'maxmemory-policy')) as [string, string];
      expect(all.info.fields.maxmemory_policy).toBe(policy);
      const [, maxmemory] = (await client.call('config', 'get', 'maxmemory')) as [string, string];
      expect(all.info.fields.maxmemory).toBe(Number(maxmemory));
    } finally {
      client.disconnect();
    }
  });
});
