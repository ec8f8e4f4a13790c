import type { Allocator } from '../data/vocabulary';
import { INTEGER_MAX_DIGITS } from './elements';
import type { EncodingThresholds } from './encodingThresholds';
import { findInstanceType } from './deployment';
import { allocatorOn, datasetBytesOnLines } from './estimate';
import type { ResolvedScenario, ResolvedWorkload } from './input';
import { LINES, type LineId } from './lineRegistry';

/**
 * What to change to save memory, priced by the model on the user's own figures: each change is
 * data (what to set), the saving is the model's dataset before and after on every compared line.
 * Only changes that save on at least one line are offered.
 */
export type AdviceChange =
  /** Key names of `keyBytes` bytes: the longest length shorter than today's that saves. */
  | { kind: 'shorterKeys'; workload: number; keyBytes: number; fromKeyBytes: number }
  /** The values are decimal integers (valueKind "int"): stored as numbers, not text. */
  | { kind: 'integerValues'; workload: number }
  /** A collection type's listpack limit raised to the workload's sizes (a server setting: every workload of the type feels it). */
  | { kind: 'listpackLimit'; workload: number; config: Partial<EncodingThresholds> }
  /**
   * Small strings packed into hashes by id: `user:1234567` becomes field `67` of hash `user:12345`,
   * `bucket` fields a hash, few enough to stay a listpack.
   */
  | { kind: 'hashBuckets'; workload: number; bucket: number; digits: number }
  /**
   * A hash whose every field has its own TTL (fieldTtlFraction 1) given one TTL on the key
   * instead: the same expiry when the fields expire together, without the per-field structures.
   */
  | { kind: 'keyTtl'; workload: number }
  /** The few keys of a workload with a TTL (a share up to TINY_TTL_SHARE) kept without one: the application deletes them. */
  | { kind: 'dropTtl'; workload: number; ttlFraction: number }
  /** The plan's target moved to the compared line that holds the dataset in the fewest bytes (an upgrade or migration). */
  | { kind: 'line'; line: LineId; from: LineId }
  /** Every line run on the other jemalloc build (official builds bundle it; distribution packages link the system's). */
  | { kind: 'allocator'; allocator: Allocator };

/**
 * What moving a plan from one line to another is: an upgrade within a family (the registry lists
 * each family's lines oldest first), a step back to an older line, or a migration to the other family.
 */
export function lineMove(from: LineId, to: LineId): 'upgrade' | 'downgrade' | 'migration' {
  if (LINES.entry(from).family !== LINES.entry(to).family) return 'migration';
  return LINES.ids.indexOf(to) > LINES.ids.indexOf(from) ? 'upgrade' : 'downgrade';
}

/** The workload a change is for, or null for a change of the whole deployment (a line, an allocator). */
export function adviceWorkload(change: AdviceChange): number | null {
  return 'workload' in change ? change.workload : null;
}

export interface AdviceSaving {
  line: LineId;
  bytesBefore: number;
  bytesAfter: number;
  /** bytesBefore - bytesAfter: positive saves. */
  savedBytes: number;
  savedPercent: number;
}

export interface Advice {
  change: AdviceChange;
  savings: AdviceSaving[];
}

/** The workload fields an advised change sets, as the model reads them. */
export type AdvisedFields = Partial<
  Pick<
    ResolvedWorkload,
    'type' | 'keys' | 'keyBytes' | 'valueKind' | 'ttlFraction' | 'fields' | 'fieldBytes' | 'fieldTtlFraction'
  >
>;

/**
 * What an advised change does, as data: the one description of each change. The model applies it
 * here to price the change; src/scenario/advice.ts applies the same edit to the scenario ("Apply").
 */
export type AdviceEdit =
  | { on: 'settings'; target?: LineId; allocator?: Allocator; thresholds?: Partial<EncodingThresholds> }
  | {
      on: 'workload';
      workload: number;
      fields: AdvisedFields;
      /** How many of today's keys one new key holds (packing): a growth in keys per month is divided by it. */
      keysPerNewKey?: number;
    };

