/**
 * A media query's list, made on first use and kept for the page: matchMedia makes a new list per
 * call, and React reads a snapshot on every render of every reader, that is on every edit. null
 * where the page has no media queries (the prerender, some test environments).
 */
export function lazyMediaQuery(media: string): () => MediaQueryList | null {
  let list: MediaQueryList | null | undefined;
  return () => (list ??= typeof matchMedia === 'function' ? matchMedia(media) : null);
}

/** Calls onChange when the query's answer changes; returns what stops it. */
export function onMediaChange(list: MediaQueryList | null, onChange: () => void): () => void {
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}
