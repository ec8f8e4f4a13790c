import type { Allocator, DataType } from '../data/vocabulary';
import { LIMITS } from '../scenario/limits';
import { numericDefault } from '../scenario/workloadFields';
import type { KeysizesHistogram } from './keysizes';
import { addHistograms, sizeField } from './sizeHistogram';
import { LINES, type LineId } from '../model';
import type { Scenario, Workload } from '../scenario/schema';
import { buildInEnglish, detectBuild, type BuildDecision, type BuildFinding, type MallocStats } from './build';
import { scenarioFigures, type LineFigure } from './figure';
import { memoryFromInfo, nonKeyBytes, type ServerMemory } from './memory';
import type { ParsedInfo } from './parse';
import { reconcileFindings, reconciliationInEnglish, type Reconciliation, type ReconciliationFindings } from './reconcile';
import { scenarioNoteText, serverScenario, type ScenarioNote } from './serverScenario';

/** Key length assumed for keys INFO says nothing about; the user adjusts it in the scenario. */
export const ASSUMED_KEY_BYTES = 24;
const MAX_INFERRED_VALUE_BYTES = 1 << 20;
/** Value length assumed when INFO gives no memory figure to infer it from. */
const DEFAULT_VALUE_BYTES = 100;

/** The server as the page takes it: the build's reason and advice as codes. */
export interface ServerFindings {
  product: 'valkey' | 'redis' | 'unknown';
  version: string | null;
  /** The layout the model uses for this server, or null when it has none (e.g. Redis 7.4+). */
  line: LineId | null;
  cluster: boolean;
  allocator: Allocator;
  build: BuildFinding;
}

/** The server in English, as the command line says it. */
export interface ServerIdentity extends Omit<ServerFindings, 'build'> {
  allocatorReason: string;
  build: BuildDecision;
}

export interface LineProjection {
  version: LineId;
  /** The model's figure for the same keys on that line (the scenario's, as the calculator shows it). */
  projectedBytes: number;
  changeBytes: number;
  changePercent: number;
}

/**
 * What the analysis warns about, as codes and the figures they need (raw), so the page can say it
 * in the reader's language (src/ui/serverInfo/infoMessages.ts) and the command line in English
 * (infoWarningText below).
 */
export type InfoWarning =
  | { code: 'usedNotAboveStartup'; usedMemory: number; startup: number }
  | { code: 'noVersionLine' | 'namedRedis' | 'systemJemalloc' | 'isReplica' | 'noKeys' | 'largeCollections' }
  | { code: 'noLayout'; product: string; version: string }
  | { code: 'notJemalloc'; allocator: string }
  | { code: 'fragmentationHigh'; ratio: number }
  | { code: 'replicas'; count: number }
  | { code: 'evictionPolicy'; policy: string }
  | { code: 'largeValues'; perKey: number; valueBytes: number };

/** What the analysis had to assume, as codes (English: infoAssumptionText). */
export type InfoAssumption =
  | { code: 'keyStrings'; keyBytes: number }
  /** With INFO keysizes: the types and sizes are the server's, the names' length is still assumed. */
  | { code: 'keyNames'; keyBytes: number }
  | { code: 'sameAllocator' }
  | { code: 'valuesInferred'; valueBytes: number; perKey: number }
  | { code: 'valuesDefault'; valueBytes: number };

export function infoWarningText(warning: InfoWarning): string {
  switch (warning.code) {
    case 'usedNotAboveStartup':
      return `used_memory (${warning.usedMemory}) is not above used_memory_startup (${warning.startup}): these lines come from different servers or pastes, so no figure is derived from them.`;
    case 'noVersionLine':
      return 'No version line (valkey_version or redis_version): paste INFO server too.';
    case 'namedRedis':
      return 'This is a build named redis: an old package or Redis itself, not one of the Valkey builds in the lab table.';
    case 'noLayout':
      return `No layout is modeled for ${warning.product} ${warning.version}: projections are not shown.`;
    case 'notJemalloc':
      return `The allocator is ${warning.allocator}: the lab figures were measured with jemalloc and do not transfer.`;
    case 'systemJemalloc':
      return 'This server links a jemalloc library with 16-byte size steps (as distribution packages do): the same keys cost up to a quarter more than in the lab table.';
    case 'fragmentationHigh':
      return `mem_fragmentation_ratio is ${warning.ratio}: RSS is well above used_memory; an upgrade does not shrink that part.`;
    case 'replicas':
      return `${warning.count} replica(s) hold the same data and need the same RAM.`;
    case 'isReplica':
      return 'This is a replica: its primary holds the same keys.';
    case 'evictionPolicy':
      return `maxmemory-policy ${warning.policy}: small integers are not shared objects on 7.2/8.0.`;
    case 'noKeys':
      return 'The keyspace section shows no keys: paste INFO keyspace (or INFO everything) from a server with data.';
    case 'largeCollections':
      return 'The observed bytes per key are beyond what 1 MiB string values would take: the keys are probably large collections.';
    case 'largeValues':
      return `The observed ${warning.perKey.toFixed(0)} B per key means large values (about ${warning.valueBytes} B): the per-key saving of newer lines is a small share here; do not apply -37.5 %.`;
  }
}

