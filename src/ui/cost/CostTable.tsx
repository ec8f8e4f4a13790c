import type { LineId } from '../../model';
import type { CostEstimate, LineCost } from '../../model/plan';
import { ENGINE_LABELS } from '../../data/vocabulary';
import { formatUsd, formatUsdPerHour } from '../../format/money';
import { savingText } from './savingText';
import { SavingCausesNote } from './SavingCausesNote';
import { formatCount } from '../../format/count';
import { DataTable } from '../common/DataTable';
import { lineLabel } from '../common/lineLabel';
import { t } from '../../i18n';

/** Money per line: nodes x the line's engine's price per node-hour x hours, per month and per year, and against the baseline. */
export function CostTable({
  cost,
  instanceType,
  baseline,
  target,
}: {
  cost: CostEstimate;
  instanceType: string;
  baseline: LineId;
  target: LineId;
}) {
  if (!cost.lines) {
    const missing = cost.prices.filter((p) => p.usdPerHour === null).map((p) => ENGINE_LABELS[p.engine]);
    return (
      <p className="note warning" role="note">
        {t('cost.noEnginePrice', { instance: instanceType, region: cost.region, engines: missing.join(', ') })}
      </p>
    );
  }
  return (
    <>
      <DataTable<LineCost>
        caption={t('cost.perVersion')}
        rowKey={(l) => l.version}
        rows={cost.lines}
        columns={[
          { header: t('results.version'), cell: (l) => lineLabel(l.version) },
          {
            header: t('deployment.nodes'),
            cell: (l) => t('deployment.nodesOf', { nodes: formatCount(l.nodes), instance: instanceType }),
          },
          {
            header: t('cost.perNodeHour'),
            cell: (l) => t('cost.engineRate', { price: formatUsdPerHour(l.usdPerHour), engine: ENGINE_LABELS[l.engine] }),
            wrap: true,
          },
          { header: t('cost.perMonth'), cell: (l) => formatUsd(l.perMonth) },
          { header: t('cost.perYear'), cell: (l) => formatUsd(l.perYear) },
          { header: t('cost.versus', { baseline: lineLabel(baseline) }), cell: (l) => savingText(l.vsBaseline), wrap: true },
        ]}
      />
      <SavingCausesNote saving={cost.saving} baseline={baseline} target={target} memory="nodes" />
    </>
  );
}
