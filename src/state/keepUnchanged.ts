const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && [Object.prototype, Array.prototype].includes(Object.getPrototypeOf(v));

/**
 * `next`, with every part that equals the same part of `previous` (same plain values all the way
 * down) replaced by the previous object. A derived result computed afresh on every edit then keeps
 * the identity of what the edit did not change, so that the components showing those parts
 * (memoized by their props, or selected) are not rendered again. Returns `previous` itself when
 * nothing changed.
 */
export function keepUnchanged<T>(previous: T, next: T): T {
  if (Object.is(previous, next)) return previous;
  if (!isPlain(previous) || !isPlain(next) || Array.isArray(previous) !== Array.isArray(next)) return next;
  const keys = Object.keys(next);
  const merged = (Array.isArray(next) ? [] : {}) as Record<string, unknown>;
  let same = keys.length === Object.keys(previous).length;
  let reused = false;
  for (const key of keys) {
    const part = key in previous ? keepUnchanged(previous[key], next[key]) : next[key];
    merged[key] = part;
    if (part !== previous[key] || !(key in previous)) same = false;
    if (part !== next[key]) reused = true;
  }
  return same ? previous : reused ? (merged as T) : next;
}

/**
 * Remembers the last result by argument identity, as memoizeLast does, and keeps the parts of a
 * new result that equal the previous result's (keepUnchanged).
 */
export function memoizeLastKeepingUnchanged<A extends object, R>(fn: (arg: A) => R): (arg: A) => R {
  let last: { arg: A; result: R } | undefined;
  return (arg: A) => {
    if (last?.arg !== arg) last = { arg, result: last ? keepUnchanged(last.result, fn(arg)) : fn(arg) };
    return last.result;
  };
}

/**
 * Whether two plain values (texts, numbers, flags, arrays and plain objects of them) are equal all
 * the way down: keepUnchanged then keeps the previous one whole. For React's memo, a table row
 * built from the texts it shows is rendered again only when one of them changes.
 */
export const samePlain = <T>(previous: T, next: T): boolean => keepUnchanged(previous, next) === previous;
