import type { CostEstimate, ServerlessCost } from '../../model/cost';
import { formatSaving, formatUnitPrice, formatUsd } from '../../format/money';
import { formatBilledGigabytes } from '../../format/quantities';
import { DataTable } from '../DataTable';
import { t } from '../../i18n';
import { dataText } from '../dataText';
import { SERVERLESS_OFFERING_TEXTS } from './priceTexts';

/** Serverless offerings billed per GB-hour of data stored: a row each, where a sourced price exists. */
export function ServerlessTable({ cost, baseline, target }: { cost: CostEstimate; baseline: string; target: string }) {
  if (cost.serverless.length === 0) return null;
  const month = (s: ServerlessCost, version: string) => {
    const line = s.lines.find((l) => l.version === version);
    return line ? `${formatUsd(line.perMonth)} (${formatBilledGigabytes(line.billedGB)})` : '–';
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
        { header: t('cost.versionPerMonth', { version: baseline }), cell: (s) => month(s, baseline) },
        { header: t('cost.versionPerMonth', { version: target }), cell: (s) => month(s, target) },
        { header: t('cost.targetVsBaseline', { target, baseline }), cell: (s) => formatSaving(s.saving), wrap: true },
      ]}
    />
  );
}
