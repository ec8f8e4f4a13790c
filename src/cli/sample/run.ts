import type Valkey from 'iovalkey';
import type { Allocator } from '../../data/vocabulary';
import { formatCount } from '../../format/count';
import { identifyServer, type ServerIdentity } from '../../info/analyze';
import { parseMallocStats, type BuildDecision } from '../../info/build';
import { scenarioFigures, type LineFigure } from '../../info/figure';
import { memoryFromInfo, memoryFromStats, sumMemory, type ServerMemory } from '../../info/memory';
import { parseInfo, type ParsedInfo } from '../../info/parse';
import { reconcile, type Reconciliation } from '../../info/reconcile';
import { serverScenario } from '../../info/serverScenario';
import { encodeLink } from '../../scenario/link';
import type { Scenario } from '../../scenario/schema';
import { discoverShards, type ClusterNode } from './cluster';
import { address, connectTo, parseTarget, type Target } from './connect';
import { Deadline } from './deadline';
import { refuseNoPerm, SampleError } from './errors';
import { MAX_BIG_KEYS, sampleKeys, type SampleLimits, type SampleRun } from './sampler';
import { bigKeyFamily, mergeFamilies, summarizeFamilies, workloadsFrom, type FamilySummary } from './summarize';

export { SampleError } from './errors';

export interface SampleOptions extends SampleLimits {
  url: string;
  password?: string | undefined;
  /** The whole run's time budget, connections included. */
  timeoutMs: number;
  /** Sample a cluster node's own keys instead of the whole cluster. */
  thisNodeOnly: boolean;
  /** In a cluster, sample one replica of each shard instead of its primary. */
  replicas: boolean;
  /** Overrides the allocator build the server's statistics point to. */
  allocator?: Allocator | undefined;
  appUrl: string;
  connectTimeoutMs: number;
}

export interface FamilyComparison {
  pattern: string;
  estimatedKeys: number;
  memoryUsageBytes: number | null;
  modelBytes: number | null;
}

export interface NodeSummary {
  address: string;
  role: string;
  dbsize: number;
  sampled: number;
  sizedKeys: number;
  usedMemory: number;
}

export interface SampleReport {
  server: string;
  line: string | null;
  build: BuildDecision;
  nodes: NodeSummary[];
  dbsize: number;
  sampled: number;
  scanComplete: boolean;
  stoppedBy: SampleRun['stoppedBy'];
  commands: number;
  families: FamilySummary[];
  bigKeys: FamilySummary[];
  memory: ServerMemory;
  /** The model's figure for this scenario on the server's own line (what the calculator shows for it). */
  figure: LineFigure | null;
  reconciliation: Reconciliation | null;
  scenario: Scenario;
  shareUrl: string;
  comparison: FamilyComparison[];
  warnings: string[];
}

interface NodeSample {
  address: string;
  info: ParsedInfo;
  identity: ServerIdentity;
  memory: ServerMemory;
  dbsize: number;
  run: SampleRun;
  families: FamilySummary[];
  commands: number;
}

async function optionalReply(client: Valkey, deadline: Deadline, command: string[]): Promise<unknown> {
  try {
    return await deadline.race(client.call(command[0]!, ...command.slice(1)), `the answer to ${command.join(' ').toUpperCase()}`);
  } catch (e) {
    if (e instanceof SampleError) throw e;
    refuseNoPerm(e as Error, command.join('|'));
    return null; // an older server without the command: INFO stands in
  }
}

/** INFO, the allocator's and the memory statistics, DBSIZE, then the keys: one node, within its share of the budget. */
async function sampleNode(
  client: Valkey,
  where: string,
  limits: SampleLimits,
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
  const run = await sampleKeys(client, dbsize, { ...limits, maxCommands: limits.maxCommands - fixed }, deadline, onProgress);
  const families = summarizeFamilies(run.samples, Math.max(0, dbsize - run.bigKeys.length), run.everyKeyRead);
  return { address: where, info: parsed.info, identity, memory, dbsize, run, families, commands: run.commands + fixed };
}

function emptyKeyspaceError(where: string, db: number, info: ParsedInfo): SampleError {
  const others = info.keyspace.filter((d) => d.db !== db && d.keys > 0);
  const hint = others.length
    ? ` (${others.map((d) => `db${d.db} holds ${formatCount(d.keys)} keys: add /${d.db} to the URL`).join('; ')})`
    : '';
  return new SampleError(`database ${db} on ${where} holds no keys: nothing to sample, so no scenario is made${hint}`);
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
    const limits: SampleLimits = { maxKeys: share(options.maxKeys), maxCommands: share(options.maxCommands - commands) };
    for (const node of plan.nodes) {
      const where = address(node);
      const same = node.host === target.host && node.port === target.port;
      const client = same ? entry : await connectTo({ ...target, ...node }, deadline, options.connectTimeoutMs);
      if (!same) commands += 1;
      try {
        const before = samples.reduce((s, x) => s + x.run.samples.length, 0);
        const progress = onProgress && ((n: number, c: number) => onProgress(before + n, commands + c));
        const sample = await sampleNode(client, where, limits, deadline, options.allocator, progress);
        samples.push(sample);
        commands += sample.commands;
      } finally {
        if (!same) client.disconnect();
      }
    }
    return report(samples, target, options, plan.nodes.length, plan.replicasPerShard, clusterEnabled, commands, warnings);
  } finally {
    entry.disconnect();
  }
}

