import { formatCount } from '../../format/count';
import type { ServerIdentity } from '../../info/analyze';
import type { BuildDecision } from '../../info/build';
import { scenarioFigures, type LineFigure } from '../../info/figure';
import { sumMemory, type ServerMemory } from '../../info/memory';
import type { ParsedInfo } from '../../info/parse';
import { reconcile, type Reconciliation } from '../../info/reconcile';
import { scenarioNoteText, serverScenario } from '../../info/serverScenario';
import { decodeLink, encodeLink } from '../../scenario/link';
import type { Scenario, Workload } from '../../scenario/schema';
import { address, type Target } from './connect';
import { SampleError } from './errors';
import type { SampleOptions } from './options';
import { MAX_BIG_KEYS, type SampleRun } from './sampler';
import { bigKeyFamily, mergeFamilies, relativeTotalInterval, workloadsFrom, type FamilySummary } from './summarize';
import { sampleWriteHistory, type SampleWriteHistory } from './writeHistory';

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

/**
 * The keys of the sampled databases together: their count (DBSIZE, exact) and the model's bytes
 * for them with a 95 % sampling interval; both ends are the figure when every key was read.
 */
export interface SampledTotal {
  keys: number;
  modelBytes: number | null;
  /** Null when the figure is missing or no MEMORY USAGE was read to measure the spread by. */
  modelInterval: [number, number] | null;
  confidence: 0.95;
  exact: boolean;
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
  total: SampledTotal;
  /** The range by how the collections were written, which a sample cannot see; null where it does not matter. */
  writeHistory: SampleWriteHistory | null;
  warnings: string[];
}

/** What one node gave: its INFO, memory counters and keys. */
export interface NodeSample {
  address: string;
  info: ParsedInfo;
  identity: ServerIdentity;
  memory: ServerMemory;
  dbsize: number;
  run: SampleRun;
  families: FamilySummary[];
  commands: number;
  /** What the node's own figures (INFO keysizes) said of its sample. */
  notes?: string[];
}

/** Buckets per histogram tried in turn when a scenario's link is too long (MAX_SCENARIO_BUCKETS first). */
const LINK_BUCKET_BUDGETS = [64, 32, 16, 8] as const;

function emptyKeyspaceError(where: string, db: number, info: ParsedInfo): SampleError {
  const others = info.keyspace.filter((d) => d.db !== db && d.keys > 0);
  const hint = others.length
    ? ` (${others.map((d) => `db${d.db} holds ${formatCount(d.keys)} keys: add /${d.db} to the URL`).join('; ')})`
    : '';
  return new SampleError(`database ${db} on ${where} holds no keys: nothing to sample, so no scenario is made${hint}`);
}

/** Why no workload came of the keys: none was read (a budget too small), or every one read is left out. */
function noWorkloadError(
  where: string,
  db: number,
  dbsize: number,
  stoppedBy: SampleRun['stoppedBy'],
  leftOut: readonly string[],
  deleted: number,
): SampleError {
  const why = leftOut.length
    ? `every key read is left out (${leftOut.join(', ')})`
    : deleted > 0
      ? 'every key read was deleted or expired before it could be read'
      : `none was read in detail before the run stopped (${stoppedBy === 'timeout' ? '--timeout' : '--max-commands'}): allow more`;
  return new SampleError(
    `no workload came of the ${formatCount(dbsize)} keys in database ${db} on ${where}: ${why}; no scenario is made`,
  );
}

