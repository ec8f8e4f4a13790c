import type { Allocator } from '../data/vocabulary';
import { LINES, type LineId } from '../model/lineRegistry';
import type { Scenario, Workload } from '../scenario/schema';
import { decideBuild, type BuildDecision, type MallocStats } from './build';
import { scenarioFigures, type LineFigure } from './figure';
import { memoryFromInfo, nonKeyBytes, type ServerMemory } from './memory';
import type { ParsedInfo } from './parse';
import { reconcile, type Reconciliation } from './reconcile';
import { serverScenario } from './serverScenario';

/** Key length assumed for keys INFO says nothing about; the user adjusts it in the scenario. */
export const ASSUMED_KEY_BYTES = 24;
const MAX_INFERRED_VALUE_BYTES = 1 << 20;

export interface ServerIdentity {
  product: 'valkey' | 'redis' | 'unknown';
  version: string | null;
  /** The layout the model uses for this server, or null when it has none (e.g. Redis 7.4+). */
  line: LineId | null;
  cluster: boolean;
  allocator: Allocator;
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

export interface InfoAnalysis {
  server: ServerIdentity;
  keys: number;
  keysWithTtl: number;
  ttlFraction: number;
  memory: ServerMemory | null;
  /** used_memory minus used_memory_startup: what the keys (and clients) add to the empty process. */
  datasetBytes: number | null;
  observedBytesPerKey: number | null;
  /** A string value length that brings the model closest to the memory the keys take (at the assumed key length). */
  inferredValueBytes: number | null;
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

export function identifyServer(info: ParsedInfo, options: AnalyzeOptions = {}): ServerIdentity {
  const f = info.fields;
  const product = f.valkey_version || f.server_name === 'valkey' ? 'valkey' : f.redis_version ? 'redis' : 'unknown';
  const version = f.valkey_version ?? f.redis_version ?? null;
  const mode = f.server_mode ?? f.redis_mode;
  const build = decideBuild({
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
    allocatorReason: build.reason,
    build,
  };
}

function keysWorkload(keys: number, ttlFraction: number, valueBytes: number): Workload {
  return { name: 'keys from INFO', keys, keyBytes: ASSUMED_KEY_BYTES, type: 'string', valueBytes, ttlFraction };
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

/** What a pasted INFO says about the server, and what its keys would take on each line. */
export function analyzeInfo(info: ParsedInfo, options: AnalyzeOptions = {}): InfoAnalysis {
  const f = info.fields;
  const server = identifyServer(info, options);
  const keys = info.keyspace.reduce((s, d) => s + d.keys, 0);
  const keysWithTtl = info.keyspace.reduce((s, d) => s + d.expires, 0);
  const ttlFraction = keys > 0 ? keysWithTtl / keys : 0;
  const memory = memoryFromInfo(f);
  const warnings: string[] = [];
  const assumptions = [
    `keys are strings of ${ASSUMED_KEY_BYTES} bytes (INFO does not tell key lengths or types)`,
    'the other lines are built the same way (same allocator)',
  ];
  let datasetBytes: number | null = null;
  if (memory && memory.usedMemory <= memory.startup) {
    warnings.push(
      `used_memory (${memory.usedMemory}) is not above used_memory_startup (${memory.startup}): these lines come from different servers or pastes, so no figure is derived from them.`,
    );
  } else if (memory) datasetBytes = memory.usedMemory - memory.startup;
  const observedBytesPerKey = datasetBytes !== null && keys > 0 ? datasetBytes / keys : null;

  if (server.product === 'unknown') warnings.push('No version line (valkey_version or redis_version): paste INFO server too.');
  if (server.product === 'redis')
    warnings.push('This is a build named redis: an old package or Redis itself, not one of the Valkey builds in the lab table.');
  if (server.version && !server.line)
    warnings.push(`No layout is modeled for ${server.product} ${server.version}: projections are not shown.`);
  if (f.mem_allocator && !f.mem_allocator.startsWith('jemalloc'))
    warnings.push(`The allocator is ${f.mem_allocator}: the lab figures were measured with jemalloc and do not transfer.`);
  if (server.allocator === 'jemalloc-system')
    warnings.push(
      'This server links a jemalloc library with 16-byte size steps (as distribution packages do): the same keys cost up to a quarter more than in the lab table.',
    );
  if (f.mem_fragmentation_ratio !== undefined && f.mem_fragmentation_ratio > 1.5)
    warnings.push(
      `mem_fragmentation_ratio is ${f.mem_fragmentation_ratio}: RSS is well above used_memory; an upgrade does not shrink that part.`,
    );
  if (f.connected_slaves && f.connected_slaves > 0)
    warnings.push(`${f.connected_slaves} replica(s) hold the same data and need the same RAM.`);
  if (f.role === 'slave' || f.role === 'replica') warnings.push('This is a replica: its primary holds the same keys.');
  if (f.maxmemory_policy && /lru|lfu/.test(f.maxmemory_policy))
    warnings.push(`maxmemory-policy ${f.maxmemory_policy}: small integers are not shared objects on 7.2/8.0.`);
  if (keys === 0)
    warnings.push('The keyspace section shows no keys: paste INFO keyspace (or INFO everything) from a server with data.');

  const build = (valueBytes: number) =>
    serverScenario({
      name: `${server.product} ${server.version ?? ''} from INFO`.replace(/\s+/g, ' ').trim(),
      workloads: [keysWorkload(keys, Math.round(ttlFraction * 1000) / 1000, valueBytes)],
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
  let reconciliation: Reconciliation | null = null;
  if (keys > 0) {
    const line = server.line;
    const target = datasetBytes !== null && memory ? memory.usedMemory - nonKeyBytes(memory) : null;
    if (line && target !== null && target > 0) {
      const at = (v: number) => scenarioFigures(build(v).scenario, [line])[0]!.keysBytes;
      inferredValueBytes = inferValueBytes(at, target);
      if (inferredValueBytes === null)
        warnings.push(
          'The observed bytes per key are beyond what 1 MiB string values would take: the keys are probably large collections.',
        );
      else {
        if (inferredValueBytes >= 512)
          warnings.push(
            `The observed ${observedBytesPerKey!.toFixed(0)} B per key means large values (about ${inferredValueBytes} B): the per-key saving of newer lines is a small share here; do not apply -37.5 %.`,
          );
        assumptions.push(
          `values average about ${inferredValueBytes} bytes, so that the model comes closest to the ${(target / keys).toFixed(1)} B per key the server holds for its keys`,
        );
      }
    } else assumptions.push('values of 100 bytes (INFO gives no memory figure to infer them from)');
    const built = build(inferredValueBytes ?? 100);
    scenario = built.scenario;
    assumptions.push(...built.notes);
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
        reconciliation = reconcile(memory, here);
        if (reconciliation.warning) warnings.push(reconciliation.warning);
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
    figures,
    projections,
    reconciliation,
    scenario,
    warnings,
    assumptions,
  };
}
