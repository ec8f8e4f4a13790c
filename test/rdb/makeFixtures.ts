/**
 * Writes real RDB files into test/fixtures/rdb/: for each server of the validation suite whose
 * binary is present, a server on 127.0.0.1 with no persistence is loaded with a mixed dataset
 * (every type and encoding, TTLs, hash field TTLs where the line has them), its used_memory above
 * the empty process is recorded, and SAVE's dump is copied beside the record. Run by hand
 * (npx tsx test/rdb/makeFixtures.ts [server id]; `records` makes RECORD_DUMPS instead); the
 * reader's tests replay the committed files offline.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, startRedisServer } from '../support/redisServer';
import { steadyUsedMemory, waitForRehash } from '../support/serverMemory';
import { seededRandom } from '../support/seededRandom';
import { pipeCommands, type Command } from '../support/respPipe';
import { LINES } from '../../src/model/lineRegistry';
import { VALIDATION_SERVERS, type ValidationServer } from '../validate/servers';
import type { RdbFixtureRecord } from './fixtureRecord';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * The mixed dataset in two parts: `main`, every type and encoding, and `fieldTtlHashes`, hashes
 * with some fields given their own TTL (empty unless `fieldTtls`), loaded last.
 */
export function mixedDataset(fieldTtls: boolean): { main: Command[]; fieldTtlHashes: Command[] } {
  const random = seededRandom(29);
  const text = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(random() * ALPHABET.length)];
    return s;
  };
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const hex = () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  const commands: Command[] = [];
  // Strings: short (embstr), long (raw, some compressible for LZF), integers, half with a TTL.
  for (let i = 0; i < 330; i++) {
    const key = `session:${hex()}${hex()}`;
    commands.push(i % 2 ? ['set', key, text(between(10, 60)), 'EX', 1_000_000 + i] : ['set', key, text(between(10, 60))]);
  }
  for (let i = 0; i < 300; i++) commands.push(['set', `counter:${i}`, String(between(0, 2 ** 31) - (i % 3 ? 0 : 2 ** 30))]);
  for (let i = 0; i < 60; i++) commands.push(['set', `page:${i}:html`, `<div>${'lorem ipsum '.repeat(between(10, 80))}</div>`]);
  for (let i = 0; i < 10; i++) commands.push(['set', `blob:${i}`, text(between(100, 800))]);
  // Hashes: listpack, hashtable (many fields, and long values), integers among the values.
  for (let i = 0; i < 300; i++) {
    commands.push([
      'hset',
      `user:${1000 + i}`,
      'name',
      text(between(4, 12)),
      'age',
      String(between(18, 90)),
      'city',
      text(8),
      'visits',
      String(between(0, 100000)),
    ]);
  }
  for (let i = 0; i < 2; i++) {
    const args: (string | number)[] = ['hset', `catalog:${i}`];
    for (let f = 0; f < 400; f++) args.push(`item${f}`, text(between(5, 25)));
    commands.push(args);
  }
  for (let i = 0; i < 20; i++) commands.push(['hset', `doc:${i}`, 'body', text(between(70, 300)), 'title', text(20)]);
  // Sets: listpack of strings, intsets, hashtables.
  for (let i = 0; i < 100; i++) {
    const args: (string | number)[] = ['sadd', `tags:${i}`];
    for (let m = between(2, 20); m > 0; m--) args.push(text(between(3, 10)));
    commands.push(args);
  }
  for (let i = 0; i < 80; i++) {
    const args: (string | number)[] = ['sadd', `ids:${i}`];
    for (let m = between(2, 50); m > 0; m--) args.push(String(between(0, i % 2 ? 30000 : 2 ** 31)));
    commands.push(args);
  }
  for (let i = 0; i < 3; i++) {
    const args: (string | number)[] = ['sadd', `followers:${i}`];
    for (let m = 0; m < 300; m++) args.push(`u${text(12)}`);
    commands.push(args);
  }
  // Sorted sets: listpack (integer and fractional scores), skiplist.
  for (let i = 0; i < 60; i++) {
    const args: (string | number)[] = ['zadd', `lb:${i}`];
    for (let m = between(3, 30); m > 0; m--)
      args.push(i % 2 ? between(0, 5000) : (random() * 1000).toFixed(2), text(between(4, 16)));
    commands.push(args);
  }
  for (let i = 0; i < 3; i++) {
    const args: (string | number)[] = ['zadd', `rank:${i}`];
    for (let m = 0; m < 200; m++) args.push(random() * 1e6, `player${text(8)}`);
    commands.push(args);
  }
  // Lists: small (one listpack node), large (a quicklist of many nodes), one plain-sized element.
  for (let i = 0; i < 60; i++) {
    const args: (string | number)[] = ['rpush', `queue:${i}`];
    for (let m = between(1, 40); m > 0; m--) args.push(m % 3 ? text(between(5, 40)) : String(between(0, 99999)));
    commands.push(args);
  }
  for (let i = 0; i < 2; i++) {
    for (let batch = 0; batch < 3; batch++) {
      const args: (string | number)[] = ['rpush', `log:${i}`];
      for (let m = 0; m < 300; m++) args.push(`e${text(between(5, 15))}`);
      commands.push(args);
    }
  }
  // Hash fields with their own TTL (Valkey 9.0+, Redis 7.4+).
  const fieldTtlHashes: Command[] = [];
  if (fieldTtls) {
    for (let i = 0; i < 150; i++) {
      fieldTtlHashes.push(['hset', `cart:${i}`, 'a', text(10), 'b', text(12), 'c', String(i)]);
      fieldTtlHashes.push(
        i % 3
          ? ['hexpire', `cart:${i}`, 2_000_000, 'fields', 1, 'a']
          : ['hexpire', `cart:${i}`, 2_000_000, 'fields', 2, 'a', 'b'],
      );
    }
  }
  return { main: withRehashDone(commands), fieldTtlHashes: withRehashDone(fieldTtlHashes) };
}

