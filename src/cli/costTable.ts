import { formatCount } from '../format/count';
import { ENGINE_LABELS } from '../data/vocabulary';
import { formatSaving, formatUnitPrice, formatUsd, formatUsdPerHour } from '../format/money';
import type { CliCost, CliGrowth } from './costResult';

type CliSaving = NonNullable<CliCost['saving']>;

/** "saves $1,234.00/month (20.0 %): $800.00 by fewer nodes, $434.00 by the engine's price". */
function savingLine(saving: CliSaving, memory: string): string {
  const causes = `${formatUsd(saving.byMemory.perMonth)} by ${memory}, ${formatUsd(saving.byEnginePrice.perMonth)} by the engine's price`;
  return `${formatSaving(saving)}, ${formatUsd(Math.abs(saving.perYear))}/year (${causes})`;
}

/** The money section of `--format table`, printed after the memory table. */
export function formatCostTable(cost: CliCost, growth: CliGrowth): string {
  const out: string[] = ['', `cost (${cost.platform}, ${cost.instanceType}, ${cost.region}, ${cost.hoursPerMonth} h/month)`];
  const versions = [...(cost.lines ?? []), ...(cost.serverless?.lines ?? [])].map((l) => l.version.length);
  const width = Math.max(5, ...versions);
  const discount = cost.discountPercent ? `, ${cost.discountPercent} % discount` : '';
  for (const p of cost.prices)
    out.push(
      `  ${ENGINE_LABELS[p.engine].padEnd(9)} ${p.pricePerNodeHour === null ? 'no price' : formatUsdPerHour(p.pricePerNodeHour)} per node (${p.origin}${discount})`,
    );
  if (!cost.lines) out.push(`  ${cost.note}`);
  else {
    for (const l of cost.lines)
      out.push(
        `  ${l.version.padEnd(width)} ${formatCount(l.nodes).padStart(4)} nodes × ${formatUsdPerHour(l.pricePerNodeHour).padEnd(9)} ${formatUsd(l.perMonth).padStart(14)}/month  ${formatUsd(l.perYear).padStart(15)}/year`,
      );
    if (cost.saving) out.push(`  target against baseline: ${savingLine(cost.saving, 'fewer nodes')}`);
  }
  const serverless = cost.serverless;
  if (serverless) {
    out.push(`  serverless (${serverless.region}): ${serverless.note}`);
    for (const l of serverless.lines) {
      const ecpus = l.ecpusCostPerMonth === null ? '' : ` + ECPUs ${formatUsd(l.ecpusCostPerMonth)}`;
      out.push(
        `  ${l.version.padEnd(width)} ${l.offering} at ${formatUnitPrice(l.pricePerGBHour)}/GB-hour: ${l.billedGB} GB ${formatUsd(l.dataStoredPerMonth)}${ecpus} = ${formatUsd(l.perMonth)}/month`,
      );
    }
    if (serverless.saving) out.push(`  serverless target against baseline: ${savingLine(serverless.saving, 'less data stored')}`);
  } else out.push(`  serverless: no sourced serverless price in ${cost.region}`);
  const types = cost.nodeTypes;
  const cheapest = types.options.find((o) => o.cheapest);
  if (cheapest) {
    const inUse = types.options.find((o) => o.inUse);
    const usd = (x: number | null) => (x === null ? 'no price' : `${formatUsd(x)}/month`);
    out.push(
      `  cheapest ${types.platform} node type for ${types.rankedBy} of ${types.options.length} that hold the plan: ${cheapest.instanceType} at ${usd(cheapest.targetPerMonth)}` +
        (inUse && !inUse.cheapest ? ` (${inUse.instanceType} in use: ${usd(inUse.targetPerMonth)})` : ''),
    );
  }
  if (cost.lines) out.push(`  ${cost.note}`);
  out.push(`  ${cost.reservedNote}`);
  for (const src of cost.repositorySources)
    out.push(
      `  source (${src.region}): ${src.path} in ${src.repository} at ${src.commit.slice(0, 12)}, ${src.statedOrigin}; copied ${src.copiedOn}. ${src.caveat}`,
    );
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
