import { formatSaving, formatUnitPrice, formatUsd, formatUsdPerHour } from '../format/money';
import type { CliCost, CliGrowth } from './costResult';

/** The money section of `--format table`, printed after the memory table. */
export function formatCostTable(cost: CliCost, growth: CliGrowth): string {
  const out: string[] = ['', `cost (${cost.instanceType}, ${cost.region}, ${cost.hoursPerMonth} h/month)`];
  if (cost.pricePerNodeHour === null) out.push(`  ${cost.note}`);
  else {
    const discount = cost.discountPercent ? `, ${cost.discountPercent} % discount` : '';
    out.push(`  ${formatUsdPerHour(cost.pricePerNodeHour)} per node (${cost.priceOrigin}${discount})`);
    for (const l of cost.lines!)
      out.push(
        `  ${l.version.padEnd(5)} ${String(l.nodes).padStart(4)} nodes  ${formatUsd(l.perMonth).padStart(14)}/month  ${formatUsd(l.perYear).padStart(15)}/year`,
      );
    if (cost.saving)
      out.push(`  target against baseline: ${formatSaving(cost.saving)}, ${formatUsd(Math.abs(cost.saving.perYear))}/year`);
  }
  for (const s of cost.serverless) {
    const months = s.lines.map((l) => `${l.version} ${formatUsd(l.perMonth)}`).join(', ');
    out.push(`  ${s.offering} at ${formatUnitPrice(s.pricePerGBHour)}/GB-hour: ${months} per month`);
  }
  if (cost.pricePerNodeHour !== null) out.push(`  ${cost.note}`);
  for (const src of cost.sources)
    out.push(`  source: ${src.title}, ${src.publisher} (${src.published ?? 'undated'}, read ${src.retrieved})`);
  if (growth) {
    out.push('', `growth over ${growth.months} months, on the ${growth.shardsToday} shard(s) the baseline needs today`);
    for (const l of growth.lines) {
      const m = l.monthNeedingAnotherShard;
      out.push(
        `  ${l.version.padEnd(5)} ${m === null ? `fits for all ${growth.months} months` : m === 0 ? 'needs another shard already' : `needs another shard in month ${m}`}`,
      );
    }
    const p = growth.targetPostponesByMonths;
    if (p) out.push(`  the target postpones the next shard by ${p.atLeast ? 'at least ' : ''}${p.months} months`);
  }
  return out.filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n') + '\n';
}
