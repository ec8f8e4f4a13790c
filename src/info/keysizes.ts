import type { DataType } from '../data/vocabulary';
import type { HistogramBucket } from '../model';
import { LIMITS } from '../scenario/limits';

/**
 * `INFO keysizes` (Redis 8.0 and later; Valkey 9.1 answers it with nothing): per database and
 * type, how many keys fall in each power-of-two bucket of their size, e.g.
 * `db0_distrib_strings_sizes:0=1,4=10,2K=3,1M=1`. Strings count their value's bytes, the
 * collections their elements (`_items`); a bucket `2^k` holds 2^k to 2^(k+1) - 1 (0 and 1 are
 * buckets of one size). With key-memory-histograms on, Redis 8.6 adds each collection's memory
 * (`hashes_sizes` ...), which the planner does not need.
 */
export interface KeysizesHistogram {
  db: number;
  type: DataType;
  /** Whole sizes: a string's value bytes, a collection's elements; the weight is a count of keys. */
  buckets: HistogramBucket[];
  /** Keys the histogram counts. */
  keys: number;
}

/** What a line holds: the size measure each type's histogram counts in. */
const KINDS: Record<string, DataType> = {
  strings_sizes: 'string',
  lists_items: 'list',
  sets_items: 'set',
  zsets_items: 'zset',
  hashes_items: 'hash',
};
/** Key-memory histograms of Redis 8.6 (key-memory-histograms yes): known, not read. */
const MEMORY_KINDS = new Set(['lists_sizes', 'sets_sizes', 'zsets_sizes', 'hashes_sizes']);

export const KEYSIZES_LINE = /^db(\d{1,5})_distrib_([a-z_]+)$/;
const BUCKET = /^(\d{1,19})([KMGTPE]?)$/;
const COUNT = /^\d{1,30}$/;
const UNITS = 'KMGTPE';
/** No database holds more keys (as parse.ts checks the keyspace lines). */
const MOST_KEYS = LIMITS.keysPerWorkload;

export type KeysizesLine =
  | { ok: true; histogram: KeysizesHistogram }
  /** A line the planner knows and does not need (a key-memory histogram). */
  | { ok: true; histogram: null }
  | { ok: false; problem: string };

/**
 * One `dbN_distrib_<kind>` line, strictly: every bucket a power of two (or 0) with an optional
 * 1024-based suffix, in increasing order, each once, with a whole count no database exceeds.
 * Anything else is a damaged line, and the problem names the bucket.
 */
export function parseKeysizesLine(name: string, value: string): KeysizesLine {
  const m = KEYSIZES_LINE.exec(name);
  if (!m) return { ok: false, problem: 'not a keysizes line (dbN_distrib_<kind>)' };
  const db = Number(m[1]);
  const kind = m[2]!;
  if (MEMORY_KINDS.has(kind)) return { ok: true, histogram: null };
  const type = KINDS[kind];
  if (!type) return { ok: false, problem: `"${kind}" is not a key-size histogram (${Object.keys(KINDS).join(', ')})` };
  if (value === '') return { ok: false, problem: 'no buckets' };
  const buckets: HistogramBucket[] = [];
  for (const pair of value.split(',')) {
    const parts = pair.split('=');
    if (parts.length !== 2) return { ok: false, problem: `"${pair.slice(0, 30)}" is not SIZE=COUNT` };
    const [sizeText, countText] = parts as [string, string];
    const size = BUCKET.exec(sizeText);
    if (!size) return { ok: false, problem: `bucket "${sizeText.slice(0, 20)}" is not a size such as 8, 2K or 1M` };
    const from = Number(size[1]) * 1024 ** (size[2] ? UNITS.indexOf(size[2]) + 1 : 0);
    if (!(from === 0 || (Number.isSafeInteger(from) && Number.isInteger(Math.log2(from)))))
      return { ok: false, problem: `bucket ${sizeText} is not 0 or a power of two` };
    if (!COUNT.test(countText))
      return { ok: false, problem: `bucket ${sizeText} counts "${countText.slice(0, 20)}", not a whole number of keys` };
    const count = Number(countText);
    if (count > MOST_KEYS)
      return {
        ok: false,
        problem: `bucket ${sizeText} counts ${countText} keys, more than any server holds: the counter is damaged`,
      };
    const last = buckets[buckets.length - 1];
    if (last && from <= last.from) return { ok: false, problem: `bucket ${sizeText} comes after a larger or equal one` };
    if (from === 0 && type !== 'string')
      return { ok: false, problem: `bucket 0 counts ${kind.split('_')[0]} without elements, which a server deletes` };
    buckets.push({ from, to: from <= 1 ? from : 2 * from - 1, weight: count });
  }
  const nonEmpty = buckets.filter((b) => b.weight > 0);
  return { ok: true, histogram: { db, type, buckets: nonEmpty, keys: nonEmpty.reduce((s, b) => s + b.weight, 0) } };
}
