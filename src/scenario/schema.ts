import { z } from '../data/zod';
import { instanceTypes } from '../data/instanceTypes';
import { providerRules } from '../data/providerRules';
import { ALLOCATORS, DATA_TYPES, ELEMENT_SIZES, VALUE_KINDS, WRITE_HISTORIES, type DataType } from '../data/vocabulary';
import { LINES, distributionProblem } from '../model';
import { formatCount } from '../format/count';
import { LIMITS, THRESHOLD_LIMITS } from './limits';
import { finiteNumber } from './finiteNumber';
import { bounded, count, notANumber, readBytes, readCount, readShare, share } from './schemaNumbers';
import { costSchema, deploymentSchema } from './deploymentSchema';
import {
  appliesTo,
  GROWTH_LIMITS,
  isRequiredFor,
  MAX_HISTOGRAM_BUCKETS,
  sizeRange,
  workloadFields,
  type SizeDistribution,
  type Workload,
  type WorkloadFieldSpec,
} from './workloadFields';

// The limits (limits.ts) and the defaults that resolve.ts fills in live apart, without zod: the
// page needs them at once, and these schemas only to read a link.
export { LIMITS };
export { costSchema, deploymentSchema, type CostInput, type Deployment } from './deploymentSchema';

/** A release line of the registry, by id. */
const lineSchema = z.enum(LINES.ids, { error: `a release line is one of ${LINES.ids.join(', ')}` });

/** How a workload grows (optional): keys per month, percent per month, or writes/s x TTL for keys that expire. */
export const growthSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('keysPerMonth'), keysPerMonth: count('keysPerMonth', GROWTH_LIMITS.keysPerMonth.max) }),
    z.strictObject({
      kind: z.literal('percentPerMonth'),
      percentPerMonth: bounded(
        'percentPerMonth',
        GROWTH_LIMITS.percentPerMonth.min,
        z.minimum(0, { error: 'percentPerMonth cannot be negative' }),
        GROWTH_LIMITS.percentPerMonth.max,
        'percentPerMonth: at most 100 (doubling every month)',
      ),
    }),
    z.strictObject({
      kind: z.literal('writesTimesTtl'),
      writesPerSecond: bounded(
        'writesPerSecond',
        0,
        z.positive({ error: 'writesPerSecond must be above 0' }),
        GROWTH_LIMITS.writesPerSecond.max,
        `writesPerSecond: at most ${formatCount(GROWTH_LIMITS.writesPerSecond.max)}`,
      ),
      ttlSeconds: count('ttlSeconds', GROWTH_LIMITS.ttlSeconds.max, GROWTH_LIMITS.ttlSeconds.min),
    }),
  ],
  { error: 'growth kind is one of keysPerMonth, percentPerMonth, writesTimesTtl' },
);

/**
 * The forms of a size distribution (workloadFields.ts: SizeDistribution), for a field whose sizes
 * are `least` to `most`: its sizes past any finite number are told that bound; what else each
 * form's figures must be is the model's to say (distributionProblem). A mean, an sd and a weight
 * have no bound of their own.
 */
function distributionFormsSchema(least: number, most: number) {
  const size = (what: string) => finiteNumber(what, { min: least, max: most }, `${what} must be a number`);
  const free = (what: string) => finiteNumber(what, {}, `${what} must be a number`);
  return z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('range'),
        shape: z.enum(['uniform', 'normal', 'lognormal'], { error: 'shape is one of uniform, normal, lognormal' }),
        min: size('min'),
        max: size('max'),
        mean: z.optional(free('mean')),
        sd: z.optional(free('sd')),
      }),
      z.strictObject({
        kind: z.literal('percentiles'),
        min: z.optional(size('min')),
        p50: size('p50'),
        p90: size('p90'),
        p99: size('p99'),
        max: size('max'),
      }),
      z.strictObject({
        kind: z.literal('histogram'),
        buckets: z
          .array(z.strictObject({ from: size('from'), to: size('to'), weight: free('weight') }))
          .check(z.maxLength(MAX_HISTOGRAM_BUCKETS, { error: `a histogram has at most ${MAX_HISTOGRAM_BUCKETS} buckets` })),
      }),
    ],
    { error: "a distribution's kind is one of range, percentiles, histogram" },
  );
}

