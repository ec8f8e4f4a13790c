import { z } from './zod';
import { ENGINES, PLATFORMS } from './vocabulary';

/**
 * How data files name a release line ("7.2", "redis-7.0"). Which lines exist is the model's line
 * registry's to say; a test checks that every line a data file names is in it.
 */
export const lineNameSchema = z.string().check(z.regex(/^(redis-)?\d+\.\d+$/, { error: 'a release line such as "8.1"' }));

const nonEmpty = z.string().check(z.minLength(1));
const positive = z.number().check(z.positive());
const positiveInt = z.int().check(z.positive());

/** Where a figure comes from: every data file names its source so a reader can check it. */
export const sourceSchema = z.strictObject({
  title: nonEmpty,
  publisher: nonEmpty,
  author: z.optional(z.string()),
  date: z.nullable(z.iso.date()),
  dateNote: z.optional(z.string()),
  site: nonEmpty,
  alsoReportedBy: z.optional(z.array(z.string())),
});
export type Source = z.infer<typeof sourceSchema>;

const publishedChangeSchema = z.strictObject({ against: lineNameSchema, percent: z.number() });

export const stringBenchmarkSchema = z.strictObject({
  id: z.literal('percona-string-benchmark'),
  source: sourceSchema,
  method: z.strictObject({
    builds: z.string(),
    server: z.string(),
    load: z.string(),
    measure: z.string(),
    keyBytes: positiveInt,
    valueBytes: z.int().check(z.nonnegative()),
    memoryUnit: z.literal('MiB'),
    memoryUnitNote: z.string(),
  }),
  rows: z
    .array(
      z.strictObject({
        version: lineNameSchema,
        release: z.string().check(z.regex(/^\d+\.\d+\.\d+$/)),
        uniqueKeys: positiveInt,
        memoryAddedMiB: positive,
        bytesPerKey: positive,
        publishedChanges: z.array(publishedChangeSchema),
      }),
    )
    .check(z.minLength(1)),
  publishedClaims: z.strictObject({
    moreKeysOnSameHardwarePercent: z.number(),
    moreKeysBetween: z.tuple([lineNameSchema, lineNameSchema]),
  }),
  reasons: z.array(z.strictObject({ version: lineNameSchema, change: z.string() })),
  appliesTo: z.string(),
});
export type StringBenchmark = z.infer<typeof stringBenchmarkSchema>;
export type StringBenchmarkRow = StringBenchmark['rows'][number];

export const introFiguresSchema = z.strictObject({
  id: z.literal('percona-intro-1tb'),
  source: sourceSchema,
  method: z.string(),
  baseline: z.strictObject({ version: lineNameSchema, gigabytes: positive }),
  figures: z.array(z.strictObject({ version: lineNameSchema, gigabytes: positive })).check(z.minLength(1)),
});
export type IntroFigures = z.infer<typeof introFiguresSchema>;

export const stringsVsHashSchema = z.strictObject({
  id: z.literal('percona-strings-vs-hash'),
  source: sourceSchema,
  method: z.string(),
  versionNamed: z.boolean(),
  users: positiveInt,
  memoryUnit: z.string(),
  fields: z.array(z.strictObject({ name: nonEmpty, value: z.string() })).check(z.minLength(1)),
  schemas: z
    .array(z.strictObject({ id: z.enum(['strings', 'hash']), description: z.string(), reportedMB: positive }))
    .check(z.length(2)),
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
    rules: z.array(z.strictObject({ cores: positiveInt, ioThreads: z.array(positiveInt).check(z.minLength(1)) })),
  }),
  points: z.array(
    z.strictObject({
      id: z.string(),
      instance: z.string(),
      setup: z.string(),
      operation: z.string(),
      qpsAtLeast: z.optional(positive),
      qpsUpTo: z.optional(positive),
      qpsAbout: z.optional(positive),
      note: z.optional(z.string()),
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
        id: nonEmpty,
        /** Where a node of this type runs: its prices and rules come from that platform only. */
        platform: z.enum(PLATFORMS),
        offering: nonEmpty,
        vcpus: positiveInt,
        memoryGiB: positive,
      }),
    )
    .check(z.minLength(1)),
});
export type InstanceTypes = z.infer<typeof instanceTypesSchema>;
export type InstanceType = InstanceTypes['types'][number];

export const emptyServerSchema = z.strictObject({
  id: z.literal('empty-server'),
  source: sourceSchema,
  method: z.string(),
  usedMemoryBytes: positiveInt,
  usedMemoryStartupBytes: positiveInt,
  note: z.string(),
  /** The empty process of each line's own server, where one was measured. */
  byLine: z.strictObject({
    note: z.string(),
    servers: z.array(z.strictObject({ line: lineNameSchema, server: nonEmpty, usedMemoryBytes: positiveInt })),
  }),
});
export type EmptyServer = z.infer<typeof emptyServerSchema>;

