import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Valkey from 'iovalkey';
import { connect, startRedisServer, type RunningServer } from './redisServer';
import { pipeCommands, type Command } from './respPipe';

export interface RunningCluster {
  nodes: RunningServer[];
  /** Sends commands to the primary that owns each key's slot (one pipe per primary). */
  load: (commands: Iterable<Command>, keyOf: (c: Command) => string) => Promise<void>;
  /** Waits until every replica has caught up with its primary's key count. */
  waitForReplicas: () => Promise<void>;
  stop: () => Promise<void>;
}

/** CRC16/XMODEM, the cluster's key hash; hash tags ({...}) pick the part that is hashed. */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  if (open >= 0) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) key = key.slice(open + 1, close);
  }
  let crc = 0;
  for (const byte of Buffer.from(key, 'latin1')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc % 16384;
}

function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('timeout', ['-s', 'KILL', String(Math.ceil(timeoutMs / 1000)), command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${out.slice(-500)}`))));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`cluster: ${what} did not happen within ${timeoutMs} ms`);
}

/**
 * A real cluster on 127.0.0.1: `primaries` nodes with `replicasPerPrimary` replicas each, joined
 * with redis-cli --cluster create. Every node has a bounded lifetime; stop() ends them all.
 */
export async function startCluster(
  options: { primaries?: number; replicasPerPrimary?: number; lifetimeMs?: number } = {},
): Promise<RunningCluster> {
  const primaries = options.primaries ?? 3;
  const replicas = options.replicasPerPrimary ?? 1;
  const dir = mkdtempSync(join(tmpdir(), 'vrp-cluster-'));
  const nodes: RunningServer[] = [];
  const clients: Valkey[] = [];
  const stop = async () => {
    for (const c of clients) c.disconnect();
    await Promise.all(nodes.map((n) => n.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < primaries * (1 + replicas); i++) {
      nodes.push(
        await startRedisServer({
          lifetimeMs: options.lifetimeMs ?? 240_000,
          extraArgs: [
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            join(dir, `nodes-${i}.conf`),
            '--cluster-node-timeout',
            '5000',
          ],
        }),
      );
    }
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...nodes.map((n) => `127.0.0.1:${n.port}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      60_000,
    );
    clients.push(...nodes.map((n) => connect(n)));
    await until(
      'cluster_state:ok on every node',
      async () =>
        (await Promise.all(clients.map((c) => c.call('cluster', 'info')))).every((t) => /cluster_state:ok/.test(String(t))),
      60_000,
    );
    // Which primary serves which slot, from one node's view.
    const slotOwner = new Array<number>(16384);
    const slots = (await clients[0]!.call('cluster', 'slots')) as Array<[number, number, [string, number]]>;
    for (const [from, to, [, port]] of slots) for (let s = from; s <= to; s++) slotOwner[s] = Number(port);
    const load = async (commands: Iterable<Command>, keyOf: (c: Command) => string) => {
      const perPort = new Map<number, Command[]>();
      for (const c of commands) {
        const port = slotOwner[keySlot(keyOf(c))]!;
        const list = perPort.get(port);
        if (list) list.push(c);
        else perPort.set(port, [c]);
      }
      await Promise.all([...perPort].map(([port, list]) => pipeCommands('127.0.0.1', port, list)));
    };
    const waitForReplicas = () =>
      until(
        'replicas caught up',
        async () => {
          for (const c of clients) {
            const info = String(await c.call('info', 'replication'));
            if (!/^role:slave/m.test(info)) continue;
            if (!/master_link_status:up/.test(info)) return false;
            const port = Number(/^master_port:(\d+)/m.exec(info)![1]);
            const primary = clients[nodes.findIndex((n) => n.port === port)]!;
            if (Number(await primary.dbsize()) !== Number(await c.dbsize())) return false;
          }
          return true;
        },
        60_000,
      );
    return { nodes, load, waitForReplicas, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
