import { useSyncExternalStore } from 'react';
import { lazyMediaQuery, onMediaChange } from '../common/mediaQuery';

const printQuery = lazyMediaQuery('print');

function subscribe(onChange: () => void): () => void {
  const stopQuery = onMediaChange(printQuery(), onChange);
  addEventListener('beforeprint', onChange);
  addEventListener('afterprint', onChange);
  return () => {
    stopQuery();
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
