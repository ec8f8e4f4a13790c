import { elasticachePrices } from '../data/elasticachePrices';
import { prices } from '../data/prices';
import type { ElasticachePriceTable, PriceSource, ServerlessPrice } from '../data/schemas';
import type { Engine, Platform } from '../data/vocabulary';
import { findInstanceType } from './deployment';
import type { ScenarioEstimate } from './estimate';
import { LINES, type LineId } from './lineRegistry';
import { GIB } from './units';

/** Hours billed in a month, as cloud price pages count them: 8,760 hours a year over 12 months. */
export const HOURS_PER_MONTH = 730;
export const MONTHS_PER_YEAR = 12;
const SECONDS_PER_HOUR = 3600;
/** The region priced when none is chosen and the data lists none for the node type. */
export const DEFAULT_REGION = 'us-east-1';

/** What the user set about money: every field optional, as a scenario carries it. */
export interface CostSettings {
  region?: string | undefined;
  /** Replaces the listed on-demand price of the deployment's node type on every engine, per node-hour. */
  pricePerNodeHour?: number | undefined;
  /** Replaces it for the Redis OSS lines only (wins over pricePerNodeHour). */
  pricePerNodeHourRedisOss?: number | undefined;
  /** Replaces it for the Valkey lines only (wins over pricePerNodeHour). */
  pricePerNodeHourValkey?: number | undefined;
  /** A reserved-node or committed-use discount on every price, 0 to 100. */
  discountPercent?: number | undefined;
  /** Reads and writes per second, for serverless ECPUs; none leaves ECPUs out. */
  requestsPerSecond?: number | undefined;
  /** Kilobytes a request transfers on average; serverless bills 1 ECPU per KB, at least one per request. */
  kbPerRequest?: number | undefined;
}

/** A node-hour price as the data lists it. */
export interface ListedNodePrice {
  instanceType: string;
  region: string;
  /** Null for a price that is the same whatever engine runs on the node (an EC2 instance). */
  engine: Engine | null;
  usdPerHour: number;
  /** The offering in the data's words (the page translates it). */
  offering: string;
  /** The id of its source: a page in prices.sources, or a repository table (repositorySourceId). */
  source: string;
}

export interface NodeHourPrice {
  region: string;
  engine: Engine;
  /** Before the discount; null when neither the data nor the user gives a price. */
  usdPerHour: number | null;
  origin: 'listed' | 'override' | 'missing';
  /** The data's entry for this node type, engine and region, even when overridden. */
  listed: ListedNodePrice | null;
}

export interface Money {
  perMonth: number;
  perYear: number;
}

/**
 * Why the target costs less (or more): the memory it needs (fewer nodes, less data stored) at the
 * baseline's price, and the engine's price on what the target still runs. They add up to the saving.
 */
export interface SavingCauses {
  byMemory: Money;
  byEnginePrice: Money;
}

export interface Saving extends Money {
  /** Of the baseline's cost; null when the baseline costs nothing. */
  percent: number | null;
  causes: SavingCauses;
}

export interface LineCost extends Money {
  version: LineId;
  engine: Engine;
  nodes: number;
  /** The price per node-hour after the discount. */
  usdPerHour: number;
  /** What this line saves against the baseline line; null when the baseline is not estimated. */
  vsBaseline: Saving | null;
}

export interface ServerlessLineCost extends Money {
  version: LineId;
  engine: Engine;
  offering: ServerlessPrice;
  billedGB: number;
  storage: Money;
  /** ECPUs a month from the request rate; null without one. */
  ecpusPerMonth: number | null;
  ecpus: Money | null;
  vsBaseline: Saving | null;
}

export interface ServerlessCost {
  region: string;
  lines: ServerlessLineCost[];
  saving: Saving | null;
  requestsPerSecond: number | null;
  ecpusPerRequest: number;
}

/** A price table copied from a public repository: where, which commit, and what it says of its origin. */
export interface RepositoryPriceSource {
  id: string;
  region: string;
  repository: string;
  commit: string;
  path: string;
  url: string;
  statedOrigin: string;
  readOn: string | null;
  copiedOn: string;
  confidence: string;
  caveat: string;
}

