import type Valkey from 'iovalkey';
import { identifyServer } from '../../info/analyze';
import { parseMallocStats } from '../../info/build';
import { memoryFromInfo, memoryFromStats } from '../../info/memory';
import { parseInfo } from '../../info/parse';
import { discoverShards, type ClusterNode } from './cluster';
import { address, connectTo, parseTarget, type Target } from './connect';
import { Deadline } from './deadline';
import { refuseNoPerm, SampleError } from './errors';
import { buildReport, type NodeSample, type SampleReport } from './report';
import { keysToRead, type SampleOptions } from './options';
import { sampleKeys, type SampleLimits } from './sampler';
import type { Allocator } from '../../data/vocabulary';
import { withKeysizes } from './keysizes';
import { summarizeFamilies } from './summarize';

export { SampleError } from './errors';
export type { FamilyComparison, NodeSummary, SampleReport } from './report';
export type { SampleOptions } from './options';

async function optionalReply(client: Valkey, deadline: Deadline, command: string[]): Promise<unknown> {
  try {
    return await deadline.race(client.call(command[0]!, ...command.slice(1)), `the answer to ${command.join(' ').toUpperCase()}`);
  } catch (e) {
    if (e instanceof SampleError) throw e;
    refuseNoPerm(e as Error, command.join('|'));
    return null; // an older server without the command: INFO stands in
  }
}

/** One node's share of the run's limits; its keys to read follow from its DBSIZE (keysToRead). */
interface NodeLimits {
  maxKeys: number | null;
  maxCommands: number;
  nodes: number;
  /** The database sampled: INFO keysizes lists every database. */
  db: number;
}

/** INFO, the allocator's and the memory statistics, DBSIZE, then the keys: one node, within its share of the budget. */
async function sampleNode(
  client: Valkey,
  where: string,
  limits: NodeLimits,
  deadline: Deadline,
  allocator: Allocator | undefined,
  onProgress?: (sampled: number, commands: number) => void,
): Promise<NodeSample> {
  let infoText: string;
  try {
    infoText = String(await deadline.race(client.call('info', 'everything'), 'the answer to INFO'));
  } catch (e) {
    if (e instanceof SampleError) throw e;
    refuseNoPerm(e as Error, 'info');
    throw new SampleError(`INFO failed on ${where}: ${(e as Error).message}`);
  }
  const parsed = parseInfo(infoText);
  if (!parsed.ok) throw new SampleError(`INFO from ${where} could not be read: ${parsed.error}`);
  const mallocStats = await optionalReply(client, deadline, ['memory', 'malloc-stats']);
  const identity = identifyServer(parsed.info, {
    mallocStats: mallocStats === null ? null : parseMallocStats(String(mallocStats)),
    allocatorOverride: allocator,
  });
  const stats = await optionalReply(client, deadline, ['memory', 'stats']);
  const ratio = parsed.info.fields.mem_fragmentation_ratio ?? null;
  const memory = (Array.isArray(stats) ? memoryFromStats(stats, ratio) : null) ?? memoryFromInfo(parsed.info.fields);
  if (!memory) throw new SampleError(`INFO from ${where} has no used_memory`);
  let dbsize: number;
  try {
    dbsize = Number(await deadline.race(client.dbsize(), 'the answer to DBSIZE'));
  } catch (e) {
    if (e instanceof SampleError) throw e;
    refuseNoPerm(e as Error, 'dbsize');
    throw e;
  }
  const fixed = 4;
  const nodeLimits: SampleLimits = {
    maxKeys: keysToRead(limits.maxKeys, dbsize, limits.nodes),
    maxCommands: limits.maxCommands - fixed,
  };
  const run = await sampleKeys(client, dbsize, nodeLimits, deadline, onProgress);
  const summarized = summarizeFamilies(run.samples, Math.max(0, dbsize - run.bigKeys.length), run.everyKeyRead);
  const keysizes = parsed.info.keysizes?.filter((h) => h.db === limits.db) ?? [];
  const { families, notes } = withKeysizes(summarized, run.bigKeys, keysizes, run.everyKeyRead);
  return {
    address: where,
    info: parsed.info,
    identity,
    memory,
    dbsize,
    run,
    families,
    commands: run.commands + fixed,
    notes: notes.map((n) => `${where}: ${n}`),
  };
}

