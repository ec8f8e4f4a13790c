/**
 * jemalloc's slabs (5.x, 4 KiB pages), as each build's bin_info has them: a small size class is
 * carved from slabs of the smallest whole number of pages that the region size divides (the least
 * common multiple of region and page; sc.c slab_size), so a slab wastes nothing at its end and
 * holds slabBytes / regionBytes regions. Classes above 14,336 bytes are large: each allocation is
 * its own run of whole pages. MEMORY MALLOC-STATS prints the same figures (regs, pgs) per bin, on
 * the bundled build (8-byte quantum) and Debian's (16-byte quantum) alike.
 */
import type { Allocator } from '../data/vocabulary';

export const PAGE_BYTES = 4096;
/** The largest small class with 4 KiB pages (SC_SMALL_MAXCLASS). */
export const SMALL_MAX_CLASS = 14_336;

export interface SlabGeometry {
  regionBytes: number;
  regionsPerSlab: number;
  slabBytes: number;
  /**
   * Regions a freed-into thread cache keeps of this class before it flushes them to their slabs
   * (tcache ncached_max: twice the regions of a slab, at least 20 and at most 200, the defaults
   * of opt.tcache_nslots_small_min/max and lg_tcache_nslots_mul).
   */
  threadCacheRegions: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The slab of a small class; null for a large class (whole pages of its own). */
export function slabGeometry(classBytes: number): SlabGeometry | null {
  if (classBytes > SMALL_MAX_CLASS) return null;
  const slabBytes = (classBytes / gcd(classBytes, PAGE_BYTES)) * PAGE_BYTES;
  const regionsPerSlab = slabBytes / classBytes;
  return {
    regionBytes: classBytes,
    regionsPerSlab,
    slabBytes,
    threadCacheRegions: Math.min(200, Math.max(20, 2 * regionsPerSlab)),
  };
}

/** Whether the churn model knows the allocator's slabs: the jemalloc builds, not glibc malloc. */
export function hasSlabModel(allocator: Allocator): boolean {
  return allocator !== 'libc';
}
