/**
 * `next`, with every part that equals the same part of `previous` (same plain values all the way
 * down) replaced by the previous object. A derived result computed afresh on every edit then keeps
 * the identity of what the edit did not change, so that the components showing those parts
 * (memoized by their props) are not rendered again. Returns `previous` itself when nothing changed.
 */
export function keepUnchanged<T>(previous: T, next: T): T {
  if (Object.is(previous, next)) return previous;
  if (typeof previous !== 'object' || typeof next !== 'object' || previous === null || next === null) return next;
  if (Array.isArray(previous) !== Array.isArray(next) || Object.getPrototypeOf(previous) !== Object.getPrototypeOf(next))
    return next;
  if (Array.isArray(previous)) {
    const a = previous as unknown[];
    const b = next as unknown[];
    const merged = b.map((item, i) => (i < a.length ? keepUnchanged(a[i], item) : item));
    if (a.length === b.length && merged.every((item, i) => item === a[i])) return previous;
    return merged.some((item, i) => item !== b[i]) ? (merged as T) : next;
  }
  if (Object.getPrototypeOf(next) !== Object.prototype) return next;
  const a = previous as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(b);
  let same = keys.length === Object.keys(a).length;
  let reused = false;
  const merged: Record<string, unknown> = {};
  for (const key of keys) {
    merged[key] = key in a ? keepUnchanged(a[key], b[key]) : b[key];
    if (merged[key] !== a[key] || !(key in a)) same = false;
    if (merged[key] !== b[key]) reused = true;
  }
  if (same) return previous;
  return reused ? (merged as T) : next;
}

/**
 * Remembers the last result by argument identity, as memoizeLast does, and keeps the parts of a
 * new result that equal the previous result's (keepUnchanged).
 */
export function memoizeLastKeepingUnchanged<A extends object, R>(fn: (arg: A) => R): (arg: A) => R {
  let lastArg: A | undefined;
  let lastResult: R | undefined;
  let computed = false;
  return (arg: A) => {
    if (!computed || arg !== lastArg) {
      const next = fn(arg);
      lastResult = computed ? keepUnchanged(lastResult as R, next) : next;
      lastArg = arg;
      computed = true;
    }
    return lastResult as R;
  };
}