/** Why a distribution does not fit a field's bounds, as the schema says it: "valueBytes: min must not be above max". */
function distributionIssue(key: string, d: SizeDistribution, min: number, max: number) {
  const problem = distributionProblem(d, min, max);
  return problem === null
    ? null
    : { code: 'custom' as const, message: `the ${key} distribution: ${problem}`, params: { reason: 'distribution', field: key } };
}

/**
 * A size or count that may vary from key to key: a number, or a distribution over the field's own
 * bounds. Which of the two is decided by the input, so each says what is wrong in its own words.
 */
function varyingSchema(key: string, number: z.ZodMiniType, min: number, max: number): z.ZodMiniType {
  const distribution = distributionFormsSchema(min, max);
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      const parsed = (isObject ? distribution : number).safeParse(value);
      if (!parsed.success) {
        // A number's messages name the field already; a distribution's figures are named by the distribution.
        for (const issue of parsed.error.issues)
          ctx.addIssue({ ...issue, message: isObject ? `the ${key} distribution: ${issue.message}` : issue.message } as never);
        return;
      }
      if (!isObject) return;
      const issue = distributionIssue(key, value as SizeDistribution, min, max);
      if (issue) ctx.addIssue(issue);
    }),
  );
}

/** Field-name and value lengths paired (FieldValuePairs): whole lengths within their fields' bounds, weights above 0. */
function fieldValuePairsSchema(key: string): z.ZodMiniType {
  const length = (what: string, min: number, max: number) =>
    z
      .number({ error: `${key}: each ${what} is a number` })
      .check(
        z.int({ error: `${key}: each ${what} is a whole number of bytes` }),
        z.minimum(min, { error: `${key}: each ${what} is ${min} to ${formatCount(max)} bytes` }),
        z.maximum(max, { error: `${key}: each ${what} is ${min} to ${formatCount(max)} bytes` }),
      );
  return z.strictObject(
    {
      kind: z.literal('pairs', { error: `${key} is {"kind":"pairs","buckets":[...]}` }),
      buckets: z
        .array(
          z.strictObject(
            {
              field: length('field', 1, LIMITS.keyBytes),
              value: length('value', 0, LIMITS.valueBytes),
              weight: finiteNumber(key, { min: 0, max: Number.MAX_VALUE }, `${key}: each weight is a number`).check(
                z.positive({ error: `${key}: each weight is above 0` }),
              ),
            },
            { error: `${key}: each bucket is {"field":F,"value":V,"weight":W}` },
          ),
          { error: `${key}: buckets is a list` },
        )
        .check(
          z.minLength(1, { error: `${key}: at least one bucket` }),
          z.maxLength(MAX_HISTOGRAM_BUCKETS, { error: `${key}: at most ${MAX_HISTOGRAM_BUCKETS} buckets` }),
        ),
    },
    { error: `${key} is {"kind":"pairs","buckets":[...]}` },
  );
}

/** The schema of one field's value, from its specification. */
function fieldValueSchema(field: WorkloadFieldSpec): z.ZodMiniType {
  const { key, min = 0, max = Number.MAX_VALUE } = field;
  if (field.varies) {
    const number = count(key, max, min, field.input === 'bytes' ? readBytes : readCount);
    return varyingSchema(key, number, min, max);
  }
  switch (field.input) {
    case 'name':
      return z
        .string({ error: `${key} must be text` })
        .check(
          z.trim(),
          z.minLength(min, { error: `${key} cannot be empty` }),
          z.maxLength(max, { error: `${key}: at most ${max} characters` }),
        );
    case 'type':
      return z.enum(DATA_TYPES, { error: `${key} is one of ${DATA_TYPES.join(', ')}` });
    case 'valueKind':
      return z.enum(VALUE_KINDS, { error: `${key} is one of ${VALUE_KINDS.join(', ')}` });
    case 'pairs':
      return fieldValuePairsSchema(key);
    case 'elements':
      return z.enum(ELEMENT_SIZES, { error: `${key} is one of ${ELEMENT_SIZES.join(', ')}` });
    case 'written':
      return z.enum(WRITE_HISTORIES, { error: `${key} is one of ${WRITE_HISTORIES.join(', ')}` });
    case 'count':
      return count(key, max, min, readCount);
    case 'bytes':
      return count(key, max, min, readBytes);
    case 'share':
      return finiteNumber(key, { min, max }, notANumber(key, readShare)).check(
        z.minimum(min, { error: `${key} is a share from ${min} to ${max}` }),
        z.maximum(max, { error: `${key} is a share from ${min} to ${max}` }),
      );
    case 'growth':
      return growthSchema;
  }
}

