import { useEffect } from 'react';

/** Marks the moment the page responds to input ("vrp:interactive"): read by the benchmark and the browser tests. */
export function StartedSignal() {
  useEffect(() => {
    if (performance.getEntriesByName('vrp:interactive').length === 0) performance.mark('vrp:interactive');
  }, []);
  return null;
}
