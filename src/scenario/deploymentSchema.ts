/** How the dataset is deployed and what its nodes cost: the scenario's deployment and cost fields. */
import { z } from '../data/zod';
import { providerRules } from '../data/providerRules';
import { formatCount } from '../format/count';
import { LIMITS } from './limits';
import { bounded, count, nonNegative, readBytes, readCount } from './schemaNumbers';

/** How the dataset is deployed: everything beside used_memory that decides the RAM to buy. */
export const deploymentSchema = z.strictObject({
  cluster: z.optional(z.boolean()),
  shards: z.optional(count('shards', LIMITS.shards, 1, readCount, `shards: at most ${formatCount(LIMITS.shards)}`)),
  replicas: z.optional(
    count('replicas', LIMITS.replicasPerShard, 0, readCount, `replicas: at most ${LIMITS.replicasPerShard} per shard`),
  ),
  fragmentationRatio: z.optional(
    bounded(
      'fragmentationRatio',
      1,
      z.minimum(1, { error: 'fragmentationRatio is RSS / used_memory, at least 1' }),
      LIMITS.fragmentationRatio,
      `fragmentationRatio above ${LIMITS.fragmentationRatio} is a broken server, not a plan`,
    ),
  ),
  headroomPercent: z.optional(nonNegative('headroomPercent', LIMITS.headroomPercent)),
  reservedPercent: z.optional(nonNegative('reservedPercent', LIMITS.reservedPercent)),
  processBaselineBytes: z.optional(
    count(
      'processBaselineBytes',
      LIMITS.processBaselineBytes,
      0,
      readBytes,
      `processBaselineBytes: at most ${formatCount(LIMITS.processBaselineBytes)} bytes`,
    ),
  ),
  instanceType: z.optional(
    z.string({ error: 'instanceType must be text' }).check(z.maxLength(40, { error: 'instanceType: at most 40 characters' })),
  ),
  /** The provider's rule (data/provider-rules.json) the reserve and headroom come from; they follow it when left out. */
  providerRule: z.optional(z.enum(providerRules.rules.map((r) => r.id) as [string, ...string[]])),
  /** `activedefrag yes` on the servers: the RSS under churn model counts on it where the build has it. */
  activedefrag: z.optional(z.boolean({ error: 'activedefrag is true or false' })),
});
export type Deployment = z.infer<typeof deploymentSchema>;

const nodeHourPrice = (what: string) =>
  bounded(
    what,
    0,
    z.positive({ error: `${what} must be above 0` }),
    LIMITS.pricePerNodeHour,
    `${what}: at most ${formatCount(LIMITS.pricePerNodeHour)} per hour`,
  );

/** What the deployment costs: a region of the price data, the user's own prices per node-hour, a discount, the request rate. */
export const costSchema = z.strictObject({
  region: z.optional(
    z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, { error: 'region is a cloud region id such as us-east-1' })),
  ),
  pricePerNodeHour: z.optional(nodeHourPrice('pricePerNodeHour')),
  /** The Redis OSS lines' own price (wins over pricePerNodeHour): managed services price the engines apart. */
  pricePerNodeHourRedisOss: z.optional(nodeHourPrice('pricePerNodeHourRedisOss')),
  pricePerNodeHourValkey: z.optional(nodeHourPrice('pricePerNodeHourValkey')),
  discountPercent: z.optional(nonNegative('discountPercent', LIMITS.discountPercent)),
  /** Reads and writes per second: serverless bills them in ECPUs. */
  requestsPerSecond: z.optional(nonNegative('requestsPerSecond', LIMITS.requestsPerSecond)),
  /** Kilobytes a request transfers on average: 1 ECPU per KB, at least one per request. */
  kbPerRequest: z.optional(
    bounded(
      'kbPerRequest',
      0,
      z.positive({ error: 'kbPerRequest must be above 0' }),
      LIMITS.kbPerRequest,
      `kbPerRequest: at most ${formatCount(LIMITS.kbPerRequest)}`,
    ),
  ),
});
export type CostInput = z.infer<typeof costSchema>;
