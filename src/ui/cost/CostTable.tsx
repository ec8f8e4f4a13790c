import type { CostEstimate, LineCost } from '../../model/cost';
import { formatSaving, formatUsd, formatUsdPerHour } from '../../format/money';
import { DataTable } from '../DataTable';

/** Money per line: nodes x price per node-hour x hours, per month and per year, and against the baseline. */
export function CostTable({ cost, instanceType, baseline }: { cost: CostEstimate; instanceType: string; baseline: string }) {
  if (!cost.lines) {
    return (
      <p className="note warning" role="note">
        The planner has no sourced price for {instanceType} in {cost.price.region}. Enter your price per node-hour above to see
        the money per version.
      </p>
    );
  }
  const perHour = cost.effectiveUsdPerHour!;
  return (
    <DataTable<LineCost>
      caption="Cost per version"
      rowKey={(l) => l.version}
      rows={cost.lines}
      columns={[
        { header: 'Version', cell: (l) => l.version },
        { header: 'Nodes', cell: (l) => `${l.nodes} × ${instanceType}` },
        { header: 'Per node-hour', cell: () => formatUsdPerHour(perHour) },
        { header: 'Per month', cell: (l) => formatUsd(l.perMonth) },
        { header: 'Per year', cell: (l) => formatUsd(l.perYear) },
        { header: `vs ${baseline}`, cell: (l) => formatSaving(l.vsBaseline) },
      ]}
    />
  );
}
