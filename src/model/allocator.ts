/**
 * Allocator size classes. `used_memory` adds up the usable size of every allocation, so each
 * request is rounded to its allocator's class before it is counted; and the context keys are
 * priced in, a release line's layout on one allocator build, which rounds every allocation.
 */
import type { Allocator } from '../data/vocabulary';
import { LINES, type LineId } from './lineRegistry';
import type { LineLayout } from './lines';
import { floorLog2, powerOfTwo } from './powers';

export const ALLOCATOR_LABELS: Record<Allocator, string> = {
  'jemalloc-bundled': 'jemalloc bundled with Valkey (official builds, 8-byte quantum)',
  'jemalloc-system': 'system jemalloc (Debian/Ubuntu packages, 16-byte quantum)',
  libc: 'glibc malloc (MALLOC=libc builds)',
};

/** jemalloc: tiny 8, then quantum steps up to 64, then four classes per doubling. */
function jemallocClass(bytes: number, quantum: 8 | 16): number {
  if (bytes <= 8) return 8;
  if (bytes <= 64) return Math.ceil(bytes / quantum) * quantum;
  const step = powerOfTwo(floorLog2(bytes - 1) - 2);
  return Math.ceil(bytes / step) * step;
}

const GLIBC_MMAP_THRESHOLD = 128 * 1024;
const PAGE = 4096;

/**
 * glibc: a chunk is the request plus an 8-byte header rounded to 16 (minimum 32), usable size is
 * the chunk less its header; requests from the mmap threshold on get whole pages less 16 bytes.
 */
function glibcUsable(bytes: number): number {
  const chunk = Math.max(32, Math.ceil((bytes + 8) / 16) * 16);
  if (bytes < GLIBC_MMAP_THRESHOLD) return chunk - 8;
  return Math.ceil((chunk + 8) / PAGE) * PAGE - 16;
}

/** Size class of one request, computed from the allocator's rules. */
function computedSize(bytes: number, allocator: Allocator): number {
  switch (allocator) {
    case 'jemalloc-bundled':
      return jemallocClass(bytes, 8);
    case 'jemalloc-system':
      return jemallocClass(bytes, 16);
    case 'libc':
      return glibcUsable(bytes);
  }
}

/**
 * Nearly every request the model prices is a small whole number of bytes (headers, entries,
 * strings, listpacks), asked for every workload on every line: the pricing context reads those
 * from a table per allocator (`allocated` below), filled from the rules above on first
 * use, so it holds the same numbers.
 */
const TABLED_UP_TO = 4096;
const sizeTables = new Map<Allocator, Uint32Array>();

/** The allocator's size classes of requests from 0 to TABLED_UP_TO bytes, by request. */
export function sizeClassTable(allocator: Allocator): Uint32Array {
  let table = sizeTables.get(allocator);
  if (!table) {
    table = new Uint32Array(TABLED_UP_TO + 1);
    for (let bytes = 1; bytes <= TABLED_UP_TO; bytes++) table[bytes] = computedSize(bytes, allocator);
    sizeTables.set(allocator, table);
  }
  return table;
}

/** Bytes that `used_memory` counts for one allocation of `bytes` bytes. */
export function allocationSize(bytes: number, allocator: Allocator): number {
  if (bytes <= 0) return 0;
  return computedSize(bytes, allocator);
}

export interface BuildContext {
  /**
   * The release line's layout. Costs depend on the line only through it, so lines that share a
   * layout share their numbers.
   */
  layout: LineLayout;
  allocator: Allocator;
  cluster: boolean;
  /** The allocator's size classes of small requests, by request: nearly every allocation priced is one. */
  sizeClasses: Uint32Array;
  /**
   * Collections made by a load (an RDB restored, a full resync) rather than by writes: each table
   * is presized to its elements at once, so no expansion is left unfinished (rehash.ts).
   */
  collectionsLoaded: boolean;
}

/** The context in which keys are priced on one line. */
export function buildContext(line: LineId, allocator: Allocator, cluster: boolean): BuildContext {
  return layoutContext(LINES.entry(line).layout, allocator, cluster);
}

/** The same, for a layout already looked up. */
export function layoutContext(
  layout: LineLayout,
  allocator: Allocator,
  cluster: boolean,
  collectionsLoaded = false,
): BuildContext {
  return { layout, allocator, cluster, sizeClasses: sizeClassTable(allocator), collectionsLoaded };
}

/** Bytes that `used_memory` counts for one allocation of `bytes` bytes on ctx's allocator. */
export function allocated(ctx: BuildContext, bytes: number): number {
  const sizes = ctx.sizeClasses;
  // A whole request from 0 to the table's end (>>> 0 turns negative and fractional ones into others).
  if (bytes >>> 0 === bytes && bytes < sizes.length) return sizes[bytes]!;
  return allocationSize(bytes, ctx.allocator);
}