export const caveatsSchema = z.strictObject({
  id: z.literal('caveats'),
  source: sourceSchema,
  caveats: z.array(
    z.strictObject({
      id: nonEmpty,
      appliesTo: z.enum(['bytesPerKey', 'dataset', 'allocator', 'change', 'deployment', 'version']),
      text: nonEmpty,
    }),
  ),
});
export type Caveats = z.infer<typeof caveatsSchema>;

const regionSchema = z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/));

export const pricesSchema = z
  .strictObject({
    id: z.literal('prices'),
    currency: z.literal('USD'),
    method: z.string(),
    sources: z
      .array(
        z.strictObject({
          id: nonEmpty,
          title: nonEmpty,
          publisher: nonEmpty,
          url: z.url(),
          published: z.nullable(z.iso.date()),
          publishedNote: z.optional(z.string()),
          retrieved: z.iso.date(),
        }),
      )
      .check(z.minLength(1)),
    nodePrices: z.array(
      z.strictObject({
        instanceType: nonEmpty,
        offering: nonEmpty,
        region: regionSchema,
        usdPerHour: positive,
        source: nonEmpty,
        quote: nonEmpty,
      }),
    ),
    serverless: z.array(
      z.strictObject({
        id: nonEmpty,
        offering: nonEmpty,
        region: regionSchema,
        usdPerGBHour: positive,
        minimumGB: positive,
        engine: z.enum(ENGINES),
        /** ElastiCache Processing Units: reads and writes billed per kilobyte transferred. */
        usdPerMillionECPUs: positive,
        source: nonEmpty,
        minimumSource: nonEmpty,
        ecpuSource: nonEmpty,
        ecpuRule: nonEmpty,
        quote: nonEmpty,
      }),
    ),
  })
  .check(
    z.superRefine((p, ctx) => {
      const ids = new Set(p.sources.map((s) => s.id));
      const cited = [
        ...p.nodePrices.map((n) => n.source),
        ...p.serverless.flatMap((s) => [s.source, s.minimumSource, s.ecpuSource]),
      ];
      for (const id of cited) if (!ids.has(id)) ctx.addIssue({ code: 'custom', message: `price cites unknown source "${id}"` });
    }),
  );
export type Prices = z.infer<typeof pricesSchema>;
export type NodePrice = Prices['nodePrices'][number];
export type ServerlessPrice = Prices['serverless'][number];
export type PriceSource = Prices['sources'][number];

const nodeHourPrices = z.record(z.string().check(z.regex(/^cache\.[a-z0-9]+\.[a-z0-9]+$/)), positive);

/**
 * ElastiCache node-hour prices per engine and region, each table with the repository it was
 * copied from, the origin that repository states and the date it states it read them.
 */
export const elasticachePricesSchema = z.strictObject({
  id: z.literal('elasticache-prices'),
  provider: nonEmpty,
  term: z.literal('on-demand'),
  currency: z.literal('USD'),
  unit: z.literal('per node-hour'),
  method: nonEmpty,
  caveat: nonEmpty,
  tables: z
    .array(
      z.strictObject({
        region: regionSchema,
        source: z.strictObject({
          repository: z.string().check(z.regex(/^[\w.-]+\/[\w.-]+$/)),
          commit: z.string().check(z.regex(/^[0-9a-f]{40}$/)),
          path: nonEmpty,
          tables: z.array(nonEmpty).check(z.minLength(1)),
          statedOrigin: nonEmpty,
          readOn: z.nullable(z.iso.date()),
          copiedOn: z.iso.date(),
          confidence: nonEmpty,
        }),
        redisOss: nodeHourPrices,
        valkey: nodeHourPrices,
      }),
    )
    .check(z.minLength(1)),
});
export type ElasticachePrices = z.infer<typeof elasticachePricesSchema>;
export type ElasticachePriceTable = ElasticachePrices['tables'][number];

/** A provider's rule for what a node keeps free: the deployment's reserve and headroom it sets, quoted from its page. */
export const providerRulesSchema = z.strictObject({
  id: z.literal('provider-rules'),
  method: z.string(),
  rules: z
    .array(
      z.strictObject({
        id: z.string().check(z.regex(/^[a-z][a-z-]*$/)),
        provider: nonEmpty,
        /** A share of the node, as the deployment's reservedPercent. */
        reservedPercent: z.number().check(z.gte(0), z.lt(100)),
        /** A share of RSS, as the deployment's headroomPercent. */
        headroomPercent: z.number().check(z.gte(0), z.lte(300)),
        setting: nonEmpty,
        quote: nonEmpty,
        note: nonEmpty,
        source: z.strictObject({
          title: nonEmpty,
          publisher: nonEmpty,
          url: z.url(),
          published: z.nullable(z.iso.date()),
          retrieved: z.iso.date(),
        }),
      }),
    )
    .check(z.minLength(1)),
});
export type ProviderRules = z.infer<typeof providerRulesSchema>;
export type ProviderRule = ProviderRules['rules'][number];
