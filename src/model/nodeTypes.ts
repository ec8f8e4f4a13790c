import { instanceTypes } from '../data/instanceTypes';
import type { InstanceType } from '../data/schemas';
import type { Platform } from '../data/vocabulary';
import {
  engineOf,
  hourlyCost,
  nodeHourPrice,
  platformOf,
  pricedRegion,
  type CostSettings,
  type Money,
  type NodeHourPrice,
} from './cost';
import { estimateDeployment } from './deployment';
import type { ScenarioEstimate } from './estimate';
import type { ResolvedDeployment } from './input';
import type { LineId } from './lineRegistry';

/** One selected line on one node type: what the deployment table would say with that type chosen. */
export interface NodeTypeLine {
  version: LineId;
  nodes: number;
  shards: number;
  /** The data with its headroom as a share of each node's memory, 0 to 100. */
  memoryUsedPercent: number;
  /** Null where the node type has no price for the line's engine in the region. */
  money: Money | null;
}

export interface NodeTypeOption {
  instance: InstanceType;
  /** True for the deployment's node type. */
  current: boolean;
  /** The type's price for the target line's engine. */
  price: NodeHourPrice;
  lines: NodeTypeLine[];
  /** The target line's money per month: what ranks the types; null without a price. */
  targetPerMonth: number | null;
  /** The lowest target money among the priced types that hold the plan (the first such in the catalogue on a tie). */
  cheapest: boolean;
}

export interface NodeTypeComparison {
  /** The one region every type is priced in, so that their money compares. */
  region: string;
  /** The deployment's platform: only its node types are compared. */
  platform: Platform;
  /** Every type of the platform that holds the plan on every selected line, in the catalogue's order. */
  options: NodeTypeOption[];
  /** Types on which even an empty shard does not fit (the baseline and headroom exceed the node). */
  tooSmall: string[];
}

/**
 * Every node type of the deployment's platform that can hold the plan, side by side: the
 * deployment priced and sized as it is, with only the node type changed (estimateDeployment and
 * the cost model's price, the same code as for the chosen type), each line at its engine's price
 * and with the dataset and fragmentation ratio its deployment is sized with.
 * The user's own prices per node-hour are for the chosen type only; the others take the data's
 * price in the same region.
 */
export function compareNodeTypes(
  estimate: ScenarioEstimate,
  deployment: ResolvedDeployment,
  settings: CostSettings,
): NodeTypeComparison {
  const region = pricedRegion(deployment.instanceType, settings);
  const platform = platformOf(deployment.instanceType);
  const discountPercent = settings.discountPercent ?? 0;
  const options: NodeTypeOption[] = [];
  const tooSmall: string[] = [];
  for (const instance of instanceTypes.types) {
    if (instance.platform !== platform) continue;
    const current = instance.id === deployment.instanceType;
    const onType = { ...deployment, instanceType: instance.id };
    // Each line's dataset and ratio as its deployment has them (with churn: what it leaves, and the modelled ratio).
    const sized = estimate.versions.map((v) => ({
      version: v.version,
      d: estimateDeployment(v.deployment.datasetBytes, { ...onType, fragmentationRatio: v.deployment.fragmentationRatio }),
    }));
    if (!sized.every((s) => s.d.fits)) {
      tooSmall.push(instance.id);
      continue;
    }
    const priceFor = (version: LineId) =>
      nodeHourPrice(instance.id, engineOf(version), current ? { ...settings, region } : { region });
    const lines = sized.map(({ version, d }): NodeTypeLine => {
      const perHour = priceFor(version).usdPerHour;
      return {
        version,
        nodes: d.nodes,
        shards: d.shards,
        memoryUsedPercent: (d.requiredPerNodeBytes / d.instanceBytes) * 100,
        money: perHour === null ? null : hourlyCost(d.nodes, perHour, discountPercent),
      };
    });
    const price = priceFor(estimate.target);
    const target = lines.find((l) => l.version === estimate.target) ?? lines[0];
    options.push({
      instance,
      current,
      price,
      lines,
      targetPerMonth: target?.money?.perMonth ?? null,
      cheapest: false,
    });
  }
  const priced = options.filter((o) => o.targetPerMonth !== null);
  const cheapest = priced.reduce<NodeTypeOption | null>(
    (best, o) => (best === null || o.targetPerMonth! < best.targetPerMonth! ? o : best),
    null,
  );
  if (cheapest) cheapest.cheapest = true;
  return { region, platform, options, tooSmall };
}
