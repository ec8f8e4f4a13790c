import { estimateCost, type Saving } from '../model/cost';
import type { ScenarioEstimate } from '../model';
import { projectGrowth } from '../model/growth';
import { workloadGrowths } from '../scenario/growth';
import type { ResolvedScenario } from '../model/input';
import type { Scenario } from '../scenario/schema';

const cents = (x: number) => Math.round(x * 100) / 100;
const savingOut = (s: Saving | null) =>
  s && { perMonth: cents(s.perMonth), perYear: cents(s.perYear), percent: s.percent === null ? null : cents(s.percent) };

/** The CLI's `cost` block: money per line after any discount, in USD, with where each price comes from. */
export function toCliCost(input: Scenario, scenario: ResolvedScenario, estimate: ScenarioEstimate) {
  const cost = estimateCost(estimate, scenario.deployment.instanceType, input.cost ?? {});
  const { price } = cost;
  return {
    currency: 'USD' as const,
    hoursPerMonth: cost.hoursPerMonth,
    instanceType: scenario.deployment.instanceType,
    region: price.region,
    pricePerNodeHour: price.usdPerHour,
    priceOrigin: price.origin,
    listedPricePerNodeHour: price.listed?.usdPerHour ?? null,
    discountPercent: cost.discountPercent,
    note:
      price.origin === 'missing'
        ? `no sourced price for ${scenario.deployment.instanceType} in ${price.region}: set cost.pricePerNodeHour in the scenario`
        : 'list prices as the cited sources published them: check them before any purchase',
    lines:
      cost.lines?.map((l) => ({ version: l.version, nodes: l.nodes, perMonth: cents(l.perMonth), perYear: cents(l.perYear) })) ??
      null,
    saving: savingOut(cost.saving),
    serverless: cost.serverless.map((s) => ({
      offering: s.offering.offering,
      region: s.offering.region,
      pricePerGBHour: s.offering.usdPerGBHour,
      lines: s.lines.map((l) => ({
        version: l.version,
        billedGB: Math.round(l.billedGB * 1000) / 1000,
        perMonth: cents(l.perMonth),
        perYear: cents(l.perYear),
      })),
      saving: savingOut(s.saving),
    })),
    sources: cost.sources.map(({ title, publisher, url, published, retrieved }) => ({
      title,
      publisher,
      url,
      published,
      retrieved,
    })),
  };
}
export type CliCost = ReturnType<typeof toCliCost>;

/** The CLI's `growth` block, only for scenarios whose workloads grow: when each line needs another shard. */
export function toCliGrowth(input: Scenario, scenario: ResolvedScenario) {
  const growth = workloadGrowths(input);
  if (growth.every((g) => g === undefined)) return undefined;
  const projection = projectGrowth(scenario, growth);
  return {
    months: projection.months,
    shardsToday: projection.shards,
    usableDatasetBytes: projection.capacityBytes === null ? null : Math.floor(projection.capacityBytes),
    lines: projection.lines.map((l) => ({
      version: l.version,
      datasetBytesToday: Math.round(l.datasetBytes[0]!),
      datasetBytesAtEnd: Math.round(l.datasetBytes[projection.months]!),
      monthNeedingAnotherShard: l.monthFull,
    })),
    targetPostponesByMonths: projection.postponed,
  };
}
export type CliGrowth = ReturnType<typeof toCliGrowth>;
