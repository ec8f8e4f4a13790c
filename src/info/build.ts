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

/**
 * How the build was decided, as a code and the facts it rests on, so the page can say it in the
 * reader's language (src/ui/serverInfo/infoMessages.ts) and the command line in English (buildReasonText).
 */
export type BuildReason =
  | { code: 'override'; allocator: Allocator }
  | { code: 'notJemalloc'; memAllocator: string }
  | { code: 'quantumBundled' | 'quantumSystem'; quantum: number; jemallocVersion: string | null }
  | { code: 'versionBundled' | 'versionSystem'; jemallocVersion: string }
  | { code: 'releaseDiffers'; reported: string; product: string; version: string | null; shipped: string }
  | { code: 'releaseMatches'; reported: string; product: string; version: string | null }
  /** No version line, or a release whose bundled jemalloc is not on record: nothing to compare with. */
  | { code: 'releaseUnknown'; reported: string }
  | { code: 'noMemAllocator' };

/** What to paste or run to decide for sure: MALLOC-STATS, or INFO memory as well. */
export type BuildAdvice = 'pasteMallocStats' | 'pasteMemoryAndMallocStats';

export interface BuildFinding {
  allocator: Allocator;
  reason: BuildReason;
  source: 'override' | 'malloc-stats' | 'mem_allocator' | 'assumed';
  /** Null when the decision rests on the server's own statistics. */
  advice: BuildAdvice | null;
}

/** The decision in English, as the command line prints it and its JSON carries it. */
export interface BuildDecision extends Omit<BuildFinding, 'reason' | 'advice'> {
  /** How it was decided, in one sentence the user can check. */
  reason: string;
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

export function detectBuild({ product, version, memAllocator, mallocStats, override }: BuildInputs): BuildFinding {
  if (override)
    return { allocator: override, reason: { code: 'override', allocator: override }, source: 'override', advice: null };
  if (memAllocator && !memAllocator.startsWith('jemalloc'))
    return { allocator: 'libc', reason: { code: 'notJemalloc', memAllocator }, source: 'mem_allocator', advice: null };
  if (mallocStats?.quantum === 8 || mallocStats?.quantum === 16) {
    const bundled = mallocStats.quantum === 8;
    return {
      allocator: bundled ? 'jemalloc-bundled' : 'jemalloc-system',
      reason: {
        code: bundled ? 'quantumBundled' : 'quantumSystem',
        quantum: mallocStats.quantum,
        jemallocVersion: mallocStats.jemallocVersion,
      },
      source: 'malloc-stats',
      advice: null,
    };
  }
  if (mallocStats?.jemallocVersion) {
    // Bundled copies are built from a tarball without git history: their version ends in -0-g0.
    const bundled = /-0-g0$/.test(mallocStats.jemallocVersion);
    return {
      allocator: bundled ? 'jemalloc-bundled' : 'jemalloc-system',
      reason: { code: bundled ? 'versionBundled' : 'versionSystem', jemallocVersion: mallocStats.jemallocVersion },
      source: 'malloc-stats',
      advice: null,
    };
  }
  const reported = /^jemalloc-(\d+\.\d+\.\d+)/.exec(memAllocator ?? '')?.[1];
  const shipped = bundledJemalloc(product, version);
  if (reported && shipped && reported !== shipped) {
    return {
      allocator: 'jemalloc-system',
      reason: { code: 'releaseDiffers', reported, product, version, shipped },
      source: 'mem_allocator',
      advice: null,
    };
  }
  if (reported) {
    return {
      allocator: 'jemalloc-bundled',
      reason: shipped ? { code: 'releaseMatches', reported, product, version } : { code: 'releaseUnknown', reported },
      source: 'assumed',
      advice: 'pasteMallocStats',
    };
  }
  return {
    allocator: 'jemalloc-bundled',
    reason: { code: 'noMemAllocator' },
    source: 'assumed',
    advice: 'pasteMemoryAndMallocStats',
  };
}

export function buildReasonText(reason: BuildReason): string {
  switch (reason.code) {
    case 'override':
      return `set by hand to ${reason.allocator}.`;
    case 'notJemalloc':
      return `mem_allocator is ${reason.memAllocator}: not jemalloc, modeled as glibc malloc.`;
    case 'quantumBundled':
    case 'quantumSystem':
      return `MEMORY MALLOC-STATS says Quantum size: ${reason.quantum}${reason.jemallocVersion ? ` (jemalloc ${reason.jemallocVersion})` : ''}: ${
        reason.code === 'quantumBundled'
          ? 'the jemalloc bundled with the server'
          : 'a jemalloc library built with its default 16-byte quantum, as distributions ship it'
      }.`;
    case 'versionBundled':
      return `MEMORY MALLOC-STATS reports jemalloc ${reason.jemallocVersion}: the version string of the copy bundled with the server.`;
    case 'versionSystem':
      return `MEMORY MALLOC-STATS reports jemalloc ${reason.jemallocVersion}: a library's full git id, not the bundled copy's.`;
    case 'releaseDiffers':
      return `mem_allocator is jemalloc-${reason.reported}, but ${reason.product} ${reason.version} bundles jemalloc ${reason.shipped}: a system library, with its 16-byte quantum.`;
    case 'releaseMatches':
      return `mem_allocator is jemalloc-${reason.reported}, the release ${reason.product} ${reason.version ?? ''} bundles; a distribution's library of the same release reads the same, so assumed bundled (8-byte quantum).`.replace(
        / {2,}/g,
        ' ',
      );
    case 'releaseUnknown':
      return `mem_allocator is jemalloc-${reason.reported}, and which jemalloc this release bundles is not known (no version line, or a release not on record): assumed bundled (8-byte quantum).`;
    case 'noMemAllocator':
      return 'INFO memory (mem_allocator) is missing: assumed an official build with the bundled jemalloc (8-byte quantum).';
  }
}

const PASTE_MALLOC_STATS =
  'run MEMORY MALLOC-STATS (read-only) and paste its output with INFO: its "Quantum size" line settles it';

export function buildAdviceText(advice: BuildAdvice): string {
  return advice === 'pasteMallocStats' ? PASTE_MALLOC_STATS : `paste INFO memory too, and ${PASTE_MALLOC_STATS}`;
}

export function buildInEnglish(found: BuildFinding): BuildDecision {
  return { ...found, reason: buildReasonText(found.reason), advice: found.advice && buildAdviceText(found.advice) };
}

/** The build decided, in English. */
export function decideBuild(inputs: BuildInputs): BuildDecision {
  return buildInEnglish(detectBuild(inputs));
}

export function isAllocator(value: string): value is Allocator {
  return (ALLOCATORS as readonly string[]).includes(value);
}