/** Which nodes to sample: this one, or one node per shard of its cluster. */
async function nodesToSample(
  client: Valkey,
  target: Target,
  options: SampleOptions,
  deadline: Deadline,
  clusterEnabled: boolean,
  warnings: string[],
): Promise<{ nodes: ClusterNode[]; replicasPerShard: number; commands: number }> {
  if (!clusterEnabled || options.thisNodeOnly) {
    if (clusterEnabled) warnings.push("cluster node: the scenario covers this node's slots only (--this-node-only)");
    return { nodes: [{ host: target.host, port: target.port }], replicasPerShard: 0, commands: 0 };
  }
  const { shards, commands } = await discoverShards(client, deadline);
  if (shards.length === 0) throw new SampleError(`${address(target)} is a cluster node, but no shard holds slots yet`);
  const nodes = shards.map((s) => {
    if (!options.replicas) return s.primary;
    if (s.replicas.length === 0) {
      warnings.push(`shard of ${address(s.primary)} has no replica online: its primary is sampled instead`);
      return s.primary;
    }
    return s.replicas[0]!;
  });
  const replicasPerShard = Math.min(...shards.map((s) => s.replicas.length));
  return { nodes, replicasPerShard, commands };
}

/**
 * Samples a server, or every shard of its cluster within one shared budget, and turns what it
 * saw into a scenario, a share link, the model's figure and a reconciliation with used_memory.
 */
export async function runSample(
  options: SampleOptions,
  onProgress?: (sampled: number, commands: number) => void,
): Promise<SampleReport> {
  const deadline = new Deadline(options.timeoutMs);
  const target = parseTarget(options.url, options.password);
  const entry = await connectTo(target, deadline, options.connectTimeoutMs);
  const warnings: string[] = [];
  const samples: NodeSample[] = [];
  let commands = 2 + (target.db ? 1 : 0);
  try {
    const clusterEnabled = await deadline
      .race(entry.call('info', 'cluster'), 'the answer to INFO cluster')
      .then((t) => /^cluster_enabled:1/m.test(String(t)))
      .catch((e: Error) => {
        if (e instanceof SampleError) throw e;
        refuseNoPerm(e, 'info');
        throw new SampleError(`INFO failed on ${address(target)}: ${e.message}`);
      });
    const plan = await nodesToSample(entry, target, options, deadline, clusterEnabled, warnings);
    commands += 1 + plan.commands;
    const share = (n: number) => Math.max(1, Math.floor(n / plan.nodes.length));
    const limits: NodeLimits = {
      maxKeys: options.maxKeys,
      maxCommands: share(options.maxCommands - commands),
      nodes: plan.nodes.length,
      db: target.db,
    };
    for (const node of plan.nodes) {
      const where = address(node);
      const same = node.host === target.host && node.port === target.port;
      const client = same ? entry : await connectTo({ ...target, ...node }, deadline, options.connectTimeoutMs);
      if (!same) commands += 1;
      try {
        // A cluster replica answers a key's reads with MOVED unless the connection says READONLY:
        // without it every key read in detail came back as an error, "a type the model does not cover".
        if (clusterEnabled && options.replicas) {
          await deadline.race(client.call('readonly'), `the answer to READONLY from ${where}`).catch((e: Error) => {
            if (e instanceof SampleError) throw e;
            refuseNoPerm(e, 'readonly');
            throw new SampleError(`READONLY failed on ${where}: ${e.message}`);
          });
          commands += 1;
        }
        const before = samples.reduce((s, x) => s + x.run.samples.length, 0);
        const progress = onProgress && ((n: number, c: number) => onProgress(before + n, commands + c));
        const sample = await sampleNode(client, where, limits, deadline, options.allocator, progress);
        samples.push(sample);
        commands += sample.commands;
      } finally {
        if (!same) client.disconnect();
      }
    }
    return buildReport(samples, target, options, plan.nodes.length, plan.replicasPerShard, clusterEnabled, commands, warnings);
  } finally {
    entry.disconnect();
  }
}