export function infoAssumptionText(assumption: InfoAssumption): string {
  switch (assumption.code) {
    case 'keyStrings':
      return `keys are strings of ${assumption.keyBytes} bytes (INFO does not tell key lengths or types)`;
    case 'keyNames':
      return `key names of ${assumption.keyBytes} bytes (INFO keysizes tells the types and sizes, not the names' length)`;
    case 'sameAllocator':
      return 'the other lines are built the same way (same allocator)';
    case 'valuesInferred':
      return `values average about ${assumption.valueBytes} bytes, so that the model comes closest to the ${assumption.perKey.toFixed(1)} B per key the server holds for its keys`;
    case 'valuesDefault':
      return `values of ${assumption.valueBytes} bytes (INFO gives no memory figure to infer them from)`;
  }
}

/** The analysis as the page takes it: warnings and assumptions as codes, worded where shown. */
export interface InfoFindings extends Omit<InfoAnalysis, 'server' | 'reconciliation' | 'warnings' | 'assumptions'> {
  server: ServerFindings;
  reconciliation: ReconciliationFindings | null;
  /** Besides these, the reconciliation's own warning (reconciliation.warning) applies. */
  warnings: InfoWarning[];
  assumptions: InfoAssumption[];
  /** What the scenario could not carry over from the server (serverScenario's notes). */
  scenarioNotes: ScenarioNote[];
}

/** The analysis in English, as the command line and its JSON say it. */
export interface InfoAnalysis {
  server: ServerIdentity;
  keys: number;
  keysWithTtl: number;
  ttlFraction: number;
  memory: ServerMemory | null;
  /** used_memory minus used_memory_startup: what the keys (and clients) add to the empty process. */
  datasetBytes: number | null;
  observedBytesPerKey: number | null;
  /**
   * A value length that brings the model closest to the memory the keys take (at the assumed key
   * length): of every key, or, with INFO keysizes, of the sizes they do not tell (collections'
   * elements, keys of types they do not count). Null when nothing was inferred.
   */
  inferredValueBytes: number | null;
  /** What INFO keysizes told (Redis 8): the keys whose value sizes or element counts the scenario takes from them, by type; null without. */
  keysizes: { keys: number; types: DataType[] } | null;
  /** The model's figure on the server's own line and on each Valkey line, for the scenario below. */
  figures: LineFigure[];
  projections: LineProjection[];
  reconciliation: Reconciliation | null;
  /** What "Use as scenario" loads; null when INFO holds no keys. */
  scenario: Scenario | null;
  warnings: string[];
  /** What the analysis had to assume, said to the user next to "use as scenario". */
  assumptions: string[];
}

export interface AnalyzeOptions {
  mallocStats?: MallocStats | null;
  allocatorOverride?: Allocator | undefined;
}

/** The registry's line for a server's product and version ("7.0.15" of Redis is redis-7.0). */
function lineFor(product: ServerIdentity['product'], version: string | null): LineId | null {
  if (!version || product === 'unknown') return null;
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const id = `${product === 'redis' ? 'redis-' : ''}${major}.${minor}`;
  return LINES.entries.find((e) => e.id === id && e.family === product)?.id ?? null;
}

function identifyServerFindings(info: ParsedInfo, options: AnalyzeOptions): ServerFindings {
  const f = info.fields;
  const product = f.valkey_version || f.server_name === 'valkey' ? 'valkey' : f.redis_version ? 'redis' : 'unknown';
  const version = f.valkey_version ?? f.redis_version ?? null;
  const mode = f.server_mode ?? f.redis_mode;
  const build = detectBuild({
    product,
    version,
    memAllocator: f.mem_allocator,
    mallocStats: options.mallocStats ?? null,
    override: options.allocatorOverride,
  });
  return {
    product,
    version,
    line: lineFor(product, version),
    cluster: mode === 'cluster',
    allocator: build.allocator,
    build,
  };
}

function serverInEnglish({ build, ...server }: ServerFindings): ServerIdentity {
  const decision = buildInEnglish(build);
  return { ...server, allocatorReason: decision.reason, build: decision };
}

export function identifyServer(info: ParsedInfo, options: AnalyzeOptions = {}): ServerIdentity {
  return serverInEnglish(identifyServerFindings(info, options));
}

function keysWorkload(keys: number, ttlFraction: number, valueBytes: number, name = 'keys from INFO'): Workload {
  return { name, keys, keyBytes: ASSUMED_KEY_BYTES, type: 'string', valueBytes, ttlFraction };
}

