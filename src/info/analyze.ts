import type { Allocator } from '../data/vocabulary';
import { estimateVersion } from '../model';
import { LINES, type LineId } from '../model/lineRegistry';
import { resolveScenario, type Scenario } from '../scenario/schema';
import type { ParsedInfo } from './parse';

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
}

export interface LineProjection {
  version: LineId;
  /** Observed dataset moved by the structural per-key difference between lines. */
  projectedBytes: number;
  changeBytes: number;
  changePercent: number;
}

export interface InfoAnalysis {
  server: ServerIdentity;
  keys: number;
  keysWithTtl: number;
  ttlFraction: number;
  /** used_memory minus used_memory_startup: what the keys (and clients) add to the empty process. */
  datasetBytes: number | null;
  observedBytesPerKey: number | null;
  /** A string value length that makes the model match the observed bytes per key (at the assumed key length). */
  inferredValueBytes: number | null;
  projections: LineProjection[];
  warnings: string[];
  /** What the analysis had to assume, said to the user next to "use as scenario". */
  assumptions: string[];
}

/** The registry's line for a server's product and version ("7.0.15" of Redis is redis-7.0). */
function lineFor(product: ServerIdentity['product'], version: string | null): LineId | null {
  if (!version || product === 'unknown') return null;
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const id = `${product === 'redis' ? 'redis-' : ''}${major}.${minor}`;
  return LINES.entries.find((e) => e.id === id && e.family === product)?.id ?? null;
}

export function identifyServer(info: ParsedInfo): ServerIdentity {
  const f = info.fields;
  const product = f.valkey_version || f.server_name === 'valkey' ? 'valkey' : f.redis_version ? 'redis' : 'unknown';
  const version = f.valkey_version ?? f.redis_version ?? null;
  const mode = f.server_mode ?? f.redis_mode;
  const packaged = /^\/usr\/bin\//.test(f.executable ?? '') || /^\/etc\/(redis|valkey)\//.test(f.config_file ?? '');
  let allocator: Allocator = 'jemalloc-bundled';
  let allocatorReason = 'jemalloc, and nothing says this is a distribution package: assumed an official build (8-byte quantum).';
  if (f.mem_allocator && !f.mem_allocator.startsWith('jemalloc')) {
    allocator = 'libc';
    allocatorReason = `mem_allocator is ${f.mem_allocator}: not jemalloc.`;
  } else if (packaged) {
    allocator = 'jemalloc-system';
    allocatorReason =
      'installed from a distribution package (executable in /usr/bin or config in /etc): the system jemalloc with its 16-byte quantum.';
  } else if (!f.mem_allocator) {
    allocatorReason = 'INFO memory was not pasted: assumed an official build with the bundled jemalloc.';
  }
  return { product, version, line: lineFor(product, version), cluster: mode === 'cluster', allocator, allocatorReason };
}

function modelBytesPerKey(
  line: LineId,
  allocator: Allocator,
  cluster: boolean,
  keys: number,
  ttlFraction: number,
  valueBytes: number,
): number {
  const scenario = resolveScenario({
    schema: 1,
    workloads: [{ name: 'k', keys, keyBytes: ASSUMED_KEY_BYTES, type: 'string', valueBytes, ttlFraction }],
    allocator,
    deployment: { cluster },
  });
  return estimateVersion(scenario, line).bytesPerKey;
}

