import type Valkey from 'iovalkey';
import type { Deadline } from './deadline';
import { refuseNoPerm, SampleError } from './errors';

export interface ClusterNode {
  host: string;
  port: number;
}

export interface ClusterShard {
  primary: ClusterNode;
  replicas: ClusterNode[];
}

const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString() : String(v));

/** A flat [name, value, name, value ...] reply as a map. */
function pairs(list: unknown[]): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (let i = 0; i + 1 < list.length; i += 2) map.set(text(list[i]), list[i + 1]);
  return map;
}

function fromShards(reply: unknown[]): ClusterShard[] {
  const shards: ClusterShard[] = [];
  for (const entry of reply) {
    const shard = pairs(entry as unknown[]);
    const slots = (shard.get('slots') as unknown[] | undefined) ?? [];
    if (slots.length === 0) continue; // a shard without slots holds no keys
    let primary: ClusterNode | null = null;
    const replicas: ClusterNode[] = [];
    for (const raw of (shard.get('nodes') as unknown[]) ?? []) {
      const node = pairs(raw as unknown[]);
      const endpoint = text(node.get('endpoint') ?? '');
      const host = endpoint && endpoint !== '?' ? endpoint : text(node.get('ip'));
      const port = Number(text(node.get('port') ?? node.get('tls-port')));
      const health = text(node.get('health'));
      if (text(node.get('role')) === 'master') {
        if (health === 'online') primary = { host, port };
      } else if (health === 'online') replicas.unshift({ host, port });
      // Redis 7.0 reports a replica whose replication offset is still 0 as "loading": usable, but last.
      else if (health === 'loading') replicas.push({ host, port });
    }
    if (primary) shards.push({ primary, replicas });
  }
  return shards;
}

function fromSlots(reply: unknown[]): ClusterShard[] {
  const byPrimary = new Map<string, ClusterShard>();
  for (const range of reply as unknown[][]) {
    const [primary, ...replicas] = range.slice(2).map((n) => {
      const node = n as unknown[];
      return { host: text(node[0]), port: Number(node[1]) };
    });
    if (!primary) continue;
    const id = `${primary.host}:${primary.port}`;
    if (!byPrimary.has(id)) byPrimary.set(id, { primary, replicas });
  }
  return [...byPrimary.values()];
}

/** The cluster's shards with slots: CLUSTER SHARDS (7.0+), or CLUSTER SLOTS on older servers. */
export async function discoverShards(client: Valkey, deadline: Deadline): Promise<{ shards: ClusterShard[]; commands: number }> {
  try {
    const reply = await deadline.race(client.call('cluster', 'shards') as Promise<unknown[]>, 'the answer to CLUSTER SHARDS');
    return { shards: fromShards(reply), commands: 1 };
  } catch (e) {
    if (e instanceof SampleError) throw e;
    refuseNoPerm(e as Error, 'cluster|shards');
    if (!/unknown subcommand|unknown command/i.test((e as Error).message)) throw e;
  }
  try {
    const reply = await deadline.race(client.call('cluster', 'slots') as Promise<unknown[]>, 'the answer to CLUSTER SLOTS');
    return { shards: fromSlots(reply), commands: 2 };
  } catch (e) {
    if (e instanceof SampleError) throw e;
    refuseNoPerm(e as Error, 'cluster|slots');
    throw new SampleError(`cannot list the cluster's nodes: ${(e as Error).message}`);
  }
}
