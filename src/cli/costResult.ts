import { estimateCost, type Money, type PlanSizing, type Saving, compareNodeTypes, projectGrowth } from '../model/plan';
import type { ResolvedScenario, ScenarioEstimate } from '../model';
import { ENGINE_LABELS, type Engine } from '../data/vocabulary';
import { workloadGrowths } from '../scenario/growth';
import type { Scenario } from '../scenario/schema';

const OVERRIDE_FIELD: Record<Engine, string> = {
  'redis-oss': 'cost.pricePerNodeHourRedisOss',
  valkey: 'cost.pricePerNodeHourValkey',
};

const cents = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const moneyOut = (m: Money) => ({ perMonth: cents(m.perMonth), perYear: cents(m.perYear) });
const savingOut = (s: Saving | null) =>
  s && {
    ...moneyOut(s),
    percent: s.percent === null ? null : cents(s.percent),
    byMemory: moneyOut(s.causes.byMemory),
    byEnginePrice: moneyOut(s.causes.byEnginePrice),
  };

/** The deployment's platform's node types that hold the plan, as the page's "node types side by side" lists them. */
function nodeTypesOut(input: Scenario, scenario: ResolvedScenario, estimate: ScenarioEstimate) {
  const comparison = compareNodeTypes(estimate, scenario.deployment, input.cost ?? {});
  return {
    platform: comparison.platform,
    region: comparison.region,
    rankedBy: estimate.target,
    options: comparison.options.map((o) => ({
      instanceType: o.instance.id,
      memoryGiB: o.instance.memoryGiB,
      inUse: o.current,
      cheapest: o.cheapest,
      targetPerMonth: o.targetPerMonth === null ? null : cents(o.targetPerMonth),
      nodes: o.lines.map((l) => ({ version: l.version, nodes: l.nodes })),
    })),
    tooSmall: comparison.tooSmall,
  };
}

/** The CLI's `cost` block: money per line after any discount, in USD, each line at its engine's price, with where each price comes from. */
export function toCliCost(input: Scenario, scenario: ResolvedScenario, estimate: ScenarioEstimate) {
  const instanceType = scenario.deployment.instanceType;
  const cost = estimateCost(estimate, instanceType, input.cost ?? {});
  const missing = cost.prices.filter((p) => p.usdPerHour === null).map((p) => p.engine);
  const serverless = cost.serverless;
  return {
    currency: 'USD' as const,
    hoursPerMonth: cost.hoursPerMonth,
    platform: cost.platform,
    instanceType,
    region: cost.region,
    discountPercent: cost.discountPercent,
    prices: cost.prices.map((p) => ({
      engine: p.engine,
      pricePerNodeHour: p.usdPerHour,
      origin: p.origin,
      listedPricePerNodeHour: p.listed?.usdPerHour ?? null,
      offering: p.listed?.offering ?? null,
    })),
    note:
      missing.length > 0
        ? `no sourced price for ${instanceType} in ${cost.region} for ${missing.map((e) => ENGINE_LABELS[e]).join(' and ')}: set ${missing.map((e) => OVERRIDE_FIELD[e]).join(' and ')} (or cost.pricePerNodeHour for every engine) in the scenario`
        : 'list prices as the cited sources hold them: check them before any purchase',
    reservedNote: 'no sourced reserved-node rates: a reserved term is yours to enter as cost.discountPercent',
    lines:
      cost.lines?.map((l) => ({
        version: l.version,
        engine: l.engine,
        nodes: l.nodes,
        pricePerNodeHour: l.usdPerHour,
        ...moneyOut(l),
      })) ?? null,
    saving: savingOut(cost.saving),
    serverless: serverless && {
      region: serverless.region,
      requestsPerSecond: serverless.requestsPerSecond,
      ecpusPerRequest: serverless.ecpusPerRequest,
      note:
        serverless.requestsPerSecond === null
          ? 'ECPUs left out: set cost.requestsPerSecond (reads and writes) for them'
          : 'ECPUs: 1 per KB transferred per read or write, at least 1 per request',
      lines: serverless.lines.map((l) => ({
        version: l.version,
        engine: l.engine,
        offering: l.offering.offering,
        pricePerGBHour: l.offering.usdPerGBHour,
        pricePerMillionECPUs: l.offering.usdPerMillionECPUs,
        billedGB: Math.round(l.billedGB * 1000) / 1000,
        dataStoredPerMonth: cents(l.storage.perMonth),
        ecpusPerMonth: l.ecpusPerMonth,
        ecpusCostPerMonth: l.ecpus && cents(l.ecpus.perMonth),
        ...moneyOut(l),
      })),
      saving: savingOut(serverless.saving),
    },
    nodeTypes: nodeTypesOut(input, scenario, estimate),
    sources: cost.sources.map(({ title, publisher, url, published, retrieved }) => ({
      title,
      publisher,
      url,
      published,
      retrieved,
    })),
    repositorySources: cost.repositorySources.map(
      ({ region, repository, commit, path, url, statedOrigin, readOn, copiedOn, caveat }) => ({
        region,
        repository,
        commit,
        path,
        url,
        statedOrigin,
        readOn,
        copiedOn,
        caveat,
      }),
    ),
  };
}
export type CliCost = ReturnType<typeof toCliCost>;

/** The CLI's `growth` block, only for scenarios whose workloads grow: when each line needs another shard. */
export function toCliGrowth(input: Scenario, scenario: ResolvedScenario, sizing: PlanSizing) {
  const growth = workloadGrowths(input);
  if (growth.every((g) => g === undefined)) return undefined;
  const projection = projectGrowth(scenario, growth, undefined, sizing);
  return {
    months: projection.months,
    shardsToday: projection.shards,
    usableDatasetBytes: projection.capacityBytes === null ? null : Math.floor(projection.capacityBytes),
    lines: projection.lines.map((l) => ({
      version: l.version,
      /** The ratio the line's deployment uses, and the dataset the shards of today hold at it. */
      fragmentationRatio: round3(l.fragmentationRatio),
      usableDatasetBytes: l.capacityBytes === null ? null : Math.floor(l.capacityBytes),
      datasetBytesToday: Math.round(l.datasetBytes[0]!),
      datasetBytesAtEnd: Math.round(l.datasetBytes[projection.months]!),
      monthNeedingAnotherShard: l.monthFull,
    })),
    targetPostponesByMonths: projection.postponed,
  };
}
export type CliGrowth = ReturnType<typeof toCliGrowth>;
