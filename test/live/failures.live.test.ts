import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runSample, type SampleOptions } from '../../src/cli/sample/run';
import { connect, startRedisServer } from '../support/redisServer';
import { type Command } from '../support/respPipe';
import { useSeededServer } from '../support/seededServer';

const base = (url: string, over: Partial<SampleOptions> = {}): SampleOptions => ({
  url,
  maxKeys: 1_000,
  maxCommands: 100_000,
  timeoutMs: 20_000,
  thisNodeOnly: false,
  replicas: false,
  appUrl: 'http://127.0.0.1:5173/',
  connectTimeoutMs: 3000,
  ...over,
});

/** The CLI as a user runs it: exit code and what it printed. */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('timeout', ['-s', 'KILL', '60', process.execPath, '--import', 'tsx', 'src/cli/sample.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VALKEY_PASSWORD: '', REDISCLI_AUTH: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A listener on 127.0.0.1 that does `behave` with each connection; closed by the test. */
async function fakeServer(behave: (socket: Socket) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((s) => {
    sockets.push(s);
    s.on('error', () => undefined);
    behave(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

const server = useSeededServer({
  lifetimeMs: 240_000,
  setupMs: 60_000,
  extraArgs: ['--bind', '127.0.0.1', '::1'],
  seed: () => Array.from({ length: 200 }, (_, i): Command => ['set', `k:${i}`, 'v']),
});

describe('--timeout bounds the whole run and says what it stopped', () => {
  it('a server that accepts the connection and never answers', async () => {
    const silent = await fakeServer(() => undefined);
    try {
      const started = Date.now();
      await expect(runSample(base(silent.url, { timeoutMs: 2_000 }))).rejects.toThrow(
        /--timeout 2 s reached while waiting for the answer to PING from 127\.0\.0\.1:\d+: stopped there/,
      );
      // bounded by the budget, with room for a busy machine, nowhere near the old 150 s
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await silent.close();
    }
  });

  it('a server paused with CLIENT PAUSE', async () => {
    const admin = connect(server);
    try {
      await admin.call('client', 'pause', 6_000);
      const started = Date.now();
      await expect(runSample(base(server.url, { timeoutMs: 2_000 }))).rejects.toThrow(/--timeout 2 s reached while waiting for/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      // the pause holds every client, this one too: it ends on its own
      await admin.ping();
      admin.disconnect();
    }
  });
});

describe('each failure is one line, non-zero, without a stack trace', () => {
  it.each([
    ['a database that does not exist', '/99', /cannot use database 99 on 127\.0\.0\.1:\d+: ERR DB index is out of range/],
    ['a database that is not a number', '/abc', /the database in the URL is "abc": it is a whole number/],
  ])(
    '%s',
    async (_, path, message) => {
      const { code, stdout, stderr } = await cli([`${server.url}${path}`]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
    },
    60_000,
  );

  it('rediss:// against a plain server', async () => {
    await expect(runSample(base(server.url.replace('redis://', 'rediss://')))).rejects.toThrow(
      /TLS handshake with 127\.0\.0\.1:\d+ failed: the server does not answer TLS there \(use redis:\/\/ for a plain server\)/,
    );
  });

  it('a server that does not speak RESP', async () => {
    const http = await fakeServer((s) => s.once('data', () => s.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')));
    try {
      await expect(runSample(base(http.url))).rejects.toThrow(/127\.0\.0\.1:\d+ does not speak the Redis protocol \(RESP\)/);
    } finally {
      await http.close();
    }
  });

  it('a refused connection, through the CLI', async () => {
    const gone = await startRedisServer({ lifetimeMs: 10_000 });
    await gone.stop();
    const { code, stderr } = await cli([gone.url]);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^sample: cannot connect to 127\.0\.0\.1:\d+: connection refused/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('a wrong password, and a missing one', async () => {
    const locked = await startRedisServer({ lifetimeMs: 30_000, extraArgs: ['--requirepass', 's3cret-for-test'] });
    try {
      await expect(runSample(base(locked.url))).rejects.toThrow(/requires a password/);
      await expect(runSample(base(locked.url, { password: 'wrong' }))).rejects.toThrow(/wrong user name or password/);
      const { code, stderr } = await cli([locked.url], { VALKEY_PASSWORD: 'wrong' });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await locked.stop();
    }
  }, 60_000);

  it('NOPERM names the command and the ACL rule that allows it', async () => {
    const admin = connect(server);
    try {
      await admin.call(
        'acl',
        'setuser',
        'nomem',
        'on',
        '>pw-for-test',
        '~*',
        '-@all',
        '+ping',
        '+info',
        '+dbsize',
        '+scan',
        '+type',
        '+pttl',
        '+object|encoding',
      );
      await expect(
        runSample(base(server.url.replace('redis://', 'redis://nomem@'), { password: 'pw-for-test' })),
      ).rejects.toThrow(
        /refused MEMORY MALLOC-STATS to this user \(NOPERM\): grant it with "ACL SETUSER <user> \+memory\|malloc-stats".*ACL SETUSER sampler on/,
      );
    } finally {
      await admin.call('acl', 'deluser', 'nomem');
      admin.disconnect();
    }
  });
});

describe('targets that work', () => {
  it('redis://[::1]:port', async () => {
    const report = await runSample(base(`redis://[::1]:${server.port}`));
    expect(report.dbsize).toBe(200);
    expect(report.families[0]).toMatchObject({ pattern: 'k:{n}', estimatedKeys: 200 });
  });

  it('an empty database says so and makes no scenario', async () => {
    await expect(runSample(base(`${server.url}/5`))).rejects.toThrow(
      /database 5 on 127\.0\.0\.1:\d+ holds no keys: nothing to sample, so no scenario is made \(db0 holds 200 keys: add \/0 to the URL\)/,
    );
  });

  it('a key longer than a scenario allows: a warning with its treatment', async () => {
    const admin = connect(server);
    try {
      await admin.select(3);
      await admin.set('L'.repeat(70_000), 'v');
      const report = await runSample(base(`${server.url}/3`));
      expect(report.scenario.workloads[0]!.keyBytes).toBe(65_536);
      expect(report.warnings.join(' ')).toMatch(
        /key bytes 70,000 is past the 65,536 a scenario allows; the scenario counts 65,536/,
      );
    } finally {
      await admin.flushdb();
      admin.disconnect();
    }
  });
});
