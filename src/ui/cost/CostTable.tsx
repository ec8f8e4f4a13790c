import type { CostEstimate, LineCost } from '../../model/cost';
import { formatUsd, formatUsdPerHour } from '../../format/money';
import { savingText } from './savingText';
import { formatCount } from '../../format/count';
import { DataTable } from '../DataTable';
import { t } from '../../i18n';

/** Money per line: nodes x price per node-hour x hours, per month and per year, and against the baseline. */
export function CostTable({ cost, instanceType, baseline }: { cost: CostEstimate; instanceType: string; baseline: string }) {
  if (!cost.lines) {
    return (
      <p className="note warning" role="note">
        {t('cost.noPrice', { instance: instanceType, region: cost.price.region })}
      </p>
    );
  }
  const perHour = cost.effectiveUsdPerHour!;
  return (
    <DataTable<LineCost>
      caption={t('cost.perVersion')}
      rowKey={(l) => l.version}
      rows={cost.lines}
      columns={[
        { header: t('results.version'), cell: (l) => l.version },
        {
          header: t('deployment.nodes'),
          cell: (l) => t('deployment.nodesOf', { nodes: formatCount(l.nodes), instance: instanceType }),
        },
        { header: t('cost.perNodeHour'), cell: () => formatUsdPerHour(perHour) },
        { header: t('cost.perMonth'), cell: (l) => formatUsd(l.perMonth) },
        { header: t('cost.perYear'), cell: (l) => formatUsd(l.perYear) },
        { header: t('cost.versus', { baseline }), cell: (l) => savingText(l.vsBaseline) },
      ]}
    />
  );
}
