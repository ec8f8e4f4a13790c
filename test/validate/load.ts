import { pipeCommands, type Command } from '../support/respPipe';
import { seededRandom } from '../support/seededRandom';
import { sizeAt } from '../../src/model/distribution';
import { representativeInteger } from '../../src/model/elements';
import type { WorkloadDistributions } from '../../src/model/input';
import type { OneSizeWorkload as Workload } from '../../src/scenario/workloadFields';
import type { ValidationWorkload } from './compare';

const TTL_SECONDS = 10_000_000;
/**
 * Hash fields get one absolute expiry, 2100-01-01 in milliseconds, the same for every hash: Redis
 * keeps the hashes with field TTLs in an ebuckets keyed by the millisecond, which a relative TTL
 * would spread over the load's milliseconds into buckets whose split depends on its timing.
 */
const FIELD_EXPIRES_AT_MS = 4_102_444_800_000;

/** A name of exactly `length` bytes: a one-letter prefix and a zero-padded index. */
export function keyName(prefix: string, index: number, length: number): string {
  const digits = String(index);
  if (digits.length + prefix.length > length) throw new Error(`key length ${length} cannot hold index ${index}`);
  return prefix + digits.padStart(length - prefix.length, '0');
}

/** Odd and not a multiple of 5: multiplying by it permutes the numbers of any count of digits. */
const SCRAMBLE = 6_364_136_223_846_793_005n;

/**
 * Key `index` of a family: its index scrambled (a bijection on numbers of that many digits), so
 * the keys' CRC16 hash slots fall as random names' do, which the cluster model assumes.
 * Sequential names (a0001, a0002, ...) fall unevenly: CRC16 is linear, and 50,000 of them
 * leave 1,648 of the 16,384 slots empty where random names leave about 775.
 */
export function scrambledKeyName(prefix: string, index: number, length: number): string {
  const digits = BigInt(10) ** BigInt(length - prefix.length);
  if (BigInt(index) >= digits) throw new Error(`key length ${length} cannot hold index ${index}`);
  return prefix + ((BigInt(index) * SCRAMBLE) % digits).toString().padStart(length - prefix.length, '0');
}

/** n distinct numbers of [0, range), drawn by Floyd's method. */
function distinctIndexes(n: number, range: number, random: () => number): number[] {
  if (n > range) throw new Error(`cannot draw ${n} distinct members from ${range}`);
  const chosen = new Set<number>();
  for (let j = range - n; j < range; j++) {
    const t = Math.floor(random() * (j + 1));
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen];
}

/**
 * Where a key's members land in its table depends on their names, so each key draws its own
 * names (seeded by the key's index): over many keys the random bucket placement averages out, as
 * in real data. Names keep the workload's length and kind, so every key encodes alike: strings of
 * a letter and digits, or integers from the upper half of their digit count (the representative
 * integer's intset and listpack width).
 */
function memberNames(prefix: string, n: number, length: number, kind: 'bytes' | 'int', seed: number): string[] {
  const random = seededRandom(seed);
  if (kind === 'int') {
    const base = BigInt(representativeInteger(length));
    const range = Math.min(4 * 10 ** (length - 1), 2 ** 31);
    return distinctIndexes(n, range, random).map((i) => String(base + BigInt(i)));
  }
  const range = Math.min(10 ** (length - prefix.length), 2 ** 31);
  return distinctIndexes(n, range, random).map((i) => keyName(prefix, i, length));
}

/** The elements of key `keyIndex`: values repeat (their bytes alone count); set and sorted-set members are the key's own. */
export function elements(w: Workload, n: number, keyIndex: number): string[] {
  const kind = w.valueKind ?? 'bytes';
  if (w.type === 'set' || w.type === 'zset') return memberNames('m', n, w.valueBytes, kind, keyIndex);
  if (kind === 'int') return Array.from({ length: n }, () => String(representativeInteger(w.valueBytes)));
  return Array.from({ length: n }, () => 'x'.repeat(w.valueBytes));
}

function fieldNames(w: Workload, keyIndex: number): string[] {
  if (w.type !== 'hash') return [];
  return memberNames('f', w.fields ?? 0, w.fieldBytes ?? 1, 'bytes', keyIndex);
}

/** One key's elements and field names. */
interface Shape {
  values: string[];
  names: string[];
}

function shapeOf(w: Workload, keyIndex: number): Shape {
  return { values: elements(w, w.fields ?? 1, keyIndex), names: fieldNames(w, keyIndex) };
}

/**
 * The commands that build one key as the workload says its collections were written (`written`):
 * by default one element per command, as collections grow in use, the model counting each
 * collection's table as its inserts leave it, an expansion the later inserts have not finished
 * included (src/model/rehash.ts); or one command of all the elements ("whole-collection"), which
 * presizes the table on 7.2+ (setTypeCreate, zsetTypeCreate, hashTypeTryConversion). A loaded
 * workload is written one element per command (or as `savedAfter` says) and then reloaded
 * (run.ts). One RPUSH of a whole
 * list keeps a list a little past the node size as one listpack on 7.2+ (t_list.c estimates the
 * listpack from the raw lengths), which the model prices as such.
 * `volatileFields` of a hash's fields get their own TTL (Valkey 9.0+, Redis 7.4+) afterwards.
 */
