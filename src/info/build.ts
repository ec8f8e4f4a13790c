import { ALLOCATORS, type Allocator } from '../data/vocabulary';

/**
 * Which allocator build a server runs, from what the server itself says: `MEMORY MALLOC-STATS`
 * (jemalloc's version string and quantum) first, then INFO's `mem_allocator` against the
 * jemalloc release the server version bundles. The executable's path says nothing reliable.
 */

export interface MallocStats {
  /** e.g. "5.3.0-0-g0" (bundled with Valkey/Redis) or "5.3.0-0-g54eaed1d..." (a distribution's library). */
  jemallocVersion: string | null;
  /** Smallest size step: 8 in bundled builds, 16 in jemalloc's default build. */
  quantum: number | null;
}

export interface BuildDecision {
  allocator: Allocator;
  /** How it was decided, in one sentence the user can check. */
  reason: string;
  source: 'override' | 'malloc-stats' | 'mem_allocator' | 'assumed';
  /** What to paste or run to decide for sure; null when the decision rests on the server's own statistics. */
  advice: string | null;
}

const VERSION_LINE = /^\s*Version:\s*"?([0-9][^"\s]*)"?\s*$/m;
const QUANTUM_LINE = /^\s*Quantum size:\s*(\d+)\s*$/m;

/** Reads the two lines that matter out of `MEMORY MALLOC-STATS` output (or any text holding it); null without them. */
export function parseMallocStats(text: string): MallocStats | null {
  const version = VERSION_LINE.exec(text)?.[1] ?? null;
  const quantum = QUANTUM_LINE.exec(text)?.[1];
  if (version === null && quantum === undefined) return null;
  return { jemallocVersion: version, quantum: quantum === undefined ? null : Number(quantum) };
}

/** The jemalloc release each server line ships in deps/ (official builds). */
export function bundledJemalloc(product: 'valkey' | 'redis' | 'unknown', version: string | null): string | null {
  if (!version || product === 'unknown') return null;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (product === 'valkey') return '5.3.0';
  if (major > 7 || (major === 7 && minor >= 2)) return '5.3.0';
  if (major === 7) return '5.2.1';
  if (major === 6) return '5.1.0';
  return null;
}

export interface BuildInputs {
  product: 'valkey' | 'redis' | 'unknown';
  version: string | null;
  memAllocator: string | undefined;
  mallocStats: MallocStats | null;
  override?: Allocator | undefined;
}

const PASTE_MALLOC_STATS =
  'run MEMORY MALLOC-STATS (read-only) and paste its output with INFO: its "Quantum size" line settles it';

export function decideBuild({ product, version, memAllocator, mallocStats, override }: BuildInputs): BuildDecision {
  if (override) return { allocator: override, reason: `set by hand to ${override}.`, source: 'override', advice: null };
  if (memAllocator && !memAllocator.startsWith('jemalloc')) {
    return {
      allocator: 'libc',
      reason: `mem_allocator is ${memAllocator}: not jemalloc, modeled as glibc malloc.`,
      source: 'mem_allocator',
      advice: null,
    };
  }
  if (mallocStats?.quantum === 8 || mallocStats?.quantum === 16) {
    const allocator: Allocator = mallocStats.quantum === 8 ? 'jemalloc-bundled' : 'jemalloc-system';
    const versionNote = mallocStats.jemallocVersion ? ` (jemalloc ${mallocStats.jemallocVersion})` : '';
    return {
      allocator,
      reason: `MEMORY MALLOC-STATS says Quantum size: ${mallocStats.quantum}${versionNote}: ${
        allocator === 'jemalloc-bundled'
          ? 'the jemalloc bundled with the server'
          : 'a jemalloc library built with its default 16-byte quantum, as distributions ship it'
      }.`,
      source: 'malloc-stats',
      advice: null,
    };
  }
  if (mallocStats?.jemallocVersion) {
    // Bundled copies are built from a tarball without git history: their version ends in -0-g0.
    const bundled = /-0-g0$/.test(mallocStats.jemallocVersion);
    return {
      allocator: bundled ? 'jemalloc-bundled' : 'jemalloc-system',
      reason: `MEMORY MALLOC-STATS reports jemalloc ${mallocStats.jemallocVersion}: ${
        bundled ? 'the version string of the copy bundled with the server' : "a library's full git id, not the bundled copy's"
      }.`,
      source: 'malloc-stats',
      advice: null,
    };
  }
  const reported = /^jemalloc-(\d+\.\d+\.\d+)/.exec(memAllocator ?? '')?.[1];
  const shipped = bundledJemalloc(product, version);
  if (reported && shipped && reported !== shipped) {
    return {
      allocator: 'jemalloc-system',
      reason: `mem_allocator is jemalloc-${reported}, but ${product} ${version} bundles jemalloc ${shipped}: a system library, with its 16-byte quantum.`,
      source: 'mem_allocator',
      advice: null,
    };
  }
  if (reported) {
    return {
      allocator: 'jemalloc-bundled',
      reason:
        `mem_allocator is jemalloc-${reported}, the release ${product} ${version ?? ''} bundles; a distribution's library of the same release reads the same, so assumed bundled (8-byte quantum).`.replace(
          / {2,}/g,
          ' ',
        ),
      source: 'assumed',
      advice: PASTE_MALLOC_STATS,
    };
  }
  return {
    allocator: 'jemalloc-bundled',
    reason: 'INFO memory (mem_allocator) is missing: assumed an official build with the bundled jemalloc (8-byte quantum).',
    source: 'assumed',
    advice: `paste INFO memory too, and ${PASTE_MALLOC_STATS}`,
  };
}

export function isAllocator(value: string): value is Allocator {
  return (ALLOCATORS as readonly string[]).includes(value);
}