function report(
  samples: NodeSample[],
  target: Target,
  options: SampleOptions,
  shards: number,
  replicasPerShard: number,
  clusterEnabled: boolean,
  commands: number,
  warnings: string[],
): SampleReport {
  const first = samples[0]!;
  const identity = first.identity;
  const dbsize = samples.reduce((s, x) => s + x.dbsize, 0);
  if (dbsize === 0) throw emptyKeyspaceError(address(target), target.db, first.info);
  const allocators = new Set(samples.map((s) => s.identity.allocator));
  if (allocators.size > 1)
    warnings.push(
      `the nodes run different allocator builds (${[...allocators].join(', ')}): the scenario takes the first node's`,
    );
  const role = first.info.fields.role;
  if (shards === 1 && (role === 'slave' || role === 'replica'))
    warnings.push("a replica: its keys are its primary's (sampling a replica spares the primary)");
  const runs = samples.map((s) => s.run);
  const sampled = runs.reduce((s, r) => s + r.samples.length, 0);
  const everyKeyRead = runs.every((r) => r.everyKeyRead);
  const stoppedBy =
    runs.find((r) => r.stoppedBy === 'timeout')?.stoppedBy ??
    runs.find((r) => r.stoppedBy !== 'complete')?.stoppedBy ??
    'complete';
  if (!everyKeyRead)
    warnings.push(
      `read ${formatCount(sampled)} of ${formatCount(dbsize)} keys in detail (stopped by ${stoppedBy}): counts are estimates with 95 % intervals`,
    );
  const scanned = runs.reduce((s, r) => s + r.scannedKeys, 0);
  const sized = runs.reduce((s, r) => s + r.sizedKeys, 0);
  if (sized < dbsize)
    warnings.push(
      `the search for big keys sized ${formatCount(sized)} of ${formatCount(dbsize)} keys (--max-commands or --timeout): a big key among the others would be missed`,
    );
  else if (scanned < dbsize) warnings.push(`the scan stopped after ${formatCount(scanned)} of ${formatCount(dbsize)} keys`);
  const leftOver = runs.reduce((s, r) => s + r.bigKeysLeftOver, 0);
  if (leftOver > 0)
    warnings.push(
      `${formatCount(leftOver)} more big keys than the ${MAX_BIG_KEYS} listed stay in their families, scaled like the rest`,
    );
  const families = samples.length === 1 ? first.families : mergeFamilies(samples.map((s) => s.families));
  const bigKeys = runs
    .flatMap((r) => r.bigKeys.map(bigKeyFamily))
    .sort((a, b) => (b.avgMemoryUsage ?? 0) - (a.avgMemoryUsage ?? 0));
  const nonUtf8 = families.reduce((s, f) => s + f.nonUtf8Keys, 0);
  if (nonUtf8 > 0) warnings.push(`${nonUtf8} sampled keys are not UTF-8: their families show escaped bytes (\\xNN)`);
  const { workloads, leftOut, notes, workloadNames } = workloadsFrom(families, bigKeys);
  if (leftOut.length) warnings.push(`left out of the scenario: ${leftOut.join(', ')}`);
  warnings.push(...notes);
  const memory = samples.length === 1 ? first.memory : sumMemory(samples.map((s) => s.memory));
  const cluster = clusterEnabled;
  const name = `${identity.product} ${identity.version ?? ''} sampled${shards > 1 ? `, ${shards} shards` : ''}`
    .replace(/\s+/g, ' ')
    .trim();
  const built = serverScenario({
    name,
    workloads,
    allocator: identity.allocator,
    line: identity.line,
    cluster,
    shards,
    replicas: shards > 1 ? replicasPerShard : (first.info.fields.connected_slaves ?? 0),
    memory,
  });
  warnings.push(...built.notes);
  const scenario = built.scenario;
  const line = identity.line;
  const figure = line && workloads.length ? scenarioFigures(scenario, [line])[0]! : null;
  const reconciliation = figure ? reconcile(memory, figure.keysBytes, { leftOut, searchedBigKeys: sized >= dbsize }) : null;
  if (reconciliation?.warning) warnings.push(reconciliation.warning);
  if (!line) warnings.push(`no layout is modeled for ${identity.product} ${identity.version}: the model column is empty`);
  const comparison: FamilyComparison[] = [...bigKeys, ...families].map((f, i) => {
    const name = workloadNames[i];
    return {
      pattern: i < bigKeys.length ? `big: ${f.pattern}` : f.pattern,
      estimatedKeys: f.estimatedKeys,
      memoryUsageBytes: f.avgMemoryUsage === null ? null : f.avgMemoryUsage * f.estimatedKeys,
      modelBytes: figure?.workloads.find((w) => w.name === name)?.bytes ?? null,
    };
  });
  return {
    server: `${identity.product} ${identity.version ?? '?'}`,
    line,
    build: identity.build,
    nodes: samples.map((s) => ({
      address: s.address,
      role: s.info.fields.role ?? 'unknown',
      dbsize: s.dbsize,
      sampled: s.run.samples.length,
      sizedKeys: s.run.sizedKeys,
      usedMemory: s.memory.usedMemory,
    })),
    dbsize,
    sampled,
    scanComplete: everyKeyRead,
    stoppedBy,
    commands,
    families,
    bigKeys,
    memory,
    figure,
    reconciliation,
    scenario,
    shareUrl: `${options.appUrl.replace(/#.*$/, '')}#${encodeLink({ scenario, view: {} })}`,
    comparison,
    warnings,
  };
}
