import { prices } from '../data/prices';
import type { NodePrice, PriceSource, ServerlessPrice } from '../data/schemas';
import type { ScenarioEstimate } from './estimate';
import type { LineId } from './lineRegistry';
import { GIB } from './units';

/** Hours billed in a month, as cloud price pages count them: 8,760 hours a year over 12 months. */
export const HOURS_PER_MONTH = 730;
export const MONTHS_PER_YEAR = 12;
/** The region priced when none is chosen and the data lists none for the node type. */
export const DEFAULT_REGION = 'us-east-1';

/** What the user set about money: every field optional, as a scenario carries it. */
export interface CostSettings {
  region?: string | undefined;
  /** Replaces the listed on-demand price of the deployment's node type, per node-hour. */
  pricePerNodeHour?: number | undefined;
  /** A reserved-node or committed-use discount on every price, 0 to 100. */
  discountPercent?: number | undefined;
}

export interface NodeHourPrice {
  region: string;
  /** Before the discount; null when neither the data nor the user gives a price. */
  usdPerHour: number | null;
  origin: 'listed' | 'override' | 'missing';
  /** The data's entry for this node type and region, even when overridden. */
  listed: NodePrice | null;
}

export interface Money {
  perMonth: number;
  perYear: number;
}

export interface LineCost extends Money {
  version: LineId;
  nodes: number;
  /** What this line saves against the baseline line; null when the baseline is not estimated. */
  vsBaseline: Saving | null;
}

export interface Saving extends Money {
  /** Of the baseline's cost; null when the baseline costs nothing. */
  percent: number | null;
}

export interface ServerlessLineCost extends Money {
  version: LineId;
  billedGB: number;
}

export interface ServerlessCost {
  offering: ServerlessPrice;
  lines: ServerlessLineCost[];
  saving: Saving | null;
}

export interface CostEstimate {
  price: NodeHourPrice;
  discountPercent: number;
  /** The price per node-hour after the discount; null without a price. */
  effectiveUsdPerHour: number | null;
  hoursPerMonth: number;
  /** Null until there is a price per node-hour. */
  lines: LineCost[] | null;
  /** Target against baseline: positive when the target costs less. */
  saving: Saving | null;
  serverless: ServerlessCost[];
  /** The sources of the prices in use, for their dates and names. */
  sources: PriceSource[];
}

/** Regions the data prices this node type in, in the data's order. */
export function regionsFor(instanceType: string): string[] {
  return [...new Set(prices.nodePrices.filter((p) => p.instanceType === instanceType).map((p) => p.region))];
}

/** Every region the data has any price for. */
export function pricedRegions(): string[] {
  return [...new Set([...prices.nodePrices, ...prices.serverless].map((p) => p.region))];
}

/** The price of one node-hour: the user's, else the data's for the region, else none. */
export function nodeHourPrice(instanceType: string, settings: CostSettings): NodeHourPrice {
  const region = settings.region ?? regionsFor(instanceType)[0] ?? DEFAULT_REGION;
  const listed = prices.nodePrices.find((p) => p.instanceType === instanceType && p.region === region) ?? null;
  if (settings.pricePerNodeHour !== undefined)
    return { region, usdPerHour: settings.pricePerNodeHour, origin: 'override', listed };
  return { region, usdPerHour: listed?.usdPerHour ?? null, origin: listed ? 'listed' : 'missing', listed };
}

/** Cost of `units` (nodes or GB) billed `usdPerHour` each for a month and a year, after the discount. */
export function hourlyCost(units: number, usdPerHour: number, discountPercent: number): Money {
  const perMonth = units * usdPerHour * (1 - discountPercent / 100) * HOURS_PER_MONTH;
  return { perMonth, perYear: perMonth * MONTHS_PER_YEAR };
}

/** What the target saves against the baseline, per month, per year and as a share of the baseline. */
export function saving(baseline: Money, target: Money): Saving {
  const perMonth = baseline.perMonth - target.perMonth;
  return {
    perMonth,
    perYear: perMonth * MONTHS_PER_YEAR,
    percent: baseline.perMonth === 0 ? null : (perMonth / baseline.perMonth) * 100,
  };
}

function savingOf<T extends Money & { version: LineId }>(lines: T[], baseline: LineId, target: LineId): Saving | null {
  const b = lines.find((l) => l.version === baseline);
  const t = lines.find((l) => l.version === target);
  return b && t ? saving(b, t) : null;
}

/**
 * Serverless bills the data stored per GB-hour, with a minimum per cache. The data stored is
 * taken as the keys' used_memory (the dataset), one GB counted as one GiB.
 */
function serverlessCost(offering: ServerlessPrice, estimate: ScenarioEstimate, discountPercent: number): ServerlessCost {
  const lines = estimate.versions.map((v) => {
    const billedGB = Math.max(offering.minimumGB, v.datasetBytes / GIB);
    return { version: v.version, billedGB, ...hourlyCost(billedGB, offering.usdPerGBHour, discountPercent) };
  });
  return { offering, lines, saving: savingOf(lines, estimate.baseline, estimate.target) };
}

/** Money per line: nodes x price per node-hour x hours, per month and per year; serverless beside it. */
export function estimateCost(estimate: ScenarioEstimate, instanceType: string, settings: CostSettings): CostEstimate {
  const price = nodeHourPrice(instanceType, settings);
  const discountPercent = settings.discountPercent ?? 0;
  const usdPerHour = price.usdPerHour;
  const baselineNodes = estimate.versions.find((v) => v.version === estimate.baseline)?.deployment.nodes;
  const lines =
    usdPerHour === null
      ? null
      : estimate.versions.map((v): LineCost => {
          const money = hourlyCost(v.deployment.nodes, usdPerHour, discountPercent);
          const baseline = baselineNodes === undefined ? null : hourlyCost(baselineNodes, usdPerHour, discountPercent);
          return { version: v.version, nodes: v.deployment.nodes, ...money, vsBaseline: baseline && saving(baseline, money) };
        });
  const serverless = prices.serverless
    .filter((p) => p.region === price.region)
    .map((p) => serverlessCost(p, estimate, discountPercent));
  const cited = new Set([
    ...(price.origin === 'listed' && price.listed ? [price.listed.source] : []),
    ...serverless.flatMap((s) => [s.offering.source, s.offering.minimumSource]),
  ]);
  return {
    price,
    discountPercent,
    effectiveUsdPerHour: usdPerHour === null ? null : usdPerHour * (1 - discountPercent / 100),
    hoursPerMonth: HOURS_PER_MONTH,
    lines,
    saving: lines && savingOf(lines, estimate.baseline, estimate.target),
    serverless,
    sources: prices.sources.filter((s) => cited.has(s.id)),
  };
}