const KEYSIZES_NAMES: Record<DataType, string> = {
  string: 'strings (INFO keysizes)',
  hash: 'hashes (INFO keysizes)',
  set: 'sets (INFO keysizes)',
  zset: 'sorted sets (INFO keysizes)',
  list: 'lists (INFO keysizes)',
};

/**
 * The keys as INFO keysizes tells them: a workload per type, strings with their value sizes and
 * collections with their element counts as histogram distributions (a bucket per power of two,
 * even within it). What keysizes does not tell takes `unknownBytes`: a collection's element
 * size, and each size of the keys it does not count (streams, module types), which stay one
 * string workload as without keysizes.
 */
function keysizesWorkloads(
  histograms: readonly KeysizesHistogram[],
  keys: number,
  ttlFraction: number,
  unknownBytes: number,
): Workload[] {
  const workloads: Workload[] = [];
  for (const type of Object.keys(KEYSIZES_NAMES) as DataType[]) {
    const own = histograms.filter((h) => h.type === type && h.keys > 0);
    if (own.length === 0) continue;
    const sizes = addHistograms(own.map((h) => ({ histogram: h.buckets, scale: 1 })));
    const count = own.reduce((sum, h) => sum + h.keys, 0);
    const common = { name: KEYSIZES_NAMES[type], keys: count, keyBytes: ASSUMED_KEY_BYTES, ttlFraction };
    workloads.push(
      type === 'string'
        ? { ...common, type, valueBytes: sizeField(sizes, 0, LIMITS.valueBytes) }
        : {
            ...common,
            type,
            valueBytes: unknownBytes,
            fields: sizeField(sizes, 1, LIMITS.fields),
            ...(type === 'hash' && { fieldBytes: numericDefault('fieldBytes') }),
          },
    );
  }
  const rest = keys - histograms.reduce((sum, h) => sum + h.keys, 0);
  if (rest > 0) workloads.push(keysWorkload(rest, ttlFraction, unknownBytes, 'other keys from INFO'));
  return workloads;
}

/**
 * The value length whose modeled keys come closest to the bytes the server holds for them.
 * The figure grows with the value length in allocator steps, so the closest step is searched
 * for, not the first one past the target (which overshoots by up to a whole step per key).
 */
function inferValueBytes(figureAt: (valueBytes: number) => number, target: number): number | null {
  if (figureAt(MAX_INFERRED_VALUE_BYTES) < target) return null;
  if (figureAt(0) >= target) return 0;
  let lo = 0;
  let hi = MAX_INFERRED_VALUE_BYTES;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (figureAt(mid) >= target) hi = mid;
    else lo = mid + 1;
  }
  // lo is the first length at or past the target; the step below it may be nearer.
  return lo > 0 && target - figureAt(lo - 1) < figureAt(lo) - target ? lo - 1 : lo;
}

