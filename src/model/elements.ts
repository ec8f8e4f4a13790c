/**
 * What one element (hash field or value, set or sorted-set member, list element) looks like:
 * a string of some length, or a canonical decimal integer such as "30" (with the length of its
 * decimal form, which the *-max-listpack-value checks see).
 */
export type ElementSpec = { kind: 'string'; length: number } | { kind: 'int'; value: number; length: number };

/**
 * The most decimal digits a value stored as an integer can have: it must fit a signed 64-bit
 * integer (string2ll), whose largest is 19 digits long; a longer value is stored as bytes.
 */
export const INTEGER_MAX_DIGITS = 19;

/**
 * A representative integer of `digits` decimal digits: 5 x 10^(digits-1) (50, 500, 5000, ...),
 * the middle of the range in magnitude. Only the encoding width depends on it.
 */
export function representativeInteger(digits: number): number {
  return 5 * 10 ** (digits - 1);
}

export function stringElement(length: number): ElementSpec {
  return { kind: 'string', length };
}

/** An integer element; `text` is its canonical decimal form when known (else the number's own). */
export function integerElement(value: number, text = String(value)): ElementSpec {
  return { kind: 'int', value, length: text.length };
}

/** The element a workload describes by its length and kind. */
export function workloadElement(length: number, kind: 'bytes' | 'int'): ElementSpec {
  return kind === 'int' ? { kind: 'int', value: representativeInteger(length), length } : stringElement(length);
}