/** The edit a change makes, read off the workloads it changes (as the model reads them). */
export function adviceEdit(change: AdviceChange, workloads: readonly ResolvedWorkload[]): AdviceEdit {
  switch (change.kind) {
    case 'line':
      return { on: 'settings', target: change.line };
    case 'allocator':
      return { on: 'settings', allocator: change.allocator };
    case 'listpackLimit':
      return { on: 'settings', thresholds: change.config };
    case 'shorterKeys':
      return { on: 'workload', workload: change.workload, fields: { keyBytes: change.keyBytes } };
    case 'integerValues':
      return { on: 'workload', workload: change.workload, fields: { valueKind: 'int' } };
    case 'hashBuckets': {
      const w = workloads[change.workload]!;
      return {
        on: 'workload',
        workload: change.workload,
        fields: packedIntoHashes(w, change.bucket, change.digits),
        keysPerNewKey: change.bucket,
      };
    }
    case 'keyTtl':
      return { on: 'workload', workload: change.workload, fields: { fieldTtlFraction: 0, ttlFraction: 1 } };
    case 'dropTtl':
      return { on: 'workload', workload: change.workload, fields: { ttlFraction: 0 } };
  }
}

/** The scenario with a change made, as the model reads it: its edit (adviceEdit) applied. */
export function withAdvice(s: ResolvedScenario, change: AdviceChange): ResolvedScenario {
  const edit = adviceEdit(change, s.workloads);
  if (edit.on === 'settings')
    return {
      ...s,
      ...(edit.target !== undefined && { target: edit.target }),
      ...(edit.allocator !== undefined && { allocator: edit.allocator }),
      ...(edit.thresholds !== undefined && { thresholds: { ...s.thresholds, ...edit.thresholds } }),
    };
  return {
    ...s,
    workloads: s.workloads.map((w, i) => (i === edit.workload ? { ...w, ...edit.fields } : w)),
  };
}

/** A string workload as hashes of `bucket` fields: the last `digits` digits of each id become the field name. */
function packedIntoHashes(w: ResolvedWorkload, bucket: number, digits: number): AdvisedFields {
  return {
    type: 'hash',
    keys: Math.ceil(w.keys / bucket),
    keyBytes: w.keyBytes - digits,
    fields: bucket,
    fieldBytes: digits,
    fieldTtlFraction: 0,
  };
}

/** The digits a bucket's field names take: 100 fields are the ids' last two digits. */
const BUCKET_DIGITS = 2;
const BUCKET = 10 ** BUCKET_DIGITS;
/** Beyond this many entries a listpack lookup (a scan) costs more than most would trade for memory. */
const LISTPACK_ADVICE_MAX_ENTRIES = 1024;
/** Nor are values past this size worth scanning past in a listpack. */
const LISTPACK_ADVICE_MAX_VALUE = 1024;

/**
 * A TTL share at or below this is "a few keys": their expiry could as well be the application's
 * DEL, and the bytes the TTL costs are worth naming. Above it, expiring keys are the workload's
 * nature, not an exception to advise away.
 */
export const TINY_TTL_SHARE = 0.05;
/** The allocator builds worth advising: the two jemalloc builds servers ship with (libc's malloc fragments far more). */
const ADVISED_ALLOCATORS: readonly Allocator[] = ['jemalloc-bundled', 'jemalloc-system'];

function varies(w: ResolvedWorkload, field: 'keyBytes' | 'valueBytes' | 'fields'): boolean {
  return w.distributions?.[field] !== undefined;
}

