import { stringsVsHash } from '../data/stringsVsHash';
import type { Allocator } from '../data/vocabulary';
import { DEFAULT_THRESHOLDS, type EncodingThresholds } from './encodingThresholds';
import { integerElement, representativeInteger, stringElement, type ElementSpec } from './elements';
import { lineCosts, type KeyFamily } from './estimate';
import { buildContext } from './allocator';
import { oneKeyMix } from './keyMix';
import { prepareKey } from './keyShape';
import type { LineId } from './lineRegistry';
import { MIB } from './units';

/** A field value as the server sees it: canonical integers ("30") are stored as integers. */
function element(value: string): ElementSpec {
  return /^(0|-?[1-9]\d{0,18})$/.test(value) ? integerElement(Number(value), value) : stringElement(value.length);
}

/** How many of the ids 1..users have each digit count: the key length follows the id. */
export function idDigitGroups(users: number): Array<{ digits: number; count: number }> {
  const groups = [];
  for (let digits = 1; 10 ** (digits - 1) <= users; digits++) {
    groups.push({ digits, count: Math.min(users, 10 ** digits - 1) - 10 ** (digits - 1) + 1 });
  }
  return groups;
}

/** One entity (a user, a session) with named fields: stored as one string key per field or as one hash. */
export interface EntitySpec {
  /** How many entities; ids run 1..count, so key lengths follow the digit counts. */
  count: number;
  /** Key prefix before the id, such as "user:". */
  keyPrefix: string;
  fields: ReadonlyArray<{ name: string; value: string }>;
}

/** Percona's run: one million users with name, age, city and score. */
export const PERCONA_ENTITY: EntitySpec = { count: stringsVsHash.users, keyPrefix: 'user:', fields: stringsVsHash.fields };

/** An entity of `fieldCount` fields of equal shape (integers are written as that many digits). */
export function uniformEntity(
  count: number,
  fieldCount: number,
  fieldBytes: number,
  valueBytes: number,
  valueKind: 'bytes' | 'int' = 'bytes',
): EntitySpec {
  const value = valueKind === 'int' ? String(representativeInteger(valueBytes)) : 'x'.repeat(valueBytes);
  return {
    count,
    keyPrefix: 'entity:',
    fields: Array.from({ length: fieldCount }, () => ({ name: 'f'.repeat(fieldBytes), value })),
  };
}

/** Layout A: one string key per field, `{prefix}{id}:{field}`. */
function stringFamilies(e: EntitySpec, thresholds: EncodingThresholds): KeyFamily[] {
  return e.fields.flatMap(({ name, value }) =>
    idDigitGroups(e.count).map(({ digits, count }) => ({
      name: `${e.keyPrefix}{id}:${name} (${digits}-digit ids)`,
      keys: count,
      ttlFraction: 0,
      mix: oneKeyMix(
        prepareKey(
          {
            type: 'string',
            keyBytes: e.keyPrefix.length + digits + 1 + name.length,
            valueBytes: value.length,
            valueKind: element(value).kind === 'int' ? 'int' : 'bytes',
          },
          thresholds,
        ),
      ),
    })),
  );
}

/** Layout B: one hash per entity, `{prefix}{id}` with every field. */
function hashFamilies(e: EntitySpec, thresholds: EncodingThresholds): KeyFamily[] {
  const fields = e.fields.map(({ name, value }) => ({ field: element(name), value: element(value), count: 1 }));
  return idDigitGroups(e.count).map(({ digits, count }) => ({
    name: `${e.keyPrefix}{id} (${digits}-digit ids)`,
    keys: count,
    ttlFraction: 0,
    mix: oneKeyMix(prepareKey({ type: 'hash', keyBytes: e.keyPrefix.length + digits, fields }, thresholds)),
  }));
}

export interface LayoutComparison {
  line: LineId;
  stringsBytes: number;
  hashBytes: number;
  /** (hash - strings) / strings, in percent. */
  savingPercent: number;
}

/** The same entities stored as string keys and as hashes, on one line: each layout alone on a server. */
export function compareEntityLayouts(
  line: LineId,
  entity: EntitySpec,
  allocator: Allocator = 'jemalloc-bundled',
  thresholds: EncodingThresholds = DEFAULT_THRESHOLDS,
): LayoutComparison {
  const ctx = buildContext(line, allocator, false);
  const stringsBytes = lineCosts(ctx, stringFamilies(entity, thresholds)).datasetBytes;
  const hashBytes = lineCosts(ctx, hashFamilies(entity, thresholds)).datasetBytes;
  return { line, stringsBytes, hashBytes, savingPercent: ((hashBytes - stringsBytes) / stringsBytes) * 100 };
}

export interface SchemaComparison extends LayoutComparison {
  /** Both totals, read as MiB, round to Percona's published figures (220 and 100, to the nearest 10). */
  consistentWithPublished: boolean;
}

/** Half of the rounding step of the published figures (220, 100): a total within it rounds to them. */
export const PUBLISHED_ROUNDING_MIB = 5;

/** Percona's four-strings-vs-one-hash run (facts.md section 3) on one line and allocator. */
export function compareSchemas(line: LineId, allocator: Allocator = 'jemalloc-bundled'): SchemaComparison {
  const c = compareEntityLayouts(line, PERCONA_ENTITY, allocator);
  const [strings, hash] = stringsVsHash.schemas;
  const near = (bytes: number, reported: number) => Math.abs(bytes / MIB - reported) <= PUBLISHED_ROUNDING_MIB;
  return { ...c, consistentWithPublished: near(c.stringsBytes, strings!.reportedMB) && near(c.hashBytes, hash!.reportedMB) };
}
