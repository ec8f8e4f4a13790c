import { useMemo } from 'react';
import { DEFAULT_VIEW, type Units } from '../../scenario/viewOptions';
import { usePlannerStore } from '../../state/store';
import { formatBytes } from '../../format/quantities';

export function useUnits(): Units {
  return usePlannerStore((s) => s.view.units ?? DEFAULT_VIEW.units);
}

/** formatBytes in the units the user chose. */
export function useBytesFormatter(): (bytes: number) => string {
  const units = useUnits();
  // The same function until the units change: it is a prop of memoized rows and charts.
  return useMemo(() => (bytes: number) => formatBytes(bytes, units), [units]);
}