/** The changes worth pricing for one workload, before their savings are known. */
function candidates(s: ResolvedScenario, w: ResolvedWorkload, i: number): AdviceChange[] {
  const out: AdviceChange[] = [];
  if (w.keyBytes > 1 && !varies(w, 'keyBytes'))
    out.push({ kind: 'shorterKeys', workload: i, keyBytes: w.keyBytes - 1, fromKeyBytes: w.keyBytes });
  if (w.valueKind === 'bytes' && w.valueBytes >= 1 && w.valueBytes <= INTEGER_MAX_DIGITS && !varies(w, 'valueBytes'))
    out.push({ kind: 'integerValues', workload: i });
  const t = s.thresholds;
  const fields = w.fields ?? 0;
  const overListpack = (entries: number, value: number, config: (n: number, v: number) => Partial<EncodingThresholds>) => {
    if (varies(w, 'fields') || varies(w, 'valueBytes')) return;
    if (fields > LISTPACK_ADVICE_MAX_ENTRIES || w.valueBytes > LISTPACK_ADVICE_MAX_VALUE) return;
    if (fields > entries || w.valueBytes > value) {
      // Only the settings that change: the item, its record and the exports name the same ones.
      const raised = config(Math.max(entries, fields), Math.max(value, w.valueBytes));
      const current = config(entries, value);
      const changed = Object.fromEntries(
        Object.entries(raised).filter(([name, v]) => current[name as keyof EncodingThresholds] !== v),
      ) as Partial<EncodingThresholds>;
      out.push({ kind: 'listpackLimit', workload: i, config: changed });
    }
  };
  if (w.type === 'hash')
    overListpack(t.hashMaxListpackEntries, t.hashMaxListpackValue, (n, v) => ({
      hashMaxListpackEntries: n,
      hashMaxListpackValue: v,
    }));
  if (w.type === 'set' && w.valueKind === 'bytes')
    overListpack(t.setMaxListpackEntries, t.setMaxListpackValue, (n, v) => ({
      setMaxListpackEntries: n,
      setMaxListpackValue: v,
    }));
  if (w.type === 'zset')
    overListpack(t.zsetMaxListpackEntries, t.zsetMaxListpackValue, (n, v) => ({
      zsetMaxListpackEntries: n,
      zsetMaxListpackValue: v,
    }));
  // Packing needs ids to bucket by (names longer than the field's digits), no key TTL (a field
  // has none of its own before 9.0), values a listpack keeps, and enough keys to fill buckets.
  if (
    w.type === 'string' &&
    w.ttlFraction === 0 &&
    w.keys >= BUCKET * 10 &&
    w.keyBytes > BUCKET_DIGITS + 1 &&
    w.valueBytes <= t.hashMaxListpackValue &&
    BUCKET <= t.hashMaxListpackEntries &&
    !w.distributions
  )
    out.push({ kind: 'hashBuckets', workload: i, bucket: BUCKET, digits: BUCKET_DIGITS });
  // Only a hash whose every field has a TTL can trade them for the key's: with some fields
  // lasting, a key TTL would expire those too.
  if (w.type === 'hash' && w.fieldTtlFraction === 1) out.push({ kind: 'keyTtl', workload: i });
  if (w.ttlFraction > 0 && w.ttlFraction <= TINY_TTL_SHARE)
    out.push({ kind: 'dropTtl', workload: i, ttlFraction: w.ttlFraction });
  return out;
}

/** Each line's dataset before a change and after it, as the saving a user reads. */
function savingsPerLine(lines: readonly LineId[], before: readonly number[], after: readonly number[]): AdviceSaving[] {
  return lines.map((line, li) => {
    const savedBytes = before[li]! - after[li]!;
    return {
      line,
      bytesBefore: before[li]!,
      bytesAfter: after[li]!,
      savedBytes,
      savedPercent: before[li]! > 0 ? (savedBytes / before[li]!) * 100 : 0,
    };
  });
}

function savingsOf(s: ResolvedScenario, before: readonly number[], change: AdviceChange): AdviceSaving[] {
  return savingsPerLine(s.versions, before, datasetBytesOnLines(withAdvice(s, change), s.versions));
}

