import { useSyncExternalStore } from 'react';

// One query list for the page: matchMedia makes a new one per call, and React reads the snapshot
// on every render of every reader, that is on every edit.
let query: MediaQueryList | null | undefined;
const printQuery = () => (query ??= typeof matchMedia === 'function' ? matchMedia('print') : null);

function subscribe(onChange: () => void): () => void {
  const query = printQuery();
  query?.addEventListener('change', onChange);
  addEventListener('beforeprint', onChange);
  addEventListener('afterprint', onChange);
  return () => {
    query?.removeEventListener('change', onChange);
    removeEventListener('beforeprint', onChange);
    removeEventListener('afterprint', onChange);
  };
}

let beforePrint = false;
addEventListener('beforeprint', () => (beforePrint = true));
addEventListener('afterprint', () => (beforePrint = false));

/** True while the page is printed (or shown as print media): what only paper shows is built then, not on every edit. */
export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => beforePrint || (printQuery()?.matches ?? false),
    () => false,
  );
}
