import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import Valkey from 'iovalkey';

/** Debian's redis-server, installed by scripts/install-system-deps.sh. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RunningServer {
  host: '127.0.0.1';
  port: number;
  pid: number;
  url: string;
  /** Stops the server by its process id and waits for it to exit. */
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a throwaway redis-server (or another binary that takes its options, such as valkey-server) on a free 127.0.0.1 port: no persistence, no eviction, no
 * latency histograms (they would add ~25 KB per command name to used_memory), and a hard
 * lifetime after which it is killed even if the test that started it forgets to stop it.
 */
export async function startRedisServer(
  options: { lifetimeMs?: number; extraArgs?: string[]; binary?: string } = {},
): Promise<RunningServer> {
  const binary = options.binary ?? REDIS_SERVER;
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run scripts/install-system-deps.sh`);
  const lifetimeMs = options.lifetimeMs ?? 120_000;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    // Its own directory: a replica writes the RDB it receives there, and a server loads any RDB it finds.
    const dir = mkdtempSync(join(tmpdir(), 'vrp-redis-'));
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--protected-mode',
      'yes',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      '0',
      '--latency-tracking',
      'no',
      '--daemonize',
      'no',
      '--logfile',
      '',
      '--loglevel',
      'warning',
      '--dir',
      dir,
      ...(options.extraArgs ?? []),
    ];
    // coreutils `timeout` bounds the server's life even if this process dies without stopping it;
    // it passes our SIGTERM on to the server.
    const lifetimeSeconds = String(Math.ceil(lifetimeMs / 1000) + 5);
    // The server logs to standard output (--logfile ""): read both streams, or a port taken
    // between freePort and the bind ("Address already in use") would not be seen and retried.
    const child: ChildProcess = spawn('timeout', ['-s', 'KILL', lifetimeSeconds, binary, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += String(d)));
    child.stderr?.on('data', (d) => (output += String(d)));
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      }),
    );
    // `timeout` leads a process group of its own with the server. SIGKILL cannot be passed on, so
    // it goes to the group: sent to `timeout` alone it left the server running with no parent and
    // no bound on its life (found holding 1.2 M keys 37 minutes after its test).
    const killAll = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group has gone already.
      }
    };
    const killer = setTimeout(killAll, lifetimeMs);
    killer.unref();
    const stop = async () => {
      clearTimeout(killer);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const forced = setTimeout(killAll, 5_000);
        await exited;
        clearTimeout(forced);
      }
    };
    if (await waitUntilReady(port, child)) {
      return { host: '127.0.0.1', port, pid: child.pid!, url: `redis://127.0.0.1:${port}`, stop };
    }
    await stop();
    if (!/Address already in use/.test(output)) throw new Error(`redis-server did not start: ${output.trim()}`);
  }
  throw new Error('redis-server: no free port after 5 attempts');
}

async function waitUntilReady(port: number, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) return false;
    const client = new Valkey({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    let eventError = '';
    client.on('error', (e: Error) => (eventError += e.message));
    try {
      await client.connect();
      const info = await client.info('server');
      client.disconnect();
      // Servers started side by side can be given the same free port: the one that loses the bind
      // exits, but the other answers on that port meanwhile. Only our own server is ready.
      if (startedBy(info, child)) return true;
      await new Promise((r) => setTimeout(r, 50));
    } catch (e) {
      client.disconnect();
      // A server that asks for a password is up.
      if (/NOAUTH|Authentication required/i.test(`${(e as Error).message} ${eventError}`)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return false;
}

/** Whether the server that wrote `info` is the child of `child` (where /proc tells; elsewhere assumed). */
function startedBy(info: string, child: ChildProcess): boolean {
  const pid = /^process_id:(\d+)/m.exec(info)?.[1];
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return true;
  // The parent's id is the fourth field, after the command name in parentheses.
  const parent = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ')[1];
  return Number(parent) === child.pid;
}

/** A client for a test server; the caller disconnects it. */
export function connect(server: RunningServer): Valkey {
  const client = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 1, retryStrategy: () => null });
  // Errors reach the awaiting command; a dropped connection after the test is not one.
  client.on('error', () => undefined);
  return client;
}

/** One field of INFO, as a number. */
export async function infoNumber(client: Valkey, section: string, field: string): Promise<number> {
  const text = await client.info(section);
  const m = new RegExp(`^${field}:(\\S+)`, 'm').exec(text);
  if (!m) throw new Error(`INFO ${section} has no ${field}`);
  return Number(m[1]);
}