/**
 * The longest key name shorter than today's that saves on the target line: names are rounded up
 * to the allocator's size classes, so a byte or two shorter often saves nothing.
 */
function shortestSavingKeys(s: ResolvedScenario, i: number, from: number): AdviceChange | null {
  // Only the workload's own keys change (the key counts, and so the keyspace tables, stay): the
  // workload alone tells where its bytes drop, at a fraction of the whole scenario's cost.
  const alone: ResolvedScenario = { ...s, workloads: [s.workloads[i]!] };
  const line = s.versions.includes(s.target) ? s.target : s.versions[0]!;
  const today = datasetBytesOnLines(alone, [line])[0]!;
  for (let keyBytes = from; keyBytes >= 1; keyBytes--) {
    const change: AdviceChange = { kind: 'shorterKeys', workload: 0, keyBytes, fromKeyBytes: s.workloads[i]!.keyBytes };
    if (datasetBytesOnLines(withAdvice(alone, change), [line])[0]! < today) return { ...change, workload: i };
  }
  return null;
}

/**
 * Moving the target to the compared line with the smallest dataset, when that is not the target:
 * on each compared line, what moving from it to that line saves (nothing on that line itself).
 */
function lineAdvice(s: ResolvedScenario, before: readonly number[]): Advice | null {
  let best = 0;
  before.forEach((bytes, li) => {
    if (bytes < before[best]!) best = li;
  });
  const line = s.versions[best]!;
  const targetIndex = s.versions.indexOf(s.target);
  const onTarget = targetIndex >= 0 ? before[targetIndex]! : datasetBytesOnLines(s, [s.target])[0]!;
  if (line === s.target || before[best]! >= onTarget) return null;
  return {
    change: { kind: 'line', line, from: s.target },
    savings: savingsPerLine(
      s.versions,
      before,
      before.map(() => before[best]!),
    ),
  };
}

/** Offerings whose nodes run the provider's own build: nobody picks the allocator there. */
const MANAGED_OFFERINGS: readonly string[] = ['ElastiCache'];

/**
 * The other jemalloc build, where the model prices it apart and it saves on some compared line;
 * none on a managed service's nodes (ElastiCache), where the build is the provider's, unless the
 * scenario names a build of its own (it runs its own servers, whatever node type it prices).
 */
function allocatorCandidates(s: ResolvedScenario): AdviceChange[] {
  if (s.allocator === null && MANAGED_OFFERINGS.includes(findInstanceType(s.deployment.instanceType).offering)) return [];
  return ADVISED_ALLOCATORS.filter((a) => s.versions.some((line) => allocatorOn(s, line) !== a)).map(
    (allocator): AdviceChange => ({ kind: 'allocator', allocator }),
  );
}

/** Only advice that saves on some compared line is offered. */
const saves = (savings: readonly AdviceSaving[]) => savings.some((x) => x.savedBytes > 0);

/** Every change that saves memory on at least one compared line: workload by workload, then the line and the allocator. */
export function adviceFor(s: ResolvedScenario): Advice[] {
  const before = datasetBytesOnLines(s, s.versions);
  const advice: Advice[] = [];
  s.workloads.forEach((w, i) => {
    for (const candidate of candidates(s, w, i)) {
      const change = candidate.kind === 'shorterKeys' ? shortestSavingKeys(s, i, candidate.keyBytes) : candidate;
      if (!change) continue;
      const savings = savingsOf(s, before, change);
      if (saves(savings)) advice.push({ change, savings });
    }
  });
  for (const change of allocatorCandidates(s)) {
    const savings = savingsOf(s, before, change);
    if (saves(savings)) advice.push({ change, savings });
  }
  // A target that is not compared can be larger than every compared line while they are all equal:
  // the move then saves nothing on any line shown, and is not offered either.
  const line = lineAdvice(s, before);
  if (line && saves(line.savings)) advice.push(line);
  return advice;
}
