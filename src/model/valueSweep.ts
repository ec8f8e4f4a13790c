import type { ResolvedScenario } from '../scenario/schema';
import type { CollectionContext } from './collectionKey';
import { estimateFamilies, type KeyFamily } from './estimate';
import type { ModelLine } from './lines';
import { workloadKeyAllocations } from './workloadKey';

export interface SweepSeries {
  version: ModelLine;
  points: Array<{ valueBytes: number; bytesPerKey: number }>;
}

/** Value lengths from 1 byte to 64 KiB, 16 steps per doubling on a log scale (every power of two included, duplicates removed). */
export function logSpacedValueSizes(stepsPerDoubling = 16, doublings = 16): number[] {
  const sizes = new Set<number>();
  for (let i = 0; i <= stepsPerDoubling * doublings; i++) sizes.add(Math.round(2 ** (i / stepsPerDoubling)));
  return [...sizes];
}

/**
 * Bytes per key of one workload as its value (element) size varies, other inputs fixed: where the
 * per-key overhead stops mattering and the upgrade saving fades. Table shares are computed once
 * per line; only the key's own allocations change along the sweep.
 */
export function valueSizeSweep(
  s: ResolvedScenario,
  workloadIndex: number,
  sizes: readonly number[] = logSpacedValueSizes(),
): SweepSeries[] {
  const w = s.workloads[workloadIndex];
  if (!w) return [];
  return s.versions.map((version) => {
    const ctx: CollectionContext = { line: version, allocator: s.allocator, cluster: s.cluster, thresholds: s.thresholds };
    const families = s.workloads.map((x): KeyFamily => ({ ...x, allocations: () => [] }));
    const tableShare = estimateFamilies(ctx, families)[workloadIndex]!.bytesPerKey;
    const f = w.ttlFraction;
    const own = (valueBytes: number, hasTtl: boolean) => {
      let sum = 0;
      // Past 19 digits a value is no longer an integer: it is stored as bytes.
      const kind = valueBytes > 19 ? 'bytes' : w.valueKind;
      for (const a of workloadKeyAllocations(ctx, { ...w, valueBytes, valueKind: kind }, hasTtl)) sum += a.bytes;
      return sum;
    };
    const points = sizes.map((valueBytes) => ({
      valueBytes,
      bytesPerKey: tableShare + (f < 1 ? (1 - f) * own(valueBytes, false) : 0) + (f > 0 ? f * own(valueBytes, true) : 0),
    }));
    return { version, points };
  });
}
