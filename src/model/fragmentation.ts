/**
 * Resident memory of string keys after churn: the slabs their allocations keep, per jemalloc size
 * class, rather than used_memory times a guessed ratio.
 *
 * The model, and what it assumes:
 * - A fresh load fills each class's slabs in address order: ceil(regions / regions per slab).
 * - Keys leave in an order unrelated to the order they were allocated in (TTL expiry, deletes by
 *   key, rewrites by key): each region of a loaded slab survives on its own with the class's
 *   survival share s, and a slab returns to the OS only when all its regions are free, so the
 *   loaded slabs still held are slabs x (1 - (1 - s)^regions per slab).
 * - New allocations of a class fill the lowest free regions first (jemalloc takes the
 *   lowest-address non-full slab), so they go into holes before they open a slab: a class holds
 *   the larger of its live regions packed and the loaded slabs its survivors keep.
 * - The thread cache keeps up to threadCacheRegions freed regions of a class (slabs.ts); in a
 *   class the churn empties, they pin old slabs as survivors would.
 * - Freed slabs are returned after the dirty-decay time (10 s) or at MEMORY PURGE: the reading is
 *   of a settled allocator, with no dirty pages left.
 * - Each slab and each large allocation has an extent record in jemalloc's metadata.
 * - The keyspace tables are not churned: they keep the size of the largest key count (a table
 *   shrinks only below an eighth full), and their memory is resident as counted.
 */
import type { ValueKind } from '../data/vocabulary';
import type { Bin } from './distribution';
import type { Parts } from './itemiser';
import type { BuildContext } from './allocator';
import { slabGeometry } from './slabs';
import { stringKeyBytes } from './keyObject';

/**
 * Bytes of jemalloc metadata per extent (a slab or a large allocation): its edata_t record, 128
 * bytes in 5.3 (cache-line aligned), allocated from the base allocator that allocator_resident
 * counts.
 */
export const EXTENT_METADATA_BYTES = 128;

/** What happens to a family of string keys between the load and the reading, as shares of its keys. */
export interface StringChurn {
  /** Keys deleted (or expired) and not replaced. */
  deletedShare: number;
  /** Keys deleted and replaced by as many new keys, with values drawn from `newValueBins`. */
  replacedShare: number;
  /** The value sizes of the new keys; null for the same sizes as the loaded ones. */
  newValueBins: readonly Bin[] | null;
  /** Keys whose value is written again, `rewriteFactor` times as long (0.5: half as long). */
  rewrittenShare: number;
  rewriteFactor: number;
}

export const NO_CHURN: StringChurn = {
  deletedShare: 0,
  replacedShare: 0,
  newValueBins: null,
  rewrittenShare: 0,
  rewriteFactor: 1,
};

export interface StringFamily {
  keys: number;
  keyBytes: number;
  valueBins: readonly Bin[];
  valueKind: ValueKind;
  ttlFraction: number;
}

/** Regions of one size class: loaded, freed by the churn, allocated by it. */
interface ClassCounts {
  loaded: number;
  freed: number;
  added: number;
}

export interface ClassResidency {
  classBytes: number;
  /** Regions live after the churn. */
  liveRegions: number;
  /** Slabs (or, for a large class, allocations) the class holds. */
  slabs: number;
  usedBytes: number;
  residentBytes: number;
  /** Resident bytes no live region uses: the space churn left empty in held slabs. */
  emptyBytes: number;
}

export interface ChurnResidency {
  /** The keys' allocations as used_memory counts them after the churn (tables included). */
  usedBytes: number;
  /** The pages they keep resident, metadata included: allocator_resident's growth. */
  residentBytes: number;
  tableBytes: number;
  metadataBytes: number;
  /** Per class, most empty space first. */
  classes: ClassResidency[];
}

/** A Parts that keeps every allocation a key's pricing names, with the share of keys that has it. */
class AllocationList implements Parts {
  readonly itemising = false;
  constructor(
    readonly allocations: Array<{ bytes: number; weight: number }> = [],
    private readonly weight = 1,
  ) {}

  part(_component: string, bytes: number): number {
    if (bytes > 0 && this.weight > 0) this.allocations.push({ bytes, weight: this.weight });
    return bytes;
  }

  weighted(weight: number): Parts {
    return new AllocationList(this.allocations, this.weight * weight);
  }
}

/** The allocations of one string key (each a size class), weighted by the share of keys that has each. */
export function stringKeyAllocations(
  ctx: BuildContext,
  keyBytes: number,
  valueBytes: number,
  valueKind: ValueKind,
  ttlFraction: number,
): Array<{ bytes: number; weight: number }> {
  const list = new AllocationList();
  stringKeyBytes(ctx, { keyBytes, valueBytes, valueKind }, ttlFraction, list);
  return list.allocations;
}

function addRegions(
  counts: Map<number, ClassCounts>,
  ctx: BuildContext,
  f: StringFamily,
  bins: readonly Bin[],
  keys: number,
  which: keyof ClassCounts,
  valueOf: (bytes: number) => number = (b) => b,
): void {
  if (keys <= 0) return;
  for (const bin of bins) {
    for (const a of stringKeyAllocations(
      ctx,
      f.keyBytes,
      Math.max(1, Math.round(valueOf(bin.value))),
      f.valueKind,
      f.ttlFraction,
    )) {
      const c = counts.get(a.bytes) ?? { loaded: 0, freed: 0, added: 0 };
      c[which] += keys * bin.weight * a.weight;
      counts.set(a.bytes, c);
    }
  }
}

