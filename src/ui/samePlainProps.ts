/** Plain data: strings, numbers, booleans, null, undefined, and arrays or plain objects of them. */
function samePlain(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k in b && samePlain((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * For React's memo: props that are plain data (texts, flags, arrays and objects of them), equal
 * when they show the same. A table row built from the texts it shows is then rendered again only
 * when one of them changes, not every time the estimate behind it is computed afresh.
 */
export const samePlainProps = <P extends object>(a: P, b: P): boolean => samePlain(a, b);
