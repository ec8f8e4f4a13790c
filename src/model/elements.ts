/**
 * What one element (hash field or value, set or sorted-set member, list element) looks like:
 * a string of some length, or a canonical decimal integer such as "30".
 */
export type ElementSpec = { kind: 'string'; length: number } | { kind: 'int'; value: number };

/**
 * A representative integer of `digits` decimal digits: 5 x 10^(digits-1) (50, 500, 5000, ...),
 * the middle of the range in magnitude. Only the encoding width depends on it.
 */
export function representativeInteger(digits: number): number {
  return 5 * 10 ** (digits - 1);
}

/** The element a workload describes by its length and kind. */
export function workloadElement(length: number, kind: 'bytes' | 'int'): ElementSpec {
  return kind === 'int' ? { kind: 'int', value: representativeInteger(length) } : { kind: 'string', length };
}

/** Characters of the element as a string (what length checks against *-max-listpack-value see). */
export function elementLength(e: ElementSpec): number {
  return e.kind === 'string' ? e.length : String(e.value).length;
}
