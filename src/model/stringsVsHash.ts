import { stringsVsHash } from '../data/load';
import type { Allocator } from '../data/vocabulary';
import { DEFAULT_THRESHOLDS } from '../scenario/encodingThresholds';
import { collectionKeyAllocations, hashPayload, type CollectionContext } from './collectionKey';
import type { ElementSpec } from './elements';
import { estimateFamilies, type KeyFamily } from './estimate';
import type { ModelLine } from './lines';
import { stringKeyAllocations } from './stringKey';
import { MIB } from './units';

/** A field value as the server sees it: canonical integers ("30") are stored as integers. */
function element(value: string): ElementSpec {
  return /^(0|-?[1-9]\d{0,18})$/.test(value) ? { kind: 'int', value: Number(value) } : { kind: 'string', length: value.length };
}

/** How many of the ids 1..users have each digit count: the key length follows the id. */
export function idDigitGroups(users: number): Array<{ digits: number; count: number }> {
  const groups = [];
  for (let digits = 1; 10 ** (digits - 1) <= users; digits++) {
    groups.push({ digits, count: Math.min(users, 10 ** digits - 1) - 10 ** (digits - 1) + 1 });
  }
  return groups;
}

/** Schema A: one string key per field, `user:{id}:{field}`. */
function stringFamilies(ctx: CollectionContext, users: number): KeyFamily[] {
  return stringsVsHash.fields.flatMap(({ name, value }) =>
    idDigitGroups(users).map(({ digits, count }) => {
      const v = element(value);
      const keyBytes = 'user:'.length + digits + 1 + name.length;
      return {
        name: `user:{id}:${name} (${digits}-digit ids)`,
        type: 'string' as const,
        keys: count,
        ttlFraction: 0,
        allocations: (hasTtl: boolean) =>
          stringKeyAllocations(ctx, {
            keyBytes,
            valueBytes: value.length,
            valueKind: v.kind === 'int' ? 'int' : 'bytes',
            hasTtl,
          }),
      };
    }),
  );
}

/** Schema B: one hash per user, `user:{id}` with every field. */
function hashFamilies(ctx: CollectionContext, users: number): KeyFamily[] {
  const fields = stringsVsHash.fields.map(({ name, value }) => ({ field: element(name), value: element(value), count: 1 }));
  return idDigitGroups(users).map(({ digits, count }) => ({
    name: `user:{id} (${digits}-digit ids)`,
    type: 'hash' as const,
    keys: count,
    ttlFraction: 0,
    allocations: (hasTtl: boolean) => collectionKeyAllocations(ctx, 'user:'.length + digits, hasTtl, hashPayload(ctx, fields)),
  }));
}

export interface SchemaComparison {
  line: ModelLine;
  stringsBytes: number;
  hashBytes: number;
  /** (hash - strings) / strings, in percent. */
  savingPercent: number;
  /** Both totals, read as MiB, round to Percona's published figures (220 and 100, to the nearest 10). */
  consistentWithPublished: boolean;
}

/** Half of the rounding step of the published figures (220, 100): a total within it rounds to them. */
export const PUBLISHED_ROUNDING_MIB = 5;

/** Percona's four-strings-vs-one-hash run (facts.md section 3) on one line and allocator. */
export function compareSchemas(line: ModelLine, allocator: Allocator = 'jemalloc-bundled'): SchemaComparison {
  const ctx: CollectionContext = { line, allocator, cluster: false, thresholds: DEFAULT_THRESHOLDS };
  const users = stringsVsHash.users;
  const total = (families: KeyFamily[]) => estimateFamilies(ctx, families).reduce((s, f) => s + f.bytes, 0);
  const stringsBytes = total(stringFamilies(ctx, users));
  const hashBytes = total(hashFamilies(ctx, users));
  const [strings, hash] = stringsVsHash.schemas;
  const near = (bytes: number, reported: number) => Math.abs(bytes / MIB - reported) <= PUBLISHED_ROUNDING_MIB;
  return {
    line,
    stringsBytes,
    hashBytes,
    savingPercent: ((hashBytes - stringsBytes) / stringsBytes) * 100,
    consistentWithPublished: near(stringsBytes, strings!.reportedMB) && near(hashBytes, hash!.reportedMB),
  };
}
