import { DEFAULT_VIEW, type Units } from '../scenario/view';
import { usePlannerStore } from '../state/store';
import { formatBytes } from '../format/quantities';

export function useUnits(): Units {
  return usePlannerStore((s) => s.view.units ?? DEFAULT_VIEW.units);
}

/** formatBytes in the units the user chose. */
export function useBytesFormatter(): (bytes: number) => string {
  const units = useUnits();
  return (bytes: number) => formatBytes(bytes, units);
}