export interface CostEstimate {
  platform: Platform;
  region: string;
  /** The deployment's node type priced for each engine the selected lines run, in ENGINE order. */
  prices: NodeHourPrice[];
  discountPercent: number;
  hoursPerMonth: number;
  /** Null until every selected line's engine has a price per node-hour. */
  lines: LineCost[] | null;
  /** Target against baseline: positive when the target costs less. */
  saving: Saving | null;
  /** The same lines on the serverless offering of each line's engine; null where the region has none. */
  serverless: ServerlessCost | null;
  /** The pages the prices in use come from. */
  sources: PriceSource[];
  /** The repository tables the prices in use come from. */
  repositorySources: RepositoryPriceSource[];
}

/** The engine a line's server runs, as a managed service bills it. */
export function engineOf(line: LineId): Engine {
  return LINES.entry(line).family === 'valkey' ? 'valkey' : 'redis-oss';
}

/** Where a node type runs (the catalogue's platform). */
export function platformOf(instanceType: string): Platform {
  return findInstanceType(instanceType).platform;
}

function repositorySourceId(table: ElasticachePriceTable): string {
  return `elasticache-prices-${table.region}`;
}

const ENGINE_TABLE = { 'redis-oss': 'redisOss', valkey: 'valkey' } as const;
const ELASTICACHE_OFFERING: Record<Engine, string> = {
  'redis-oss': 'ElastiCache for Redis OSS, on-demand',
  valkey: 'ElastiCache for Valkey, on-demand',
};

/** Every listed node-hour price of one node type: ElastiCache per engine and region, EC2 per region. */
function listedPrices(instanceType: string): ListedNodePrice[] {
  const ec2 = prices.nodePrices
    .filter((p) => p.instanceType === instanceType)
    .map((p): ListedNodePrice => ({ ...p, engine: null }));
  const elasticache = elasticachePrices.tables.flatMap((table) =>
    (['redis-oss', 'valkey'] as const).flatMap((engine): ListedNodePrice[] => {
      const usdPerHour = table[ENGINE_TABLE[engine]][instanceType];
      return usdPerHour === undefined
        ? []
        : [
            {
              instanceType,
              region: table.region,
              engine,
              usdPerHour,
              offering: ELASTICACHE_OFFERING[engine],
              source: repositorySourceId(table),
            },
          ];
    }),
  );
  return [...ec2, ...elasticache];
}

/** Regions the data prices this node type in, in the data's order. */
export function regionsFor(instanceType: string): string[] {
  return [...new Set(listedPrices(instanceType).map((p) => p.region))];
}

/** Every region the data has any price for. */
export function pricedRegions(): string[] {
  return [
    ...new Set([
      ...elasticachePrices.tables.map((t) => t.region),
      ...prices.nodePrices.map((p) => p.region),
      ...prices.serverless.map((p) => p.region),
    ]),
  ];
}

/** The region priced: the user's, else the first the data prices the node type in. */
export function pricedRegion(instanceType: string, settings: CostSettings): string {
  return settings.region ?? regionsFor(instanceType)[0] ?? DEFAULT_REGION;
}

function overrideFor(engine: Engine, settings: CostSettings): number | undefined {
  const own = engine === 'valkey' ? settings.pricePerNodeHourValkey : settings.pricePerNodeHourRedisOss;
  return own ?? settings.pricePerNodeHour;
}

/** The price of one node-hour for an engine: the user's, else the data's for the region, else none. */
export function nodeHourPrice(instanceType: string, engine: Engine, settings: CostSettings): NodeHourPrice {
  const region = pricedRegion(instanceType, settings);
  const listed =
    listedPrices(instanceType).find((p) => p.region === region && (p.engine === null || p.engine === engine)) ?? null;
  const override = overrideFor(engine, settings);
  if (override !== undefined) return { region, engine, usdPerHour: override, origin: 'override', listed };
  return { region, engine, usdPerHour: listed?.usdPerHour ?? null, origin: listed ? 'listed' : 'missing', listed };
}

