import { z } from '../data/zod';
import { instanceTypes } from '../data/instanceTypes';
import { ALLOCATORS, DATA_TYPES, VALUE_KINDS } from '../data/vocabulary';
import { LINES } from '../model/lineRegistry';
import { formatCount } from '../format/count';
import { parseBytes, parseCount, parseShare, type ParseResult } from './humanInput';
import { LIMITS } from './limits';

// The limits (limits.ts) and the defaults that resolve.ts fills in live apart, without zod: the
// page needs them at once, and these schemas only to read a link.
export { LIMITS };

const COLLECTION_TYPES = ['hash', 'set', 'zset', 'list'] as const;

/**
 * "must be a number", and for text the app would read ("40M", "2 KiB", "40%") the number it
 * stands for, so a hand-written JSON file says what to write instead.
 */
const notANumber =
  (what: string, read: (text: string, what: string) => ParseResult<number>) =>
  (issue: { input?: unknown }): string => {
    if (typeof issue.input !== 'string') return `${what} must be a number`;
    const parsed = read(issue.input, what);
    const text = JSON.stringify(issue.input.slice(0, 40));
    return parsed.ok
      ? `${what} must be a number, not text: write ${text} as ${parsed.value}`
      : `${what} must be a number, not the text ${text}`;
  };
const readCount = (text: string, what: string) => parseCount(text, what, 0, Number.MAX_VALUE);
const readBytes = (text: string, what: string) => parseBytes(text, what, 0, Number.MAX_VALUE);
/** A release line of the registry, by id. */
const lineSchema = z.enum(LINES.ids, { error: `a release line is one of ${LINES.ids.join(', ')}` });

/** A whole number of something; `least` above 0 adds its own message. */
const count = (what: string, max: number, least?: number, read = readCount) =>
  z
    .number({ error: notANumber(what, read) })
    .check(
      z.int({ error: `${what} must be a whole number` }),
      z.minimum(0, { error: `${what} cannot be negative` }),
      z.maximum(max, { error: `${what} is above the supported maximum of ${formatCount(max)}` }),
      ...(least === undefined ? [] : [z.minimum(least, { error: `${what} must be at least ${least}` })]),
    );

/** How a workload grows (optional): keys per month, percent per month, or writes/s x TTL for keys that expire. */
export const growthSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('keysPerMonth'), keysPerMonth: count('keysPerMonth', LIMITS.keysPerWorkload) }),
  z.strictObject({
    kind: z.literal('percentPerMonth'),
    percentPerMonth: z
      .number({ error: 'percentPerMonth must be a number' })
      .check(
        z.minimum(0, { error: 'percentPerMonth cannot be negative' }),
        z.maximum(100, { error: 'percentPerMonth: at most 100 (doubling every month)' }),
      ),
  }),
  z.strictObject({
    kind: z.literal('writesTimesTtl'),
    writesPerSecond: z
      .number({ error: 'writesPerSecond must be a number' })
      .check(
        z.positive({ error: 'writesPerSecond must be above 0' }),
        z.maximum(1e8, { error: 'writesPerSecond: at most 100,000,000' }),
      ),
    ttlSeconds: count('ttlSeconds', 10 * 365 * 86_400, 1),
  }),
]);