/** What a pasted INFO says about the server, and what its keys would take on each line, as codes. */
export function analyzeInfoFindings(info: ParsedInfo, options: AnalyzeOptions = {}): InfoFindings {
  const f = info.fields;
  const server = identifyServerFindings(info, options);
  const keys = info.keyspace.reduce((s, d) => s + d.keys, 0);
  const keysWithTtl = info.keyspace.reduce((s, d) => s + d.expires, 0);
  const ttlFraction = keys > 0 ? keysWithTtl / keys : 0;
  const memory = memoryFromInfo(f);
  const warnings: InfoWarning[] = [];
  const assumptions: InfoAssumption[] = [{ code: 'keyStrings', keyBytes: ASSUMED_KEY_BYTES }, { code: 'sameAllocator' }];
  let scenarioNotes: ScenarioNote[] = [];
  let datasetBytes: number | null = null;
  if (memory && memory.usedMemory <= memory.startup) {
    warnings.push({ code: 'usedNotAboveStartup', usedMemory: memory.usedMemory, startup: memory.startup });
  } else if (memory) datasetBytes = memory.usedMemory - memory.startup;
  const observedBytesPerKey = datasetBytes !== null && keys > 0 ? datasetBytes / keys : null;

  if (server.product === 'unknown') warnings.push({ code: 'noVersionLine' });
  if (server.product === 'redis') warnings.push({ code: 'namedRedis' });
  if (server.version && !server.line) warnings.push({ code: 'noLayout', product: server.product, version: server.version });
  if (f.mem_allocator && !f.mem_allocator.startsWith('jemalloc'))
    warnings.push({ code: 'notJemalloc', allocator: f.mem_allocator });
  if (server.allocator === 'jemalloc-system') warnings.push({ code: 'systemJemalloc' });
  if (f.mem_fragmentation_ratio !== undefined && f.mem_fragmentation_ratio > 1.5)
    warnings.push({ code: 'fragmentationHigh', ratio: f.mem_fragmentation_ratio });
  if (f.connected_slaves && f.connected_slaves > 0) warnings.push({ code: 'replicas', count: f.connected_slaves });
  if (f.role === 'slave' || f.role === 'replica') warnings.push({ code: 'isReplica' });
  if (f.maxmemory_policy && /lru|lfu/.test(f.maxmemory_policy))
    warnings.push({ code: 'evictionPolicy', policy: f.maxmemory_policy });
  if (keys === 0) warnings.push({ code: 'noKeys' });

  const ttlShare = Math.round(ttlFraction * 1000) / 1000;
  const keysizes = info.keysizes?.filter((h) => h.keys > 0) ?? [];
  if (keysizes.length > 0) assumptions[0] = { code: 'keyNames', keyBytes: ASSUMED_KEY_BYTES };
  const described = keysizes.reduce((sum, h) => sum + h.keys, 0);
  // Without an unknown size (only strings, all counted) nothing is inferred.
  const sizesUnknown = described < keys || keysizes.some((h) => h.type !== 'string');
  const build = (valueBytes: number) =>
    serverScenario({
      name: `${server.product} ${server.version ?? ''} from INFO`.replace(/\s+/g, ' ').trim(),
      workloads: keysizes.length
        ? keysizesWorkloads(keysizes, keys, ttlShare, valueBytes)
        : [keysWorkload(keys, ttlShare, valueBytes)],
      allocator: server.allocator,
      line: server.line,
      cluster: server.cluster,
      shards: 1,
      replicas: f.connected_slaves ?? 0,
      memory: datasetBytes === null ? null : memory,
    });
  let inferredValueBytes: number | null = null;
  let scenario: Scenario | null = null;
  let figures: LineFigure[] = [];
  let projections: LineProjection[] = [];
  let reconciliation: ReconciliationFindings | null = null;
  if (keys > 0) {
    const line = server.line;
    const target = datasetBytes !== null && memory ? memory.usedMemory - nonKeyBytes(memory) : null;
    if (line && target !== null && target > 0 && sizesUnknown) {
      const at = (v: number) => scenarioFigures(build(v).scenario, [line])[0]!.keysBytes;
      inferredValueBytes = inferValueBytes(at, target);
      if (inferredValueBytes === null) warnings.push({ code: 'largeCollections' });
      else {
        if (inferredValueBytes >= 512)
          warnings.push({ code: 'largeValues', perKey: observedBytesPerKey!, valueBytes: inferredValueBytes });
        assumptions.push({ code: 'valuesInferred', valueBytes: inferredValueBytes, perKey: target / keys });
      }
    } else if (sizesUnknown) assumptions.push({ code: 'valuesDefault', valueBytes: DEFAULT_VALUE_BYTES });
    const built = build(inferredValueBytes ?? DEFAULT_VALUE_BYTES);
    scenario = built.scenario;
    scenarioNotes = built.notes;
    const compared: readonly LineId[] = LINES.defaults.versions;
    const lines: LineId[] = line && !compared.includes(line) ? [line, ...compared] : [...compared];
    if (line) {
      figures = scenarioFigures(scenario, lines);
      const here = figures.find((x) => x.line === line)!.keysBytes;
      projections = figures.map((x) => ({
        version: x.line,
        projectedBytes: x.keysBytes,
        changeBytes: x.keysBytes - here,
        changePercent: here > 0 ? ((x.keysBytes - here) / here) * 100 : 0,
      }));
      if (datasetBytes !== null && memory) {
        reconciliation = reconcileFindings(memory, here);
      }
    }
  }
  return {
    server,
    keys,
    keysWithTtl,
    ttlFraction,
    memory,
    datasetBytes,
    observedBytesPerKey,
    inferredValueBytes,
    keysizes: keysizes.length ? { keys: described, types: [...new Set(keysizes.map((h) => h.type))] } : null,
    figures,
    projections,
    reconciliation,
    scenario,
    warnings,
    assumptions,
    scenarioNotes,
  };
}

/** What a pasted INFO says about the server, and what its keys would take on each line, in English. */
export function analyzeInfo(info: ParsedInfo, options: AnalyzeOptions = {}): InfoAnalysis {
  const { server, warnings, assumptions, scenarioNotes, ...findings } = analyzeInfoFindings(info, options);
  const reconciliation = findings.reconciliation && reconciliationInEnglish(findings.reconciliation);
  const reconciliationWarning = reconciliation?.warning;
  return {
    server: serverInEnglish(server),
    ...findings,
    reconciliation,
    warnings: [...warnings.map(infoWarningText), ...(reconciliationWarning ? [reconciliationWarning] : [])],
    assumptions: [...assumptions.map(infoAssumptionText), ...scenarioNotes.map(scenarioNoteText)],
  };
}
