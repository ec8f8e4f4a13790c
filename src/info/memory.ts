import type { InfoFields } from './parse';

/**
 * What a server says its memory holds beside the keys, from INFO memory or MEMORY STATS (the
 * same counters). used_memory minus all of these is what the keys themselves take.
 */
export interface ServerMemory {
  usedMemory: number;
  startup: number;
  clients: number;
  replicationBacklog: number;
  aofBuffer: number;
  scripts: number;
  clusterLinks: number;
  /** The server's own split of used_memory: dataset (keys' data) and overhead (startup, buffers, key tables); null when not given. */
  reportedDataset: number | null;
  reportedOverhead: number | null;
  /** RSS / used_memory as the server reports it; null when not given. */
  fragmentationRatio: number | null;
  source: 'INFO memory' | 'MEMORY STATS';
}

/** The breakdown from pasted or fetched INFO; null without used_memory. */
export function memoryFromInfo(f: InfoFields): ServerMemory | null {
  if (f.used_memory === undefined) return null;
  return {
    usedMemory: f.used_memory,
    startup: f.used_memory_startup ?? 0,
    clients: (f.mem_clients_normal ?? 0) + (f.mem_clients_slaves ?? 0),
    replicationBacklog: f.mem_replication_backlog ?? 0,
    aofBuffer: f.mem_aof_buffer ?? 0,
    scripts: f.used_memory_scripts ?? 0,
    clusterLinks: f.mem_cluster_links ?? 0,
    reportedDataset: f.used_memory_dataset ?? null,
    reportedOverhead: f.used_memory_overhead ?? null,
    fragmentationRatio: f.mem_fragmentation_ratio ?? null,
    source: 'INFO memory',
  };
}

/** MEMORY STATS replies a flat list of names and values (nested lists for each db). */
export function memoryFromStats(reply: unknown[], fragmentationRatio: number | null): ServerMemory | null {
  const stats = new Map<string, number>();
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const value = Number(String(reply[i + 1]));
    if (Number.isFinite(value) && value >= 0) stats.set(String(reply[i]), value);
  }
  const used = stats.get('total.allocated');
  if (used === undefined) return null;
  const at = (name: string) => stats.get(name) ?? 0;
  return {
    usedMemory: used,
    startup: at('startup.allocated'),
    clients: at('clients.normal') + at('clients.slaves'),
    replicationBacklog: at('replication.backlog'),
    aofBuffer: at('aof.buffer'),
    scripts: at('lua.caches') + at('functions.caches'),
    clusterLinks: at('cluster.links'),
    reportedDataset: stats.get('dataset.bytes') ?? null,
    reportedOverhead: stats.get('overhead.total') ?? null,
    fragmentationRatio,
    source: 'MEMORY STATS',
  };
}

/** What the server holds beside the keys; a larger process baseline than the empty server's startup. */
export function nonKeyBytes(m: ServerMemory): number {
  return m.startup + m.clients + m.replicationBacklog + m.aofBuffer + m.scripts + m.clusterLinks;
}

/** A cluster's nodes as one: counters add up; the fragmentation ratio is the used_memory-weighted mean. */
export function sumMemory(nodes: readonly ServerMemory[]): ServerMemory {
  const total = (pick: (m: ServerMemory) => number) => nodes.reduce((s, m) => s + pick(m), 0);
  const withRatio = nodes.filter((m) => m.fragmentationRatio !== null);
  const weight = withRatio.reduce((s, m) => s + m.usedMemory, 0);
  return {
    usedMemory: total((m) => m.usedMemory),
    startup: total((m) => m.startup),
    clients: total((m) => m.clients),
    replicationBacklog: total((m) => m.replicationBacklog),
    aofBuffer: total((m) => m.aofBuffer),
    scripts: total((m) => m.scripts),
    clusterLinks: total((m) => m.clusterLinks),
    reportedDataset: nodes.every((m) => m.reportedDataset !== null) ? total((m) => m.reportedDataset!) : null,
    reportedOverhead: nodes.every((m) => m.reportedOverhead !== null) ? total((m) => m.reportedOverhead!) : null,
    fragmentationRatio:
      withRatio.length && weight > 0 ? withRatio.reduce((s, m) => s + m.fragmentationRatio! * m.usedMemory, 0) / weight : null,
    source: nodes[0]?.source ?? 'INFO memory',
  };
}