/** One class after the churn, by the assumptions at the top of this file. */
export function classResidency(classBytes: number, { loaded, freed, added }: ClassCounts): ClassResidency {
  const live = Math.max(0, loaded - freed) + added;
  const slab = slabGeometry(classBytes);
  if (!slab) {
    // Large: each allocation is its own pages, returned when freed.
    const bytes = Math.round(live) * classBytes;
    return { classBytes, liveRegions: live, slabs: Math.round(live), usedBytes: bytes, residentBytes: bytes, emptyBytes: 0 };
  }
  const r = slab.regionsPerSlab;
  const loadedSlabs = Math.ceil(loaded / r - 1e-9);
  const cached = Math.min(freed, slab.threadCacheRegions);
  const survivorShare = loaded > 0 ? Math.min(1, (loaded - freed + cached) / loaded) : 0;
  const heldByOldRegions = loadedSlabs * (1 - (1 - survivorShare) ** r);
  const packed = Math.ceil((live + (added > 0 ? 0 : cached)) / r - 1e-9);
  const slabs = Math.max(packed, Math.ceil(heldByOldRegions - 1e-9));
  const usedBytes = live * classBytes;
  const residentBytes = slabs * slab.slabBytes;
  return { classBytes, liveRegions: live, slabs, usedBytes, residentBytes, emptyBytes: residentBytes - usedBytes };
}

/**
 * Resident bytes of string families after their churn, on ctx's line and jemalloc build.
 * `tableBytes` are the keyspace (and expires) tables at the largest key count. `repacked`: the
 * keys left after the churn as a restart, a full sync or a finished activedefrag lays them out,
 * every class packed.
 */
export function stringChurnResidency(
  ctx: BuildContext,
  families: ReadonlyArray<{ family: StringFamily; churn: StringChurn }>,
  tableBytes: number,
  repacked = false,
): ChurnResidency {
  const counts = new Map<number, ClassCounts>();
  for (const { family: f, churn } of families) {
    addRegions(counts, ctx, f, f.valueBins, f.keys, 'loaded');
    addRegions(counts, ctx, f, f.valueBins, f.keys * (churn.deletedShare + churn.replacedShare + churn.rewrittenShare), 'freed');
    addRegions(counts, ctx, f, churn.newValueBins ?? f.valueBins, f.keys * churn.replacedShare, 'added');
    addRegions(counts, ctx, f, f.valueBins, f.keys * churn.rewrittenShare, 'added', (v) => v * churn.rewriteFactor);
  }
  const packed = (c: ClassCounts): ClassCounts => ({ loaded: Math.max(0, c.loaded - c.freed) + c.added, freed: 0, added: 0 });
  const classes = [...counts]
    .map(([bytes, c]) => classResidency(bytes, repacked ? packed(c) : c))
    .sort((a, b) => b.emptyBytes - a.emptyBytes);
  const extents = classes.reduce((n, c) => n + c.slabs, 0);
  const metadataBytes = extents * EXTENT_METADATA_BYTES;
  const sum = (pick: (c: ClassResidency) => number) => classes.reduce((n, c) => n + pick(c), 0);
  return {
    usedBytes: sum((c) => c.usedBytes) + tableBytes,
    residentBytes: sum((c) => c.residentBytes) + tableBytes + metadataBytes,
    tableBytes,
    metadataBytes,
    classes,
  };
}

/**
 * activedefrag's thresholds as the servers ship them (active-defrag-threshold-lower 10,
 * active-defrag-ignore-bytes 100mb): a pass starts only when the empty space in small-class slabs
 * is over both, as a share of the allocated bytes and in bytes (Valkey's allocator_defrag.c:
 * getAllocatorFragmentation).
 */
export interface DefragThresholds {
  lowerPercent: number;
  ignoreBytes: number;
}

export const ACTIVE_DEFRAG_DEFAULTS: DefragThresholds = { lowerPercent: 10, ignoreBytes: 100 * 1024 ** 2 };

/** The empty bytes in the slabs of small classes: what activedefrag can move live regions out of. */
export function smallSlabWasteBytes(r: ChurnResidency): number {
  return r.classes.reduce((n, c) => n + (slabGeometry(c.classBytes) ? c.emptyBytes : 0), 0);
}

/** One node's figures, before and after its keys are laid out afresh. */
export interface NodeLayout {
  /** Allocated bytes of the node (its used_memory). */
  allocatedBytes: number;
  /** Resident bytes as the churn leaves them. */
  churnedResidentBytes: number;
  /** Resident bytes with the same keys packed: where a finished defragmentation pass ends. */
  packedResidentBytes: number;
  /** The empty small-slab bytes of the packed layout. */
  packedWasteBytes: number;
}

/**
 * A node's resident bytes with activedefrag on: a pass moves live regions out of sparse slabs
 * until they are packed (measured: Valkey 9.1.2's half-deleted case went back to its fresh
 * layout), and starts only once the empty space is over both thresholds. As churn goes on, the
 * space grows back to them before the next pass: the node holds at most the packed layout plus
 * what the thresholds leave, and never more than without it.
 */
export function residentWithActiveDefrag(node: NodeLayout, thresholds: DefragThresholds = ACTIVE_DEFRAG_DEFAULTS): number {
  const left = Math.max((thresholds.lowerPercent / 100) * node.allocatedBytes, thresholds.ignoreBytes);
  return Math.min(node.churnedResidentBytes, node.packedResidentBytes + Math.max(0, left - node.packedWasteBytes));
}
