/**
 * Powers of two without floating-point logarithms: table sizes and size classes are computed for
 * every workload on every line, and Math.log2 / ** are both slower and, near exact powers, less
 * exact than integer arithmetic.
 */
const POWERS_OF_TWO: readonly number[] = Array.from({ length: 1024 }, (_, i) => 2 ** i);

/** 2^k for integers 0 <= k < 1024. */
export function powerOfTwo(k: number): number {
  return POWERS_OF_TWO[k] ?? 2 ** k;
}

/** floor(log2(x)) for x >= 1: clz32 answers it exactly below 2^32. */
export function floorLog2(x: number): number {
  return x < 4_294_967_296 ? 31 - Math.clz32(x) : Math.floor(Math.log2(x));
}