/** What holds across fields: which types have a field, which need it, and what one field's value narrows another to. */
function checkAcrossFields(w: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>) {
  const type = w.type as DataType;
  for (const field of workloadFields) {
    const present = w[field.key] !== undefined;
    const narrowing = field.narrows;
    // zod runs this check even when a field failed its own: a narrowed value is read only once valid.
    const narrowed = narrowing && w[narrowing.field];
    if (narrowing && w[field.key] === narrowing.when && FIELD_VALUE_SCHEMAS.get(narrowing.field)?.safeParse(narrowed).success) {
      const [least, most] = sizeRange(narrowed as number | SizeDistribution);
      if (least < narrowing.min || most > narrowing.max) {
        ctx.addIssue({ code: 'custom', path: [field.key], message: narrowing.message, params: { reason: narrowing.reason } });
      }
    }
    if (present && !appliesTo(field, type)) {
      const { message, reason } = field.notApplicable ?? {
        message: `${field.key} applies to ${field.appliesTo.join(', ')} workloads only`,
        reason: 'notApplicable',
      };
      ctx.addIssue({ code: 'custom', path: [field.key], message, params: { reason, type } });
    }
    if (!present && isRequiredFor(field, type)) {
      const needed = field.needed ?? { message: () => `a ${type} workload needs ${field.key}`, reason: 'fieldNeeded' };
      ctx.addIssue({
        code: 'custom',
        path: [field.key],
        message: needed.message(type),
        params: { reason: needed.reason, type, field: field.key },
      });
    }
  }
}

/** Each field's own schema, made once: the workload's shape and the checks across fields read them. */
const FIELD_VALUE_SCHEMAS = new Map(workloadFields.map((field) => [field.key, fieldValueSchema(field)]));