/** The nodes' samples as one report: merged families, big keys, the scenario, its figure and the reconciliation. */
export function buildReport(
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
  const deleted = runs.reduce((s, r) => s + r.deletedKeys, 0);
  if (deleted > 0)
    warnings.push(
      `${formatCount(deleted)} ${deleted === 1 ? 'key was' : 'keys were'} deleted or expired between SCAN and reading ${deleted === 1 ? 'it' : 'them'}: left out of the sample`,
    );
  for (const s of samples) warnings.push(...(s.notes ?? []));
  const { workloads: firstWorkloads, leftOut, notes, workloadNames } = workloadsFrom(families, bigKeys);
  if (firstWorkloads.length === 0) throw noWorkloadError(address(target), target.db, dbsize, stoppedBy, leftOut, deleted);
  if (leftOut.length) warnings.push(`left out of the scenario: ${leftOut.join(', ')}`);
  // A single server's INFO lists its databases; used_memory holds them all, the sample one.
  const otherDatabases =
    samples.length === 1
      ? first.info.keyspace.filter((d) => d.db !== target.db && d.keys > 0).map((d) => `db${d.db}: ${formatCount(d.keys)} keys`)
      : [];
  if (otherDatabases.length)
    warnings.push(
      `used_memory covers every database, and besides database ${target.db} sampled here ${otherDatabases.join(', ')}: their memory shows as unexplained`,
    );
  warnings.push(...notes);
  const memory = samples.length === 1 ? first.memory : sumMemory(samples.map((s) => s.memory));
  const cluster = clusterEnabled;
  const name = `${identity.product} ${identity.version ?? ''} sampled${shards > 1 ? `, ${shards} shards` : ''}`
    .replace(/\s+/g, ' ')
    .trim();
  const scenarioOf = (workloads: Workload[]) =>
    serverScenario({
      name,
      workloads,
      allocator: identity.allocator,
      line: identity.line,
      cluster,
      shards,
      replicas: shards > 1 ? replicasPerShard : (first.info.fields.connected_slaves ?? 0),
      memory,
    });
  // The scenario and its share link are one: histograms too fine for a link are coarsened in both.
  let built = scenarioOf(firstWorkloads);
  let link = encodeLink({ scenario: built.scenario, view: {} });
  for (const buckets of LINK_BUCKET_BUDGETS) {
    if (decodeLink(link).ok) break;
    built = scenarioOf(workloadsFrom(families, bigKeys, buckets).workloads);
    link = encodeLink({ scenario: built.scenario, view: {} });
    if (decodeLink(link).ok)
      warnings.push(`the histograms keep at most ${buckets} buckets each, so that the scenario fits in a share link`);
  }
  if (!decodeLink(link).ok) warnings.push('the scenario is too large for a share link: load its JSON instead');
  warnings.push(...built.notes.map(scenarioNoteText));
  const scenario = built.scenario;
  const workloads = scenario.workloads;
  const line = identity.line;
  const figure = line && workloads.length ? scenarioFigures(scenario, [line])[0]! : null;
  const reconciliation = figure
    ? reconcile(memory, figure.keysBytes, { leftOut, searchedBigKeys: sized >= dbsize, otherDatabases })
    : null;
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
  const total = sampledTotal(samples, dbsize, everyKeyRead, figure, bigKeys.length ? workloadNames.slice(0, bigKeys.length) : []);
  if (!everyKeyRead && total.modelBytes !== null && total.modelInterval === null)
    warnings.push('no MEMORY USAGE was read, so the model figure carries no sampling interval');
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
    shareUrl: `${options.appUrl.replace(/#.*$/, '')}#${link}`,
    comparison,
    total,
    writeHistory: figure ? sampleWriteHistory(scenario, line) : null,
    warnings,
  };
}

/**
 * The total and its interval: the big keys are read whole and add no spread; the keys that stand
 * for the rest spread as their MEMORY USAGE does.
 */
function sampledTotal(
  samples: NodeSample[],
  dbsize: number,
  exact: boolean,
  figure: LineFigure | null,
  bigKeyWorkloads: ReadonlyArray<string | null>,
): SampledTotal {
  const modelBytes = figure?.keysBytes ?? null;
  if (modelBytes === null) return { keys: dbsize, modelBytes, modelInterval: null, confidence: 0.95, exact };
  if (exact) return { keys: dbsize, modelBytes, modelInterval: [modelBytes, modelBytes], confidence: 0.95, exact };
  const relative = relativeTotalInterval(
    samples.map((s) => ({ samples: s.run.samples, population: Math.max(0, s.dbsize - s.run.bigKeys.length) })),
  );
  const bigBytes = figure!.workloads.filter((w) => bigKeyWorkloads.includes(w.name)).reduce((sum, w) => sum + w.bytes, 0);
  const half = relative === null ? null : relative * (modelBytes - bigBytes);
  return {
    keys: dbsize,
    modelBytes,
    modelInterval: half === null ? null : [Math.max(0, modelBytes - half), modelBytes + half],
    confidence: 0.95,
    exact,
  };
}