function commandsFor(
  w: ValidationWorkload,
  { values, names }: Shape,
  key: string,
  withTtl: boolean,
  volatileFields = 0,
): Command[] {
  const whole = w.written === 'whole-collection' || (w.written === 'loaded' && w.savedAfter === 'whole-collection');
  let cmds: Command[];
  switch (w.type) {
    case 'string':
      return [withTtl ? ['set', key, values[0]!, 'EX', TTL_SECONDS] : ['set', key, values[0]!]];
    case 'hash':
      cmds = whole
        ? [['hset', key, ...names.flatMap((f, i) => [f, values[i]!])]]
        : names.map((f, i): Command => ['hset', key, f, values[i]!]);
      if (volatileFields > 0)
        cmds.push(['hpexpireat', key, FIELD_EXPIRES_AT_MS, 'FIELDS', volatileFields, ...names.slice(0, volatileFields)]);
      break;
    case 'set':
      cmds = whole ? [['sadd', key, ...values]] : values.map((m): Command => ['sadd', key, m]);
      break;
    case 'zset':
      cmds = whole
        ? [['zadd', key, ...values.flatMap((m, i) => [i + 1, m])]]
        : values.map((m, i): Command => ['zadd', key, i + 1, m]);
      break;
    case 'list':
      cmds = whole ? [['rpush', key, ...values]] : values.map((v): Command => ['rpush', key, v]);
      break;
  }
  if (withTtl) cmds.push(['expire', key, TTL_SECONDS]);
  return cmds;
}

const SIZE_NAMES = ['keyBytes', 'valueBytes', 'fields', 'fieldBytes'] as const satisfies ReadonlyArray<
  keyof WorkloadDistributions
>;

/**
 * Each key's sizes, drawn from the workload's distributions (the distributions themselves, not
 * the model's bins). The draws are stratified: key i of n gets u = (slot + jitter) / n, its slot
 * a seeded permutation of 0..n-1 of its own for each size, so the n keys follow each distribution
 * to within one key at every size (plain random draws would leave a bimodal case's mix of sizes
 * off by 1/sqrt(n), several tenths of a percent of its bytes) and the sizes of one key stay
 * independent of each other. Seeded by the family and the size: the same keys on every run.
 */
export function keySizes(w: ValidationWorkload, family: number): (i: number) => ValidationWorkload {
  const d = w.distributions;
  if (!d) return () => w;
  const drawn = SIZE_NAMES.flatMap((name, s) => {
    const distribution = d[name];
    if (!distribution) return [];
    const random = seededRandom(1_000 * (family + 1) + s);
    const slots = Array.from({ length: w.keys }, (_, i) => i);
    for (let i = w.keys - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [slots[i], slots[j]] = [slots[j]!, slots[i]!];
    }
    const sizes = Int32Array.from(slots, (slot) => sizeAt(distribution, (slot + random()) / w.keys));
    return [{ name, sizes }];
  });
  return (i) => {
    const sized: ValidationWorkload = { ...w };
    for (const { name, sizes } of drawn) sized[name] = sizes[i]!;
    return sized;
  };
}

/**
 * Loads every workload (family prefixes a, b, c, ...); TTLs go to the first share of each family's
 * keys. Nothing is read back: a lookup moves a bucket of a table still rehashing, and the model
 * counts tables as the writes leave them.
 */
export async function loadWorkloads(server: { host: string; port: number }, workloads: ValidationWorkload[]): Promise<void> {
  for (const [index, family] of workloads.entries()) {
    const prefix = String.fromCharCode(97 + index);
    const { distributions: _, ...w } = family;
    const withTtl = Math.round(w.keys * w.ttlFraction);
    const sizesOf = keySizes(family, index);
    const key = (i: number) => scrambledKeyName(prefix, i, sizesOf(i).keyBytes);
    // Field TTLs as the model counts them: floor(n x share) fields, one more on a share of the keys.
    const expectedVolatile = (w.fields ?? 0) * (w.fieldTtlFraction ?? 0);
    const withMoreVolatile = Math.round(w.keys * (expectedVolatile - Math.floor(expectedVolatile)));
    const volatileFields = (i: number) => Math.floor(expectedVolatile) + (i < withMoreVolatile ? 1 : 0);
    const first = shapeOf(sizesOf(0), 0);
    await pipeCommands(server.host, server.port, commandsFor(w, first, key(0), 0 < withTtl, volatileFields(0)));
    function* rest(): Generator<Command> {
      for (let i = 1; i < w.keys; i++) {
        const sized = sizesOf(i);
        yield* commandsFor(sized, shapeOf(sized, i), key(i), i < withTtl, volatileFields(i));
      }
    }
    await pipeCommands(server.host, server.port, rest());
  }
}
