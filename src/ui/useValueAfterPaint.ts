import { startTransition, useEffect, useState } from 'react';

/** Runs `then` once the browser has painted the current frame: the frame's callback, then a task after it. */
function afterPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(then);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => (timer = setTimeout(then)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value`, following its changes in a render after the browser has painted them: for what is
 * costly to show and is not the answer to an edit, so that the results and the chart are on
 * screen first. The first render has the value itself.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterPaint(() => startTransition(() => setShown(value)));
  }, [value, shown]);
  return shown;
}
