import { useSyncExternalStore } from 'react';
import { lazyMediaQuery, onMediaChange } from './mediaQuery';

/**
 * The width below which the page is one column and the sticky summary is shown: the same
 * breakpoint as styles.css's `@media (max-width: 1279px)`.
 */
const oneColumnQuery = lazyMediaQuery('(max-width: 1279px)');

const subscribe = (onChange: () => void) => onMediaChange(oneColumnQuery(), onChange);

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
