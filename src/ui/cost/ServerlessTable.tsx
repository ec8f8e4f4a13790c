import type { CostEstimate, ServerlessCost } from '../../model/cost';
import { formatSaving, formatUnitPrice, formatUsd } from '../../format/money';
import { DataTable } from '../DataTable';

/** Serverless offerings billed per GB-hour of data stored: a row each, where a sourced price exists. */
export function ServerlessTable({ cost, baseline, target }: { cost: CostEstimate; baseline: string; target: string }) {
  if (cost.serverless.length === 0) return null;
  const month = (s: ServerlessCost, version: string) => {
    const line = s.lines.find((l) => l.version === version);
    return line ? `${formatUsd(line.perMonth)} (${line.billedGB.toFixed(2)} GB)` : '–';
  };
  return (
    <DataTable<ServerlessCost>
      caption="Serverless, billed per GB-hour of data stored"
      rowKey={(s) => s.offering.id}
      rows={cost.serverless}
      columns={[
        { header: 'Offering', cell: (s) => s.offering.offering, wrap: true },
        { header: 'Per GB-hour', cell: (s) => formatUnitPrice(s.offering.usdPerGBHour) },
        { header: `${baseline} per month`, cell: (s) => month(s, baseline) },
        { header: `${target} per month`, cell: (s) => month(s, target) },
        { header: `${target} vs ${baseline}`, cell: (s) => formatSaving(s.saving), wrap: true },
      ]}
    />
  );
}
