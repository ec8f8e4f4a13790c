/**
 * What operators look for in a snapshot beside the families: its largest keys, and when its keys
 * expire. Both are kept in bounded memory while reading and merge across files (a cluster's
 * snapshots): the top keys by their bytes, the TTL counts by summing.
 */
import type { LineId } from '../model';
import type { KeyType } from './records';

/** One of the largest keys: its own bytes on each line (without its share of the keyspace tables). */
export interface LargeKey {
  key: string;
  type: KeyType;
  /** Elements of a collection, bytes of a string's value. */
  size: number;
  bytesPerLine: Record<LineId, number>;
  fileBytes: number;
}

/** How many keys expire when, counted from the file's creation time. */
export interface TtlSummary {
  noTtl: number;
  /** Past their expiry when the file was saved (a primary drops them on load). */
  expired: number;
  withinHour: number;
  withinDay: number;
  withinWeek: number;
  withinMonth: number;
  later: number;
  /** With a TTL in a file that does not say when it was written (no ctime): not placed. */
  unknown: number;
}

export const TTL_BUCKETS = [
  'noTtl',
  'expired',
  'withinHour',
  'withinDay',
  'withinWeek',
  'withinMonth',
  'later',
  'unknown',
] as const;

export const emptyTtlSummary = (): TtlSummary => ({
  noTtl: 0,
  expired: 0,
  withinHour: 0,
  withinDay: 0,
  withinWeek: 0,
  withinMonth: 0,
  later: 0,
  unknown: 0,
});

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Counts a key: `hasTtl`, and its seconds left at the file's creation (null when the file does not say). */
export function countTtl(summary: TtlSummary, hasTtl: boolean, secondsLeft: number | null): void {
  if (!hasTtl) summary.noTtl++;
  else if (secondsLeft === null) summary.unknown++;
  else if (secondsLeft < 0) summary.expired++;
  else if (secondsLeft <= HOUR) summary.withinHour++;
  else if (secondsLeft <= DAY) summary.withinDay++;
  else if (secondsLeft <= 7 * DAY) summary.withinWeek++;
  else if (secondsLeft <= 30 * DAY) summary.withinMonth++;
  else summary.later++;
}

export function mergeTtlSummaries(summaries: readonly TtlSummary[]): TtlSummary {
  const out = emptyTtlSummary();
  for (const s of summaries) for (const bucket of TTL_BUCKETS) out[bucket] += s[bucket];
  return out;
}

/**
 * The `limit` largest keys by their bytes on one line, largest first; a key's entry is made only
 * when it enters the list, so the common key costs one comparison.
 */
export class LargestKeys {
  readonly keys: LargeKey[] = [];
  private readonly ranks: number[] = [];

  constructor(readonly limit: number) {}

  /** Whether a key of `bytes` would enter the list. */
  wouldKeep(bytes: number): boolean {
    return this.limit > 0 && (this.keys.length < this.limit || bytes > this.ranks[this.ranks.length - 1]!);
  }

  add(bytes: number, entry: LargeKey): void {
    let i = this.keys.length;
    while (i > 0 && this.ranks[i - 1]! < bytes) i--;
    this.keys.splice(i, 0, entry);
    this.ranks.splice(i, 0, bytes);
    if (this.keys.length > this.limit) {
      this.keys.pop();
      this.ranks.pop();
    }
  }
}

/** Several files' largest keys as one list: largest first on `line` (ties in the order given), at most `limit`. */
export function mergeLargestKeys<K extends LargeKey>(lists: ReadonlyArray<readonly K[]>, line: LineId, limit: number): K[] {
  return lists
    .flat()
    .map((k, order) => ({ k, order }))
    .sort((a, b) => (b.k.bytesPerLine[line] ?? 0) - (a.k.bytesPerLine[line] ?? 0) || a.order - b.order)
    .slice(0, limit)
    .map(({ k }) => k);
}