export const workloadSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1, { error: 'name cannot be empty' }), z.maxLength(LIMITS.nameLength)),
    keys: count('keys', LIMITS.keysPerWorkload),
    keyBytes: count('keyBytes', LIMITS.keyBytes, 1, readBytes),
    type: z.enum(DATA_TYPES),
    valueBytes: count('valueBytes', LIMITS.valueBytes, undefined, readBytes),
    ttlFraction: z
      .number({ error: notANumber('ttlFraction', parseShare) })
      .check(
        z.minimum(0, { error: 'ttlFraction is a share from 0 to 1' }),
        z.maximum(1, { error: 'ttlFraction is a share from 0 to 1' }),
      ),
    fields: z.optional(count('fields', LIMITS.fields, 1)),
    fieldBytes: z.optional(count('fieldBytes', LIMITS.keyBytes, 1, readBytes)),
    valueKind: z.optional(z.enum(VALUE_KINDS)),
    growth: z.optional(growthSchema),
    /** Share of each hash's fields with their own TTL (HSETEX/HEXPIRE, Valkey 9.0+). */
    fieldTtlFraction: z.optional(
      z
        .number({ error: 'fieldTtlFraction must be a number' })
        .check(
          z.minimum(0, { error: 'fieldTtlFraction is a share from 0 to 1' }),
          z.maximum(1, { error: 'fieldTtlFraction is a share from 0 to 1' }),
        ),
    ),
  })
  .check(
    z.superRefine((w, ctx) => {
      if (w.valueKind === 'int' && (w.valueBytes < 1 || w.valueBytes > 19)) {
        ctx.addIssue({
          code: 'custom',
          path: ['valueBytes'],
          message:
            'an integer value ("int") has 1 to 19 digits (it must fit a 64-bit integer); longer values are stored as bytes',
          params: { reason: 'intDigits' },
        });
      }
      const isCollection = (COLLECTION_TYPES as readonly string[]).includes(w.type);
      if (isCollection && w.fields === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields'],
          message: `a ${w.type} workload needs fields (elements per key)`,
          params: { reason: 'fieldsNeeded', type: w.type },
        });
      }
      if (!isCollection && w.fields !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields'],
          message: 'fields applies to hash, set, zset and list workloads only',
          params: { reason: 'collectionsOnly' },
        });
      }
      if (w.fieldBytes !== undefined && w.type !== 'hash') {
        ctx.addIssue({
          code: 'custom',
          path: ['fieldBytes'],
          message: 'fieldBytes applies to hash workloads only',
          params: { reason: 'hashOnly' },
        });
      }
      if (w.fieldTtlFraction !== undefined && w.type !== 'hash') {
        ctx.addIssue({
          code: 'custom',
          path: ['fieldTtlFraction'],
          message: 'fieldTtlFraction applies to hash workloads only (hash fields with their own TTL)',
          params: { reason: 'hashOnly' },
        });
      }
      if (w.type === 'hash' && w.fieldBytes === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['fieldBytes'],
          message: 'a hash workload needs fieldBytes (hash field-name length)',
          params: { reason: 'fieldBytesNeeded' },
        });
      }
    }),
  );
export type Workload = z.infer<typeof workloadSchema>;

const threshold = (what: string, min: number, max: number, ...more: z.core.$ZodCheck<number>[]) =>
  z.optional(
    z
      .number({ error: `${what} must be a number` })
      .check(z.int({ error: `${what} must be a whole number` }), z.minimum(min), z.maximum(max), ...more),
  );

/** Server settings that choose compact or large encodings (valkey.conf names in camelCase). */
export const encodingConfigSchema = z.strictObject({
  hashMaxListpackEntries: threshold('hashMaxListpackEntries', 0, 1_000_000),
  hashMaxListpackValue: threshold('hashMaxListpackValue', 0, 1_000_000),
  setMaxIntsetEntries: threshold('setMaxIntsetEntries', 0, 1_000_000),
  setMaxListpackEntries: threshold('setMaxListpackEntries', 0, 1_000_000),
  setMaxListpackValue: threshold('setMaxListpackValue', 0, 1_000_000),
  zsetMaxListpackEntries: threshold('zsetMaxListpackEntries', 0, 1_000_000),
  zsetMaxListpackValue: threshold('zsetMaxListpackValue', 0, 1_000_000),
  listMaxListpackSize: threshold(
    'listMaxListpackSize',
    -5,
    1_000_000,
    z.refine((v) => v !== 0, {
      error: 'listMaxListpackSize is -1 to -5 (4 to 64 KiB per node) or a positive element count',
      params: { reason: 'listNodeSize' },
    }),
  ),
});
export type EncodingConfig = z.infer<typeof encodingConfigSchema>;