/** Smallest value length whose modeled bytes per key reach the observed figure (bytes per key grows with it). */
function inferValueBytes(line: LineId, s: ServerIdentity, keys: number, ttl: number, observed: number): number | null {
  const at = (v: number) => modelBytesPerKey(line, s.allocator, s.cluster, keys, ttl, v);
  if (at(0) > observed) return 0;
  if (at(MAX_INFERRED_VALUE_BYTES) < observed) return null;
  let lo = 0;
  let hi = MAX_INFERRED_VALUE_BYTES;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (at(mid) >= observed) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** What a pasted INFO says about the server, and what its keys would take on each line. */
export function analyzeInfo(info: ParsedInfo): InfoAnalysis {
  const f = info.fields;
  const server = identifyServer(info);
  const keys = info.keyspace.reduce((s, d) => s + d.keys, 0);
  const keysWithTtl = info.keyspace.reduce((s, d) => s + d.expires, 0);
  const ttlFraction = keys > 0 ? keysWithTtl / keys : 0;
  const datasetBytes = f.used_memory !== undefined ? Math.max(0, f.used_memory - (f.used_memory_startup ?? 0)) : null;
  const observedBytesPerKey = datasetBytes !== null && keys > 0 ? datasetBytes / keys : null;
  const warnings: string[] = [];
  const assumptions = [
    `keys are strings of ${ASSUMED_KEY_BYTES} bytes (INFO does not tell key lengths or types)`,
    'the other lines are built the same way (same allocator)',
  ];

  if (server.product === 'unknown') warnings.push('No version line (valkey_version or redis_version): paste INFO server too.');
  if (server.product === 'redis')
    warnings.push('This is a build named redis: an old package or Redis itself, not one of the Valkey builds in the lab table.');
  if (server.version && !server.line)
    warnings.push(`No layout is modeled for ${server.product} ${server.version}: projections are not shown.`);
  if (f.mem_allocator && !f.mem_allocator.startsWith('jemalloc'))
    warnings.push(`The allocator is ${f.mem_allocator}: the lab figures were measured with jemalloc and do not transfer.`);
  if (server.allocator === 'jemalloc-system')
    warnings.push(
      'A distribution package links the system jemalloc (16-byte size steps): the same keys cost up to a quarter more than in the lab table.',
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

  let inferredValueBytes: number | null = null;
  let projections: LineProjection[] = [];
  if (server.line && observedBytesPerKey !== null && keys > 0) {
    const line = server.line;
    inferredValueBytes = inferValueBytes(line, server, keys, ttlFraction, observedBytesPerKey);
    if (inferredValueBytes === null)
      warnings.push(
        'The observed bytes per key are beyond what 1 MiB string values would take: the keys are probably large collections.',
      );
    else {
      if (inferredValueBytes >= 512)
        warnings.push(
          `The observed ${observedBytesPerKey.toFixed(0)} B per key means large values (about ${inferredValueBytes} B): the per-key saving of newer lines is a small share here; do not apply -37.5 %.`,
        );
      assumptions.push(
        `values average about ${inferredValueBytes} bytes, so that the model matches the observed ${observedBytesPerKey.toFixed(1)} B per key`,
      );
      const here = modelBytesPerKey(line, server.allocator, server.cluster, keys, ttlFraction, inferredValueBytes);
      projections = LINES.defaults.versions.map((version) => {
        const there = modelBytesPerKey(version, server.allocator, server.cluster, keys, ttlFraction, inferredValueBytes!);
        const changeBytes = (there - here) * keys;
        return {
          version,
          projectedBytes: datasetBytes! + changeBytes,
          changeBytes,
          changePercent: (changeBytes / datasetBytes!) * 100,
        };
      });
    }
  }
  return {
    server,
    keys,
    keysWithTtl,
    ttlFraction,
    datasetBytes,
    observedBytesPerKey,
    inferredValueBytes,
    projections,
    warnings,
    assumptions,
  };
}

/** The analysis as a scenario: derived numbers only, never the pasted text. */
export function scenarioFromAnalysis(a: InfoAnalysis, replicas: number): Scenario {
  const baseline = a.server.line ?? LINES.defaults.baseline;
  return {
    schema: 1,
    name: `${a.server.product} ${a.server.version ?? ''} from INFO`.replace(/\s+/g, ' ').trim(),
    workloads: [
      {
        name: 'keys from INFO',
        keys: a.keys,
        keyBytes: ASSUMED_KEY_BYTES,
        type: 'string',
        valueBytes: a.inferredValueBytes ?? 100,
        ttlFraction: Math.round(a.ttlFraction * 1000) / 1000,
      },
    ],
    allocator: a.server.allocator,
    baseline,
    deployment: { cluster: a.server.cluster, replicas: Math.min(10, replicas) },
  };
}
