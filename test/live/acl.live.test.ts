import { describe, expect, it } from 'vitest';
import { SAMPLING_COMMANDS, samplingAclRule } from '../../src/cli/sample/acl';
import { runSample } from '../../src/cli/sample/run';
import { connect } from '../support/redisServer';
import { type Command } from '../support/respPipe';
import { useSeededServer } from '../support/seededServer';
import { DEFAULT_SAMPLE_OPTIONS } from '../../src/cli/sample/options';

function* seed(): Generator<Command> {
  for (let i = 0; i < 3000; i++) yield ['set', `s:${i}`, 'x'.repeat(20)];
  for (let i = 0; i < 300; i++) yield ['hset', `h:${i}`, 'a', '1', 'b', '2'];
  for (let i = 0; i < 300; i++) yield ['sadd', `t:${i}`, 'x', 'y'];
  for (let i = 0; i < 300; i++) yield ['zadd', `z:${i}`, 1, 'a'];
  for (let i = 0; i < 300; i++) yield ['rpush', `l:${i}`, 'a', 'b'];
  yield ['rpush', 'big:list', ...Array.from({ length: 20_000 }, (_, i) => `item-${i}`)];
  yield ['expire', 's:1', 1000];
  yield ['select', '2'];
  for (let i = 0; i < 50; i++) yield ['set', `db2:${i}`, 'x'];
}
const server = useSeededServer({ lifetimeMs: 120_000, setupMs: 60_000, seed });

/** A command as MONITOR shows it, named the way ACL rules name it (subcommands after a bar). */
function aclName(args: string[]): string {
  const name = args[0]!.toLowerCase();
  return ['memory', 'object', 'cluster', 'client', 'config', 'acl'].includes(name) && args[1]
    ? `${name}|${args[1].toLowerCase()}`
    : name;
}

describe('least privilege', () => {
  it('samples as a user made with the README rule, and sends only the commands that rule lists', async () => {
    const admin = connect(server);
    // The rule exactly as the README prints it, with a password for this test.
    const rule = samplingAclRule('sampler', 'pw-for-test').split(' ').slice(2);
    expect(await admin.call('acl', 'setuser', ...rule)).toBe('OK');
    const watcher = connect(server);
    const monitor = await watcher.monitor();
    const seen: string[][] = [];
    monitor.on('monitor', (_time: string, args: string[]) => seen.push(args));
    const asSampler = (db: number) =>
      runSample({
        url: `redis://sampler@127.0.0.1:${server.port}/${db}`,
        password: 'pw-for-test',
        ...DEFAULT_SAMPLE_OPTIONS,
        connectTimeoutMs: 3000,
      });
    try {
      const report = await asSampler(0);
      expect(report.dbsize).toBe(4201);
      expect(report.bigKeys.map((b) => b.pattern)).toEqual(['big:list']);
      expect((await asSampler(2)).dbsize).toBe(50);
      await new Promise((r) => setTimeout(r, 300)); // the last MONITOR lines
      const names = [...new Set(seen.map(aclName))].filter((n) => n !== 'auth').sort();
      console.log(`MONITOR saw: ${names.join(', ')}`);
      for (const n of names) expect(SAMPLING_COMMANDS as readonly string[], n).toContain(n);
      // and nothing that writes
      expect(names.filter((n) => /^(set|del|expire|flush|config|debug|keys)/.test(n))).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining(['scan', 'select', 'memory|usage', 'memory|stats', 'memory|malloc-stats', 'info']),
      );
    } finally {
      monitor.disconnect();
      watcher.disconnect();
      admin.disconnect();
    }
  });

  it('a wrong password for an ACL user is told as such, not as a closed stream', async () => {
    const admin = connect(server);
    try {
      expect(await admin.call('acl', 'setuser', 'wrongpw', 'on', '>right-password', '+@read', '~*')).toBe('OK');
    } finally {
      admin.disconnect();
    }
    const attempt = runSample({
      url: `redis://wrongpw@127.0.0.1:${server.port}/0`,
      password: 'not-the-password',
      ...DEFAULT_SAMPLE_OPTIONS,
      connectTimeoutMs: 3000,
    });
    await expect(attempt).rejects.toThrow(/^authentication failed: wrong user name or password/);
  });
});
