import type { DataType } from '../../data/vocabulary';
import { formatCount } from '../../format/count';
import type { KeysizesHistogram } from '../../info/keysizes';
import type { SizeHistogram } from '../../info/sizeHistogram';
import type { FamilySummary, KeySample } from './summarize';

const TYPE_WORDS: Record<DataType, string> = {
  string: 'strings',
  hash: 'hashes',
  set: 'sets',
  zset: 'sorted sets',
  list: 'lists',
};

/** The power-of-two bucket INFO keysizes puts a size in: 0, 1, 2, 4, 8 ... */
const powerOfTwo = (size: number) => (size < 1 ? 0 : 2 ** Math.floor(Math.log2(size)));

/** A histogram's weight by power-of-two bucket, as shares (a size bucket of the grid lies inside one power of two). */
function sharesByPowerOfTwo(histogram: SizeHistogram): Map<number, number> {
  const total = histogram.reduce((s, b) => s + b.weight, 0);
  const shares = new Map<number, number>();
  for (const b of histogram) shares.set(powerOfTwo(b.from), (shares.get(powerOfTwo(b.from)) ?? 0) + b.weight / total);
  return shares;
}

/** Half the sum of the differences of two distributions' shares: 0 when equal, 1 when apart. */
function shareDistance(a: Map<number, number>, b: Map<number, number>): number {
  let sum = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) sum += Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0));
  return sum / 2;
}

/**
 * INFO keysizes (Redis 8) counts a database's keys of each type exactly, and sizes them by
 * powers of two, when the run begins. A whole read is checked against it: a type whose count
 * or sizes differ is named (keys written or deleted during the run). A sample takes each
 * type's count from it: the type's families are scaled so that, with its big keys, they hold
 * the type's count, and a type of one family is then counted exactly. Families of types
 * keysizes does not count (streams, modules) stay as estimated.
 */
export function withKeysizes(
  families: FamilySummary[],
  bigKeys: readonly KeySample[],
  keysizes: readonly KeysizesHistogram[],
  exact: boolean,
): { families: FamilySummary[]; notes: string[] } {
  if (keysizes.length === 0) return { families, notes: [] };
  const notes: string[] = [];
  /** Per type scaled, the keys its families hold together (keysizes' count less the big keys). */
  const scaled = new Map<DataType, { factor: number; keys: number }>();
  for (const type of Object.keys(TYPE_WORDS) as DataType[]) {
    const own = families.filter((f) => f.type === type);
    const big = bigKeys.filter((k) => k.type === type).length;
    const estimated = own.reduce((s, f) => s + f.estimatedKeys, 0) + big;
    const counted = keysizes.filter((h) => h.type === type).reduce((s, h) => s + h.keys, 0);
    if (estimated === 0 && counted === 0) continue;
    const words = TYPE_WORDS[type];
    if (exact) {
      if (Math.round(estimated) !== counted)
        notes.push(
          `INFO keysizes counted ${formatCount(counted)} ${words} when the run began, the scan read ${formatCount(Math.round(estimated))}: keys were written or deleted during the run`,
        );
      else if (type === 'string' && big === 0) {
        const read = sharesByPowerOfTwo(own.flatMap((f) => f.histograms.valueBytes));
        const told = sharesByPowerOfTwo(keysizes.filter((h) => h.type === type).flatMap((h) => h.buckets));
        const apart = shareDistance(read, told);
        if (apart > 0.001)
          notes.push(
            `INFO keysizes sizes the string values differently from the scan (${(apart * 100).toFixed(1)} % of the keys in other power-of-two buckets): values were written during the run`,
          );
      }
      continue;
    }
    if (counted === 0 || estimated === 0) {
      notes.push(
        `INFO keysizes counts ${formatCount(counted)} ${words} and the sample estimates ${formatCount(Math.round(estimated))}: the estimate is kept`,
      );
      continue;
    }
    scaled.set(type, { factor: (counted - big) / (estimated - big), keys: counted - big });
  }
  if (scaled.size === 0) return { families, notes };
  notes.push(
    `the counts of ${[...scaled.keys()].map((t) => TYPE_WORDS[t]).join(', ')} are INFO keysizes' own (exact); the sample shares them among their families`,
  );
  return {
    families: families
      .map((f): FamilySummary => {
        const type = scaled.get(f.type as DataType);
        if (type === undefined) return f;
        const { factor, keys } = type;
        if (families.filter((g) => g.type === f.type).length === 1) return { ...f, estimatedKeys: keys, interval: [keys, keys] };
        return {
          ...f,
          estimatedKeys: f.estimatedKeys * factor,
          interval: [f.interval[0] * factor, f.interval[1] * factor],
        };
      })
      .sort((a, b) => b.estimatedKeys - a.estimatedKeys),
    notes,
  };
}