/** How the dataset is deployed: everything beside used_memory that decides the RAM to buy. */
export const deploymentSchema = z.strictObject({
  cluster: z.optional(z.boolean()),
  shards: z.optional(
    z
      .int()
      .check(
        z.minimum(1, { error: 'shards must be at least 1' }),
        z.maximum(LIMITS.shards, { error: `shards: at most ${formatCount(LIMITS.shards)}` }),
      ),
  ),
  replicas: z.optional(
    z
      .int()
      .check(
        z.minimum(0, { error: 'replicas cannot be negative' }),
        z.maximum(LIMITS.replicasPerShard, { error: `replicas: at most ${LIMITS.replicasPerShard} per shard` }),
      ),
  ),
  fragmentationRatio: z.optional(
    z.number().check(
      z.minimum(1, { error: 'fragmentationRatio is RSS / used_memory, at least 1' }),
      z.maximum(LIMITS.fragmentationRatio, {
        error: `fragmentationRatio above ${LIMITS.fragmentationRatio} is a broken server, not a plan`,
      }),
    ),
  ),
  headroomPercent: z.optional(
    z
      .number()
      .check(
        z.minimum(0, { error: 'headroomPercent cannot be negative' }),
        z.maximum(LIMITS.headroomPercent, { error: `headroomPercent: at most ${LIMITS.headroomPercent}` }),
      ),
  ),
  reservedPercent: z.optional(
    z
      .number()
      .check(
        z.minimum(0, { error: 'reservedPercent cannot be negative' }),
        z.maximum(LIMITS.reservedPercent, { error: `reservedPercent: at most ${LIMITS.reservedPercent}` }),
      ),
  ),
  processBaselineBytes: z.optional(z.int().check(z.minimum(0), z.maximum(LIMITS.processBaselineBytes))),
  instanceType: z.optional(z.string().check(z.maxLength(40))),
});
export type Deployment = z.infer<typeof deploymentSchema>;

/** What the deployment costs: a region of the price data, the user's own price per node-hour, a discount. */
export const costSchema = z.strictObject({
  region: z.optional(
    z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, { error: 'region is a cloud region id such as us-east-1' })),
  ),
  pricePerNodeHour: z.optional(
    z
      .number({ error: 'pricePerNodeHour must be a number' })
      .check(
        z.positive({ error: 'pricePerNodeHour must be above 0' }),
        z.maximum(1000, { error: 'pricePerNodeHour: at most 1,000 per hour' }),
      ),
  ),
  discountPercent: z.optional(
    z
      .number({ error: 'discountPercent must be a number' })
      .check(
        z.minimum(0, { error: 'discountPercent cannot be negative' }),
        z.maximum(99, { error: 'discountPercent: at most 99' }),
      ),
  ),
});
export type CostInput = z.infer<typeof costSchema>;

/** The scenario's fields, each validated on its own (what a damaged link can still keep). */
export const scenarioFieldsSchema = z.strictObject({
  schema: z.literal(1, { error: 'schema must be 1 (the only scenario schema so far)' }),
  name: z.optional(z.string().check(z.maxLength(LIMITS.nameLength))),
  workloads: z
    .array(workloadSchema)
    .check(
      z.minLength(1, { error: 'a scenario needs at least one workload' }),
      z.maxLength(LIMITS.workloads, { error: `at most ${LIMITS.workloads} workloads` }),
    ),
  allocator: z.optional(z.enum(ALLOCATORS)),
  versions: z.optional(z.array(lineSchema).check(z.minLength(1, { error: 'versions cannot be empty' }))),
  baseline: z.optional(lineSchema),
  target: z.optional(lineSchema),
  deployment: z.optional(deploymentSchema),
  config: z.optional(encodingConfigSchema),
  cost: z.optional(costSchema),
});

export const scenarioSchema = scenarioFieldsSchema.check(
  z.superRefine((s, ctx) => {
    const instance = s.deployment?.instanceType;
    if (instance !== undefined && !instanceTypes.types.some((t) => t.id === instance)) {
      ctx.addIssue({
        code: 'custom',
        path: ['deployment', 'instanceType'],
        message: `unknown instance type "${instance}"`,
        params: { reason: 'unknownInstance', instance },
      });
    }
    if (s.versions && new Set(s.versions).size !== s.versions.length) {
      ctx.addIssue({ code: 'custom', path: ['versions'], message: 'versions lists a line twice', params: { reason: 'lineTwice' } });
    }
    const names = s.workloads.map((w) => w.name.trim());
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) {
        ctx.addIssue({
          code: 'custom',
          path: ['workloads', i, 'name'],
          message: `workload name "${name}" is used twice`,
          params: { reason: 'nameTwice', name },
        });
      }
    });
  }),
);
export type Scenario = z.infer<typeof scenarioSchema>;

/** Parses untrusted scenario JSON into a typed scenario, or a message naming each bad field. */
export function parseScenario(json: unknown): { ok: true; scenario: Scenario } | { ok: false; error: string } {
  const result = scenarioSchema.safeParse(json);
  if (result.success) return { ok: true, scenario: result.data };
  return { ok: false, error: z.prettifyError(result.error) };
}
