import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Lazily loaded parts (charts, panels) start loading once the page has started, and show
 * `fallback` until then. The prerendered first screen holds the fallback too, so taking it over
 * matches the markup exactly, and the chunks never hold up the first results. They are rendered
 * in a transition, which gives way to a keystroke typed meanwhile.
 */
export function LoadAfterStart({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [started, setStarted] = useState(false);
  useEffect(() => startTransition(() => setStarted(true)), []);
  return started ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