/** One workload: its fields (workloadFields.ts), each checked alone, then across each other. */
export const workloadSchema = z
  .strictObject(
    Object.fromEntries(
      workloadFields.map((field) => {
        const value = FIELD_VALUE_SCHEMAS.get(field.key)!;
        return [field.key, field.requiredFor === 'all' ? value : z.optional(value)];
      }),
    ),
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown workload field ${issue.keys.map((key) => JSON.stringify(key.slice(0, 40))).join(', ')}`
          : 'a workload is a set of named fields',
    },
  )
  .check(z.superRefine(checkAcrossFields)) as unknown as z.ZodMiniType<Workload>;
export type { Workload } from './workloadFields';

const threshold = (what: keyof typeof THRESHOLD_LIMITS, ...more: z.core.$ZodCheck<number>[]) => {
  const { min, max } = THRESHOLD_LIMITS[what];
  return z.optional(
    finiteNumber(what, { min, max }, `${what} must be a number`).check(
      z.maximum(max, { error: `${what}: at most ${formatCount(max)}`, abort: true }),
      z.int({ error: `${what} must be a whole number` }),
      z.minimum(min, { error: min === 0 ? `${what} cannot be negative` : `${what}: at least ${min}` }),
      ...more,
    ),
  );
};

/** Server settings that choose compact or large encodings (valkey.conf names in camelCase). */
export const encodingConfigSchema = z.strictObject({
  hashMaxListpackEntries: threshold('hashMaxListpackEntries'),
  hashMaxListpackValue: threshold('hashMaxListpackValue'),
  setMaxIntsetEntries: threshold('setMaxIntsetEntries'),
  setMaxListpackEntries: threshold('setMaxListpackEntries'),
  setMaxListpackValue: threshold('setMaxListpackValue'),
  zsetMaxListpackEntries: threshold('zsetMaxListpackEntries'),
  zsetMaxListpackValue: threshold('zsetMaxListpackValue'),
  listMaxListpackSize: threshold(
    'listMaxListpackSize',
    z.refine((v) => v !== 0, {
      error: 'listMaxListpackSize is -1 to -5 (4 to 64 KiB per node) or a positive element count',
      params: { reason: 'listNodeSize' },
    }),
  ),
});
export type EncodingConfig = z.infer<typeof encodingConfigSchema>;

/** The most applied advice items a scenario records (src/scenario/advice.ts keeps the latest). */
export const MAX_APPLIED_ADVICE = 50;

/**
 * The scenario's `appliedAdvice`: the advice items applied to it, in order (src/scenario/advice.ts,
 * AppliedAdvice). A record, checked for its shape only: a workload renamed since keeps its record.
 */
function appliedAdviceSchema() {
  const workload = z
    .string({ error: 'an applied item names its workload' })
    .check(z.maxLength(LIMITS.nameLength, { error: `an applied item's workload: at most ${LIMITS.nameLength} characters` }));
  const whole = (what: string, min: number, max: number) =>
    z
      .number({ error: `${what} must be a number` })
      .check(
        z.int({ error: `${what} must be a whole number` }),
        z.minimum(min, { error: `${what}: at least ${min}` }),
        z.maximum(max, { error: `${what}: at most ${max}` }),
      );
  const item = z.discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('shorterKeys'),
        workload,
        keyBytes: whole('keyBytes', 1, LIMITS.keyBytes),
        fromKeyBytes: whole('fromKeyBytes', 1, LIMITS.keyBytes),
      }),
      z.strictObject({ kind: z.literal('integerValues'), workload }),
      z.strictObject({ kind: z.literal('listpackLimit'), workload, config: encodingConfigSchema }),
      z.strictObject({
        kind: z.literal('hashBuckets'),
        workload,
        bucket: whole('bucket', 1, LIMITS.fields),
        digits: whole('digits', 1, LIMITS.keyBytes),
      }),
      z.strictObject({ kind: z.literal('keyTtl'), workload }),
      z.strictObject({
        kind: z.literal('dropTtl'),
        workload,
        ttlFraction: z
          .number({ error: 'ttlFraction must be a number' })
          .check(
            z.minimum(0, { error: 'ttlFraction is a share from 0 to 1' }),
            z.maximum(1, { error: 'ttlFraction is a share from 0 to 1' }),
          ),
      }),
      z.strictObject({ kind: z.literal('line'), line: lineSchema, from: lineSchema }),
      z.strictObject({ kind: z.literal('allocator'), allocator: z.enum(ALLOCATORS) }),
    ],
    {
      error: 'an applied item is one of shorterKeys, integerValues, listpackLimit, hashBuckets, keyTtl, dropTtl, line, allocator',
    },
  );
  return z.array(item).check(z.maxLength(MAX_APPLIED_ADVICE, { error: `appliedAdvice: at most ${MAX_APPLIED_ADVICE} items` }));
}

/**
 * How a string workload's keys change after the load, for the RSS model (model/fragmentation.ts):
 * keys replaced per day over `days` days, the value sizes of the new keys, keys deleted without
 * replacement, values rewritten larger or smaller.
 */
export const churnSchema = z.strictObject({
  /** The name of the string workload whose keys churn. */
  workload: z.string({ error: 'churn workload must be the name of a workload' }),
  replacedPerDay: z.optional(share('replacedPerDay')),
  /** Days since the load (a restart, a full sync or a defragmentation); default 7. */
  days: z.optional(
    bounded('days', 0, z.minimum(0, { error: 'days cannot be negative' }), LIMITS.churnDays, `days: at most ${LIMITS.churnDays}`),
  ),
  newValueBytes: z.optional(
    varyingSchema('newValueBytes', count('newValueBytes', LIMITS.valueBytes, 1, readBytes), 1, LIMITS.valueBytes),
  ),
  deletedShare: z.optional(share('deletedShare')),
  rewrittenShare: z.optional(share('rewrittenShare')),
  rewriteFactor: z.optional(
    bounded(
      'rewriteFactor',
      0,
      z.positive({ error: 'rewriteFactor must be above 0' }),
      LIMITS.rewriteFactor,
      `rewriteFactor: at most ${LIMITS.rewriteFactor}`,
    ),
  ),
});
export type ChurnInput = z.infer<typeof churnSchema>;