/** Cost of `units` (nodes or GB) billed `usdPerHour` each for a month and a year, after the discount. */
export function hourlyCost(units: number, usdPerHour: number, discountPercent: number): Money {
  return monthly(units * usdPerHour * (1 - discountPercent / 100) * HOURS_PER_MONTH);
}

function monthly(perMonth: number): Money {
  return { perMonth, perYear: perMonth * MONTHS_PER_YEAR };
}

function sum(a: Money, b: Money | null): Money {
  return b ? monthly(a.perMonth + b.perMonth) : a;
}

/**
 * What the target saves against the baseline, per month, per year and as a share of the baseline.
 * `targetAtBaselinePrice` is what the target's memory (nodes, data stored) would cost at the
 * baseline's prices: the saving by memory is the baseline less that, the rest is the engine's price.
 */
export function saving(baseline: Money, target: Money, targetAtBaselinePrice: Money = target): Saving {
  const perMonth = baseline.perMonth - target.perMonth;
  const byMemory = baseline.perMonth - targetAtBaselinePrice.perMonth;
  return {
    ...monthly(perMonth),
    percent: baseline.perMonth === 0 ? null : (perMonth / baseline.perMonth) * 100,
    causes: { byMemory: monthly(byMemory), byEnginePrice: monthly(perMonth - byMemory) },
  };
}

/** The engines the selected lines run, in ENGINES order. */
function enginesOf(estimate: ScenarioEstimate): Engine[] {
  const used = new Set(estimate.versions.map((v) => engineOf(v.version)));
  return (['redis-oss', 'valkey'] as const).filter((e) => used.has(e));
}

/**
 * Money per line on node-based clusters: nodes x the line's engine's price per node-hour x hours.
 * Null unless every selected line's engine has a price.
 */
export function linesCost(
  estimate: ScenarioEstimate,
  nodesOf: (version: LineId) => number,
  priceOf: (engine: Engine) => number | null,
  discountPercent: number,
): LineCost[] | null {
  const perHour = (engine: Engine) => priceOf(engine);
  if (estimate.versions.some((v) => perHour(engineOf(v.version)) === null)) return null;
  const baselineVersion = estimate.versions.find((v) => v.version === estimate.baseline);
  const baseline = baselineVersion && {
    nodes: nodesOf(baselineVersion.version),
    usdPerHour: perHour(engineOf(baselineVersion.version))!,
  };
  return estimate.versions.map((v): LineCost => {
    const engine = engineOf(v.version);
    const usdPerHour = perHour(engine)!;
    const nodes = nodesOf(v.version);
    const money = hourlyCost(nodes, usdPerHour, discountPercent);
    return {
      version: v.version,
      engine,
      nodes,
      usdPerHour: usdPerHour * (1 - discountPercent / 100),
      ...money,
      vsBaseline: baseline
        ? saving(
            hourlyCost(baseline.nodes, baseline.usdPerHour, discountPercent),
            money,
            hourlyCost(nodes, baseline.usdPerHour, discountPercent),
          )
        : null,
    };
  });
}

/** ECPUs per request: 1 per kilobyte transferred, at least one. */
export function ecpusPerRequest(settings: CostSettings): number {
  return Math.max(1, settings.kbPerRequest ?? 1);
}

/**
 * Serverless bills the data stored per GB-hour, with a minimum per cache, and requests in ECPUs.
 * Each line runs on its engine's offering. The data stored is taken as the keys' used_memory (the
 * dataset), one GB counted as one GiB.
 */
