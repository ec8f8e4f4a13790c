import { useSyncExternalStore } from 'react';

/**
 * The width below which the page is one column and the sticky summary is shown: the same
 * breakpoint as styles.css's `@media (max-width: 1279px)`.
 */
const ONE_COLUMN = '(max-width: 1279px)';

// One query list for the page, as in usePrinting.ts: React reads the snapshot on every render.
let query: MediaQueryList | null | undefined;
const oneColumnQuery = () => (query ??= typeof matchMedia === 'function' ? matchMedia(ONE_COLUMN) : null);

function subscribe(onChange: () => void): () => void {
  const query = oneColumnQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the page is laid out in one column (a phone, a narrow window). True where that cannot
 * be known (the prerender, a page without media queries): what it guards is then built, as before.
 */
export function useOneColumnLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => oneColumnQuery()?.matches ?? true,
    () => true,
  );
}
