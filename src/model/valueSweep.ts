import type { ResolvedScenario } from './input';
import { TOTALS_ONLY } from './itemiser';
import { familyBytesPerKey, keyCounts, keyspaceShare, oncePerBuild, workloadFamilies, workloadFamily } from './estimate';
import { INTEGER_MAX_DIGITS } from './elements';
import { MAX_BINS } from './distribution';
import type { LineId } from './lineRegistry';

export interface SweepSeries {
  version: LineId;
  points: Array<{ valueBytes: number; bytesPerKey: number }>;
}

/** Value lengths from 1 byte to 64 KiB, 16 steps per doubling on a log scale (every power of two included, duplicates removed). */
export function logSpacedValueSizes(stepsPerDoubling = 16, doublings = 16): number[] {
  const sizes = new Set<number>();
  for (let i = 0; i <= stepsPerDoubling * doublings; i++) sizes.add(Math.round(2 ** (i / stepsPerDoubling)));
  return [...sizes];
}

/**
 * The most key shapes each point of a sweep prices a workload's other distributions at: one
 * distribution keeps every bin (MAX_BINS); several share them, so that a sweep of 257 points
 * prices at most 257 x 64 shapes, however many distributions the workload has.
 */
const SWEEP_MIX_KEYS = MAX_BINS;

/**
 * Bytes per key of one workload as its value (element) size varies, other inputs fixed: where the
 * per-key overhead stops mattering and the upgrade saving fades. The shapes are built once and
 * the table shares once per line; only the key's own bytes change along the sweep.
 */
export function valueSizeSweep(
  s: ResolvedScenario,
  workloadIndex: number,
  sizes: readonly number[] = logSpacedValueSizes(),
): SweepSeries[] {
  const w = s.workloads[workloadIndex];
  if (!w) return [];
  const families = workloadFamilies(s);
  const counts = keyCounts(families);
  // The sweep sets the value size; the workload's other distributions stay. A workload without
  // them keeps its own fields only, so that every point has the shape the model reads fastest.
  const others = w.distributions && { ...w.distributions, valueBytes: undefined };
  // Past INTEGER_MAX_DIGITS digits a value is no longer an integer: it is stored as bytes.
  const kindOf = (valueBytes: number) => (valueBytes > INTEGER_MAX_DIGITS ? 'bytes' : w.valueKind);
  const sized = sizes.map((valueBytes) =>
    workloadFamily(
      others
        ? { ...w, valueBytes, valueKind: kindOf(valueBytes), distributions: others }
        : { ...w, valueBytes, valueKind: kindOf(valueBytes) },
      s.thresholds,
      SWEEP_MIX_KEYS,
    ),
  );
  const pointsOn = oncePerBuild(s, (ctx) => {
    const share = keyspaceShare(ctx, counts);
    return sized.map((family, i) => ({ valueBytes: sizes[i]!, bytesPerKey: familyBytesPerKey(ctx, family, share, TOTALS_ONLY) }));
  });
  return s.versions.map((version) => ({ version, points: pointsOn(version) }));
}