/** The scenario's fields, each validated on its own (what a damaged link can still keep). */
export const scenarioFieldsSchema = z.strictObject({
  schema: z.literal(1, { error: 'schema must be 1 (the only scenario schema so far)' }),
  name: z.optional(
    z
      .string({ error: 'name must be text' })
      .check(z.maxLength(LIMITS.nameLength, { error: `name: at most ${LIMITS.nameLength} characters` })),
  ),
  workloads: z
    .array(workloadSchema)
    .check(
      z.minLength(1, { error: 'a scenario needs at least one workload' }),
      z.maxLength(LIMITS.workloads, { error: `at most ${LIMITS.workloads} workloads` }),
    ),
  /** The advice items applied to the scenario, in order: a record that travels with it. */
  appliedAdvice: z.optional(appliedAdviceSchema()),
  allocator: z.optional(z.enum(ALLOCATORS)),
  versions: z.optional(z.array(lineSchema).check(z.minLength(1, { error: 'versions cannot be empty' }))),
  baseline: z.optional(lineSchema),
  target: z.optional(lineSchema),
  deployment: z.optional(deploymentSchema),
  config: z.optional(encodingConfigSchema),
  cost: z.optional(costSchema),
  /** How every workload without a growth of its own grows (a workload's own growth overrides it). */
  growth: z.optional(growthSchema),
  /** Churn of string workloads, for the modelled RSS (one entry per workload). */
  churn: z.optional(
    z.array(churnSchema).check(z.maxLength(LIMITS.workloads, { error: `churn: at most ${LIMITS.workloads} entries` })),
  ),
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
    const rule = providerRules.rules.find((r) => r.id === s.deployment?.providerRule);
    for (const field of ['reservedPercent', 'headroomPercent'] as const) {
      const given = s.deployment?.[field];
      if (rule && given !== undefined && given !== rule[field]) {
        ctx.addIssue({
          code: 'custom',
          path: ['deployment', field],
          message: `${field} ${given} is not the ${rule[field]} of providerRule ${rule.id}: leave one of them out`,
          params: { reason: 'ruleFiguresDiffer', field, given, rule: rule.id, ruleValue: rule[field] },
        });
      }
    }
    if (s.versions && new Set(s.versions).size !== s.versions.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['versions'],
        message: 'versions lists a line twice',
        params: { reason: 'lineTwice' },
      });
    }
    churnIssues(s).forEach((issue) => ctx.addIssue(issue));
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

/** Churn that names no string workload, names one twice, or touches more than all of its keys. */
function churnIssues(s: z.infer<typeof scenarioFieldsSchema>) {
  // The whole entry is at fault (a link drops it, with its notice): the message names the field.
  const issue = (i: number, message: string) => ({
    code: 'custom' as const,
    path: ['churn', i],
    message,
    params: { reason: 'churn' },
  });
  return (s.churn ?? []).flatMap((c, i) => {
    const w = s.workloads.find((x) => x.name.trim() === c.workload.trim());
    if (!w) return [issue(i, `churn names workload "${c.workload}", which the scenario does not have`)];
    if (w.type !== 'string') return [issue(i, `churn is modelled for string workloads only, and "${c.workload}" is a ${w.type}`)];
    if (s.churn!.findIndex((x) => x.workload.trim() === c.workload.trim()) !== i)
      return [issue(i, `churn names workload "${c.workload}" twice`)];
    const touched = (c.deletedShare ?? 0) + (c.rewrittenShare ?? 0);
    if (touched > 1) return [issue(i, 'deletedShare and rewrittenShare together exceed all the keys')];
    return [];
  });
}

/** Parses untrusted scenario JSON into a typed scenario, or a message naming each bad field. */
export function parseScenario(json: unknown): { ok: true; scenario: Scenario } | { ok: false; error: string } {
  const result = scenarioSchema.safeParse(json);
  if (result.success) return { ok: true, scenario: result.data };
  return { ok: false, error: z.prettifyError(result.error) };
}
