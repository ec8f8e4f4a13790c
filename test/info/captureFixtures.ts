/**
 * Captures real `INFO everything` outputs from Debian's redis-server in several states into
 * test/fixtures/info/. Run by hand (npx tsx test/info/captureFixtures.ts) when adding a state;
 * the parser tests read the committed files.
 */
import { writeFileSync } from 'node:fs';
import { connect, startRedisServer } from '../support/redisServer';
import { pipeCommands, type Command } from '../support/respPipe';

const states: Array<{ name: string; commands: () => Generator<Command> }> = [
  { name: 'empty', commands: function* () {} },
  {
    name: 'strings',
    commands: function* () {
      for (let i = 0; i < 50_000; i++) yield ['set', `session:${String(i).padStart(8, '0')}`, 'x'.repeat(300)];
    },
  },
  {
    name: 'strings-ttl',
    commands: function* () {
      for (let i = 0; i < 40_000; i++)
        yield i % 2 ? ['set', `cache:${i}`, 'v'.repeat(40), 'EX', 100_000] : ['set', `cache:${i}`, 'v'.repeat(40)];
    },
  },
  {
    name: 'hashes',
    commands: function* () {
      for (let i = 0; i < 20_000; i++)
        yield ['hset', `user:${i}`, 'name', 'Alice', 'age', '30', 'city', 'Toronto', 'score', '100'];
      for (let i = 0; i < 500; i++) yield ['select', '1'];
      for (let i = 0; i < 1000; i++) yield ['set', `db1:${i}`, 'y'];
    },
  },
];

for (const state of states) {
  const server = await startRedisServer({ lifetimeMs: 60_000 });
  try {
    await pipeCommands(server.host, server.port, state.commands());
    const client = connect(server);
    const text = String(await client.call('info', 'everything'));
    client.disconnect();
    // Keep the capture, but not this machine's paths or run ids.
    const scrubbed = text
      .replace(/^run_id:.*$/m, 'run_id:0000000000000000000000000000000000000000')
      .replace(/^tcp_port:.*$/m, 'tcp_port:6379');
    writeFileSync(`test/fixtures/info/redis-7.0-${state.name}.txt`, scrubbed);
    console.log(`captured ${state.name}`);
  } finally {
    await server.stop();
  }
}
