import type { ScenarioEstimate } from '../../model';
import type { CostEstimate } from '../../model/cost';
import type { GrowthProjection } from '../../model/growth';
import { formatSaving, formatUsd, formatUsdPerHour } from '../../format/money';
import { formatBytes } from '../../format/quantities';
import { describeFull, describePostponed } from './growthText';

/** The figures a change request or a budget needs, as plain text to paste into a ticket. */
export function changeRequestText(
  estimate: ScenarioEstimate,
  cost: CostEstimate,
  growth: GrowthProjection,
  link: string,
): string {
  const { baseline, target } = estimate;
  const b = estimate.versions.find((v) => v.version === baseline);
  const t = estimate.versions.find((v) => v.version === target);
  const lines = [`Change request: Valkey ${baseline} → ${target}`];
  if (b && t) {
    const nodes = (v: typeof b) =>
      `${v.deployment.nodes} × ${v.deployment.instance.id} (${v.deployment.shards} shard${v.deployment.shards > 1 ? 's' : ''})`;
    lines.push(`Memory (dataset, used_memory): ${formatBytes(b.datasetBytes)} → ${formatBytes(t.datasetBytes)}`);
    lines.push(
      `Cluster RAM with headroom: ${formatBytes(b.deployment.requiredTotalBytes)} → ${formatBytes(t.deployment.requiredTotalBytes)}`,
    );
    lines.push(`Nodes: ${nodes(b)} → ${nodes(t)}`);
  } else lines.push(`(baseline ${baseline} or target ${target} is not among the compared versions)`);
  const money = (v: string) => cost.lines?.find((l) => l.version === v);
  const bm = money(baseline);
  const tm = money(target);
  if (bm && tm) {
    const discount = cost.discountPercent ? `, ${cost.discountPercent} % discount` : ', on-demand';
    lines.push(
      `Money: ${formatUsd(bm.perMonth)}/month → ${formatUsd(tm.perMonth)}/month (${formatSaving(cost.saving)}; ${formatUsd(tm.perYear)}/year) at ${formatUsdPerHour(cost.price.usdPerHour!)} per node, ${cost.hoursPerMonth} h/month${discount}, ${cost.price.region}`,
    );
  } else lines.push(`Money: no price per node-hour for ${cost.price.region}; enter one in the planner`);
  const full = (v: string) => growth.lines.find((l) => l.version === v);
  const bf = full(baseline);
  const tf = full(target);
  if (bf && tf) {
    lines.push(
      `Months until full on today's ${growth.shards} shard${growth.shards > 1 ? 's' : ''}: ${baseline} ${describeFull(bf, growth)}; ${target} ${describeFull(tf, growth)}`,
    );
    const postponed = describePostponed(growth.postponed, baseline, target);
    if (postponed) lines.push(postponed);
  }
  if (cost.sources.length)
    lines.push(
      `Prices as published ${cost.sources.map((s) => s.published ?? `undated, read ${s.retrieved}`).join('; ')}: check them before purchase.`,
    );
  lines.push(`Link: ${link}`);
  return lines.join('\n');
}
