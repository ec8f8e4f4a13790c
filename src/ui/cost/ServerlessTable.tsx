import type { LineId } from '../../model';
import type { CostEstimate, ServerlessLineCost } from '../../model/plan';
import { formatUnitPrice, formatUsd } from '../../format/money';
import { formatCount, formatPlainNumber } from '../../format/count';
import { savingText } from './savingText';
import { SavingCausesNote } from './SavingCausesNote';
import { useUnits } from '../common/useUnits';
import { formatBilledGigabytes } from '../../format/quantities';
import { DataTable } from '../common/DataTable';
import { t } from '../../i18n';
import { lineLabel } from '../common/lineLabel';
import { dataText } from '../common/dataText';
import { SERVERLESS_OFFERING_TEXTS } from './priceTexts';

/**
 * The same lines on ElastiCache Serverless, each on its engine's offering: data stored per
 * GB-hour (at least the offering's minimum) and requests in ECPUs where a request rate is given.
 */
export function ServerlessTable({ cost, baseline, target }: { cost: CostEstimate; baseline: LineId; target: LineId }) {
  const units = useUnits();
  const serverless = cost.serverless;
  if (!serverless) return <p className="note">{t('cost.serverlessNone', { region: cost.region })}</p>;
  return (
    <>
      <DataTable<ServerlessLineCost>
        caption={t('cost.serverless')}
        rowKey={(l) => l.version}
        rows={serverless.lines}
        columns={[
          { header: t('results.version'), cell: (l) => lineLabel(l.version) },
          {
            header: t('cost.offering'),
            cell: (l) => dataText(SERVERLESS_OFFERING_TEXTS[l.offering.id], l.offering.offering),
            wrap: true,
          },
          {
            header: t('cost.dataStored'),
            cell: (l) =>
              t('cost.dataStoredCell', {
                money: formatUsd(l.storage.perMonth),
                stored: formatBilledGigabytes(l.billedGB, units),
                rate: formatUnitPrice(l.offering.usdPerGBHour),
              }),
            wrap: true,
          },
          {
            header: t('cost.ecpus'),
            cell: (l) =>
              l.ecpus === null || l.ecpusPerMonth === null
                ? t('cost.ecpusLeftOut')
                : t('cost.ecpusCell', {
                    money: formatUsd(l.ecpus.perMonth),
                    millions: formatCount(Math.round(l.ecpusPerMonth / 1e6)),
                    rate: formatUnitPrice(l.offering.usdPerMillionECPUs),
                  }),
            wrap: true,
          },
          { header: t('cost.perMonth'), cell: (l) => formatUsd(l.perMonth) },
          { header: t('cost.versus', { baseline: lineLabel(baseline) }), cell: (l) => savingText(l.vsBaseline), wrap: true },
        ]}
      />
      <p className="note">
        {serverless.requestsPerSecond === null
          ? t('cost.ecpusNote.none')
          : t('cost.ecpusNote.rule', { ecpus: formatPlainNumber(serverless.ecpusPerRequest) })}
      </p>
      <SavingCausesNote saving={serverless.saving} baseline={baseline} target={target} memory="dataStored" />
    </>
  );
}
