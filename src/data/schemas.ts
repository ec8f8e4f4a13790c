import { z } from 'zod';
import { versionLineSchema } from './vocabulary';

/** Where a figure comes from: every data file names its source so a reader can check it. */
export const sourceSchema = z.strictObject({
  title: z.string().min(1),
  publisher: z.string().min(1),
  author: z.string().optional(),
  date: z.iso.date().nullable(),
  dateNote: z.string().optional(),
  site: z.string().min(1),
  alsoReportedBy: z.array(z.string()).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

const publishedChangeSchema = z.strictObject({ against: versionLineSchema, percent: z.number() });

export const stringBenchmarkSchema = z.strictObject({
  id: z.literal('percona-string-benchmark'),
  source: sourceSchema,
  method: z.strictObject({
    builds: z.string(),
    server: z.string(),
    load: z.string(),
    measure: z.string(),
    keyBytes: z.number().int().positive(),
    valueBytes: z.number().int().nonnegative(),
    memoryUnit: z.literal('MiB'),
    memoryUnitNote: z.string(),
  }),
  rows: z
    .array(
      z.strictObject({
        version: versionLineSchema,
        release: z.string().regex(/^\d+\.\d+\.\d+$/),
        uniqueKeys: z.number().int().positive(),
        memoryAddedMiB: z.number().positive(),
        bytesPerKey: z.number().positive(),
        publishedChanges: z.array(publishedChangeSchema),
      }),
    )
    .length(5),
  publishedClaims: z.strictObject({
    moreKeysOnSameHardwarePercent: z.number(),
    moreKeysBetween: z.tuple([versionLineSchema, versionLineSchema]),
  }),
  reasons: z.array(z.strictObject({ version: versionLineSchema, change: z.string() })),
  appliesTo: z.string(),
});
export type StringBenchmark = z.infer<typeof stringBenchmarkSchema>;
export type StringBenchmarkRow = StringBenchmark['rows'][number];

export const introFiguresSchema = z.strictObject({
  id: z.literal('percona-intro-1tb'),
  source: sourceSchema,
  method: z.string(),
  baseline: z.strictObject({ version: versionLineSchema, gigabytes: z.number().positive() }),
  figures: z.array(z.strictObject({ version: versionLineSchema, gigabytes: z.number().positive() })).min(1),
});
export type IntroFigures = z.infer<typeof introFiguresSchema>;

export const stringsVsHashSchema = z.strictObject({
  id: z.literal('percona-strings-vs-hash'),
  source: sourceSchema,
  method: z.string(),
  versionNamed: z.boolean(),
  users: z.number().int().positive(),
  memoryUnit: z.string(),
  fields: z.array(z.strictObject({ name: z.string().min(1), value: z.string() })).min(1),
  schemas: z
    .array(z.strictObject({ id: z.enum(['strings', 'hash']), description: z.string(), reportedMB: z.number().positive() }))
    .length(2),
  publishedSavingPercent: z.number(),
  tradeOffs: z.array(z.string()),
});
export type StringsVsHash = z.infer<typeof stringsVsHashSchema>;

export const throughputReferenceSchema = z.strictObject({
  id: z.literal('throughput-reference'),
  source: sourceSchema,
  method: z.string(),
  ioThreadsGuidance: z.strictObject({
    source: z.string(),
    rules: z.array(
      z.strictObject({ cores: z.number().int().positive(), ioThreads: z.array(z.number().int().positive()).min(1) }),
    ),
  }),
  points: z.array(
    z.strictObject({
      id: z.string(),
      instance: z.string(),
      setup: z.string(),
      operation: z.string(),
      qpsAtLeast: z.number().positive().optional(),
      qpsUpTo: z.number().positive().optional(),
      qpsAbout: z.number().positive().optional(),
      note: z.string().optional(),
    }),
  ),
  notes: z.array(z.string()),
});
export type ThroughputReference = z.infer<typeof throughputReferenceSchema>;

export const instanceTypesSchema = z.strictObject({
  id: z.literal('instance-types'),
  source: sourceSchema,
  method: z.string(),
  types: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        offering: z.string().min(1),
        vcpus: z.number().int().positive(),
        memoryGiB: z.number().positive(),
      }),
    )
    .min(1),
});
export type InstanceTypes = z.infer<typeof instanceTypesSchema>;
export type InstanceType = InstanceTypes['types'][number];

export const emptyServerSchema = z.strictObject({
  id: z.literal('empty-server'),
  source: sourceSchema,
  method: z.string(),
  usedMemoryBytes: z.number().int().positive(),
  usedMemoryStartupBytes: z.number().int().positive(),
  note: z.string(),
});
export type EmptyServer = z.infer<typeof emptyServerSchema>;

export const caveatsSchema = z.strictObject({
  id: z.literal('caveats'),
  source: sourceSchema,
  caveats: z.array(
    z.strictObject({
      id: z.string().min(1),
      appliesTo: z.enum(['bytesPerKey', 'dataset', 'allocator', 'change', 'deployment', 'version']),
      text: z.string().min(1),
    }),
  ),
});
export type Caveats = z.infer<typeof caveatsSchema>;
