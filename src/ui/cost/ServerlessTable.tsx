import type { LineId } from '../../model/lineRegistry';
import type { CostEstimate, ServerlessCost } from '../../model/cost';
import { formatUnitPrice, formatUsd } from '../../format/money';
import { savingText } from './savingText';
import { useUnits } from '../useUnits';
import { formatBilledGigabytes } from '../../format/quantities';
import { DataTable } from '../DataTable';
import { t } from '../../i18n';
import { lineLabel } from '../lineLabel';
import { dataText } from '../dataText';
import { SERVERLESS_OFFERING_TEXTS } from './priceTexts';

/** Serverless offerings billed per GB-hour of data stored: a row each, where a sourced price exists. */
export function ServerlessTable({ cost, baseline, target }: { cost: CostEstimate; baseline: LineId; target: LineId }) {
  const units = useUnits();
  if (cost.serverless.length === 0) return null;
  const month = (s: ServerlessCost, version: string) => {
    const line = s.lines.find((l) => l.version === version);
    return line ? `${formatUsd(line.perMonth)} (${formatBilledGigabytes(line.billedGB, units)})` : '–';
  };
  return (
    <DataTable<ServerlessCost>
      caption={t('cost.serverless')}
      rowKey={(s) => s.offering.id}
      rows={cost.serverless}
      columns={[
        {
          header: t('cost.offering'),
          cell: (s) => dataText(SERVERLESS_OFFERING_TEXTS[s.offering.id], s.offering.offering),
          wrap: true,
        },
        { header: t('cost.perGBHour'), cell: (s) => formatUnitPrice(s.offering.usdPerGBHour) },
        { header: t('cost.versionPerMonth', { version: lineLabel(baseline) }), cell: (s) => month(s, baseline) },
        // A target on the baseline's own line has nothing to be compared with: one column for it.
        ...(target === baseline
          ? []
          : [
              {
                header: t('cost.versionPerMonth', { version: lineLabel(target) }),
                cell: (s: ServerlessCost) => month(s, target),
              },
              {
                header: t('cost.targetVsBaseline', { target: lineLabel(target), baseline: lineLabel(baseline) }),
                cell: (s: ServerlessCost) => savingText(s.saving),
                wrap: true,
              },
            ]),
      ]}
    />
  );
}
