/**
 * Allocator size classes. `used_memory` adds up the usable size of every allocation, so each
 * request is rounded to its allocator's class before it is counted.
 */
import type { Allocator } from '../data/vocabulary';
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
 * Nearly every request the model makes is a small whole number of bytes, asked for every
 * workload on every line: those are answered from a table per allocator, filled on first use.
 */
const TABLED_UP_TO = 4096;
const sizeTables: Partial<Record<Allocator, Uint32Array>> = {};

function tabulate(allocator: Allocator): Uint32Array {
  const table = new Uint32Array(TABLED_UP_TO + 1);
  for (let bytes = 1; bytes <= TABLED_UP_TO; bytes++) table[bytes] = computedSize(bytes, allocator);
  return table;
}

/** The size classes of requests up to 4 KiB, by request (index 0: nothing allocated). */
export function sizeClasses(allocator: Allocator): Uint32Array {
  return (sizeTables[allocator] ??= tabulate(allocator));
}

/**
 * Bytes that `used_memory` counts for one allocation of `bytes` bytes. The model's pricing reads
 * the size table it holds for the line (see `allocated` in keyObject.ts); this answers the rest.
 */
export function allocationSize(bytes: number, allocator: Allocator): number {
  if (bytes <= 0) return 0;
  if (bytes <= TABLED_UP_TO && (bytes | 0) === bytes) return sizeClasses(allocator)[bytes]!;
  return computedSize(bytes, allocator);
}
