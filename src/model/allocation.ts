/** One allocation (or a per-key share of one) that a key adds to used_memory. */
export interface Allocation {
  /** What it is, in the words of the source code where possible ("dictEntry", "key sds"). */
  component: string;
  /** Bytes counted by used_memory, after size-class rounding; fractional for shares of tables. */
  bytes: number;
  /** Bytes requested before rounding, where there is one request. */
  requested?: number;
  /** How many units a table allocation holds (slots, buckets), for the breakdown. */
  count?: number;
}

export function totalBytes(allocations: readonly Allocation[]): number {
  return allocations.reduce((sum, a) => sum + a.bytes, 0);
}