function serverlessCost(estimate: ScenarioEstimate, region: string, settings: CostSettings, discountPercent: number) {
  const offerings = new Map(prices.serverless.filter((p) => p.region === region).map((p) => [p.engine, p]));
  if (!enginesOf(estimate).every((e) => offerings.has(e))) return null;
  const requestsPerSecond = settings.requestsPerSecond ?? null;
  const perRequest = ecpusPerRequest(settings);
  const ecpusPerMonth = requestsPerSecond === null ? null : requestsPerSecond * SECONDS_PER_HOUR * HOURS_PER_MONTH * perRequest;
  const discount = 1 - discountPercent / 100;
  const priced = (offering: ServerlessPrice, datasetBytes: number) => {
    const billedGB = Math.max(offering.minimumGB, datasetBytes / GIB);
    const storage = hourlyCost(billedGB, offering.usdPerGBHour, discountPercent);
    const ecpus = ecpusPerMonth === null ? null : monthly((ecpusPerMonth / 1e6) * offering.usdPerMillionECPUs * discount);
    return { billedGB, storage, ecpus, total: sum(storage, ecpus) };
  };
  const baselineVersion = estimate.versions.find((v) => v.version === estimate.baseline);
  const baselineOffering = baselineVersion && offerings.get(engineOf(baselineVersion.version))!;
  const baseline = baselineVersion && baselineOffering && priced(baselineOffering, baselineVersion.datasetBytes);
  const lines = estimate.versions.map((v): ServerlessLineCost => {
    const engine = engineOf(v.version);
    const offering = offerings.get(engine)!;
    const own = priced(offering, v.datasetBytes);
    return {
      version: v.version,
      engine,
      offering,
      billedGB: own.billedGB,
      storage: own.storage,
      ecpusPerMonth,
      ecpus: own.ecpus,
      ...own.total,
      vsBaseline:
        baseline && baselineOffering ? saving(baseline.total, own.total, priced(baselineOffering, v.datasetBytes).total) : null,
    };
  });
  return {
    region,
    lines,
    saving: lines.find((l) => l.version === estimate.target)?.vsBaseline ?? null,
    requestsPerSecond,
    ecpusPerRequest: perRequest,
  };
}

function repositorySource(table: ElasticachePriceTable): RepositoryPriceSource {
  const { repository, commit, path, statedOrigin, readOn, copiedOn, confidence } = table.source;
  return {
    id: repositorySourceId(table),
    region: table.region,
    repository,
    commit,
    path,
    url: `https://github.com/${repository}/blob/${commit}/${path}`,
    statedOrigin,
    readOn,
    copiedOn,
    confidence,
    caveat: elasticachePrices.caveat,
  };
}

/** Money per line on the deployment's node type, each line at its engine's price; serverless beside it. */
export function estimateCost(estimate: ScenarioEstimate, instanceType: string, settings: CostSettings): CostEstimate {
  const region = pricedRegion(instanceType, settings);
  const discountPercent = settings.discountPercent ?? 0;
  const enginePrices = enginesOf(estimate).map((engine) => nodeHourPrice(instanceType, engine, { ...settings, region }));
  const priceOf = (engine: Engine) => enginePrices.find((p) => p.engine === engine)?.usdPerHour ?? null;
  const nodes = new Map(estimate.versions.map((v) => [v.version, v.deployment.nodes]));
  const lines = linesCost(estimate, (v) => nodes.get(v)!, priceOf, discountPercent);
  const serverless = serverlessCost(estimate, region, settings, discountPercent);
  const cited = new Set([
    ...enginePrices.flatMap((p) => (p.origin === 'listed' && p.listed ? [p.listed.source] : [])),
    ...(serverless?.lines.flatMap((l) => [
      l.offering.source,
      l.offering.minimumSource,
      ...(l.ecpus ? [l.offering.ecpuSource] : []),
    ]) ?? []),
  ]);
  return {
    platform: platformOf(instanceType),
    region,
    prices: enginePrices,
    discountPercent,
    hoursPerMonth: HOURS_PER_MONTH,
    lines,
    saving: lines?.find((l) => l.version === estimate.target)?.vsBaseline ?? null,
    serverless,
    sources: prices.sources.filter((s) => cited.has(s.id)),
    repositorySources: elasticachePrices.tables.filter((t) => cited.has(repositorySourceId(t))).map(repositorySource),
  };
}