const LOOKUP: Record<string, string> = { sadd: 'sismember', zadd: 'zscore', hset: 'hexists' };

/**
 * A table that grew while a command added members keeps its old array until incremental
 * rehashing has moved every bucket, one step per access to the key. The planner prices the
 * settled table, which any later access reaches, so each collection is looked up (for a member
 * it does not have) as often as it has members: enough steps to finish.
 */
function withRehashDone(commands: Command[]): Command[] {
  const out: Command[] = [];
  for (const c of commands) {
    out.push(c);
    const lookup = LOOKUP[String(c[0])];
    if (!lookup) continue;
    for (let i = 2; i < c.length; i++) out.push([lookup, c[1]!, '-absent-']);
  }
  return out;
}

const STREAM_COMMANDS: Command[] = Array.from({ length: 20 }, (_, i) => ['xadd', 'events', '*', 'kind', 'click', 'n', String(i)]);

/** The validation suite's servers, and Valkey 8.0 where its build is present. */
const valkey81 = VALIDATION_SERVERS.find((s) => s.id === 'valkey-8.1.1-bundled')!;
const SERVERS: ValidationServer[] = [
  ...VALIDATION_SERVERS,
  {
    ...valkey81,
    id: 'valkey-8.0.1-bundled',
    label: valkey81.label.replace('8.1.1', '8.0.1'),
    version: '8.0.1',
    binary: valkey81.binary.replace('8.1.1', '8.0.1'),
    line: '8.0',
  },
];

/**
 * Records the mixed dataset does not hold, one small dump each in test/fixtures/rdb/records/
 * (not sized: the reader's tests read them): a hash too large for a listpack (Redis 8's default
 * limit is 512 fields) with fields given their own TTL, which Redis writes as type 24.
 */
const RECORD_DUMPS: Array<{ name: string; commands: Command[] }> = [
  {
    name: 'hash-table-field-ttls',
    commands: [
      ['hset', 'big', ...Array.from({ length: 600 }, (_, f) => [`f${f}`, `value${f}`]).flat()],
      ['hexpire', 'big', 100_000, 'fields', 3, 'f1', 'f2', 'f3'],
      ['hpexpire', 'big', 5_000_000, 'fields', 1, 'f10'],
    ],
  },
];

const only = process.argv[2];
if (only === 'records') {
  for (const server of SERVERS.filter((s) => s.line.startsWith('redis-8') && existsSync(s.binary))) {
    const running = await startRedisServer({ binary: server.binary, lifetimeMs: 60_000 });
    const client = connect(running);
    try {
      for (const dump of RECORD_DUMPS) {
        await client.call('flushall', 'sync');
        await pipeCommands(running.host, running.port, dump.commands);
        await client.call('save');
        const dir = String(((await client.call('config', 'get', 'dir')) as string[])[1]);
        mkdirSync('test/fixtures/rdb/records', { recursive: true });
        copyFileSync(join(dir, 'dump.rdb'), `test/fixtures/rdb/records/${server.id}-${dump.name}.rdb`);
        console.log(`records/${server.id}-${dump.name}.rdb`);
      }
    } finally {
      client.disconnect();
      await running.stop();
    }
  }
  process.exit(0);
}

for (const server of SERVERS) {
  if (only && server.id !== only) continue;
  if (!existsSync(server.binary)) {
    console.log(`skipped ${server.id}: ${server.binary} is missing`);
    continue;
  }
  const running = await startRedisServer({
    binary: server.binary,
    lifetimeMs: 120_000,
    extraArgs: ['--enable-debug-command', 'local', '--slowlog-log-slower-than', '-1'],
  });
  const client = connect(running);
  try {
    const serverInfo = await client.info('server');
    const version = (/^valkey_version:(\S+)/m.exec(serverInfo) ?? /^redis_version:(\S+)/m.exec(serverInfo))?.[1];
    await client.call('debug', 'replybuffer', 'resizing', '0');
    await client.call('debug', 'htstats', '0');
    await client.info('memory');
    let emptyUsedMemory = await steadyUsedMemory(client);
    // Whether the server has HEXPIRE (Valkey 9.0+, Redis 7.4+), and whether the model prices what a
    // field TTL costs on its line: where it does not, the hashes with field TTLs are measured apart.
    const fieldTtls = ((await client.call('command', 'info', 'hexpire')) as unknown[])[0] != null;
    const fieldTtlsPriced = LINES.entry(server.line).layout.hashFieldExpiry;
    const prefix = process.argv[3];
    const withPrefix = (commands: Command[]) => commands.filter((c) => !prefix || String(c[1]).startsWith(prefix));
    const dataset = mixedDataset(fieldTtls);
    const loadAll = async (): Promise<{ usedMemory: number; beforeFieldTtls: number | null }> => {
      await pipeCommands(
        running.host,
        running.port,
        withPrefix(fieldTtlsPriced ? [...dataset.main, ...dataset.fieldTtlHashes] : dataset.main),
      );
      await waitForRehash(client);
      if (fieldTtlsPriced || dataset.fieldTtlHashes.length === 0)
        return { usedMemory: await steadyUsedMemory(client), beforeFieldTtls: null };
      const beforeFieldTtls = await steadyUsedMemory(client);
      await pipeCommands(running.host, running.port, withPrefix(dataset.fieldTtlHashes));
      await waitForRehash(client);
      return { usedMemory: await steadyUsedMemory(client), beforeFieldTtls };
    };
    let loaded = await loadAll();
    if (server.baselineAfterFlush) {
      // What the load leaves allocated outside the keyspace stays after FLUSHALL (servers.ts):
      // the empty reading is taken there, and the dataset loaded again for the dump.
      await client.call('flushall', 'sync');
      emptyUsedMemory = await steadyUsedMemory(client);
      const again = await loadAll();
      if (again.usedMemory !== loaded.usedMemory) {
        console.log(`${server.id}: the second load reads ${again.usedMemory} bytes, the first ${loaded.usedMemory}`);
      }
      loaded = again;
    }
    const usedMemory = loaded.beforeFieldTtls ?? loaded.usedMemory;
    // A stream, after the measurement: the reader counts and names it, the planner does not size it.
    await pipeCommands(running.host, running.port, STREAM_COMMANDS);
    const keys = await client.dbsize();
    await client.call('save');
    const dir = String(((await client.call('config', 'get', 'dir')) as string[])[1]);
    const name = prefix ? `debug-${server.id}-${prefix}` : `${server.id}-mixed`;
    copyFileSync(join(dir, 'dump.rdb'), `test/fixtures/rdb/${name}.rdb`);
    const record: RdbFixtureRecord = {
      server: server.label,
      version: version ?? 'unknown',
      line: server.line,
      allocator: server.allocator,
      keys: keys - 1,
      emptyUsedMemory,
      usedMemory,
      datasetBytes: usedMemory - emptyUsedMemory,
      ...(loaded.beforeFieldTtls !== null && {
        unpricedFieldTtlHashes: {
          keys: dataset.fieldTtlHashes.filter((c) => c[0] === 'hset').length,
          datasetBytes: loaded.usedMemory - emptyUsedMemory,
        },
      }),
    };
    writeFileSync(`test/fixtures/rdb/${name}.json`, JSON.stringify(record, null, 2) + '\n');
    console.log(`${name}: ${keys} keys, ${record.datasetBytes} bytes above the empty server`);
  } finally {
    client.disconnect();
    await running.stop();
  }
}
