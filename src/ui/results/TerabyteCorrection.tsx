import { terabyteRowsOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';
import { DataTable } from '../common/DataTable';
import { formatSigned, formatSignedPercent } from '../../format/quantities';
import { sizeAndChange, wholeGigabytes as gb } from './terabyteText';
import { lineLabel } from '../common/lineLabel';
import { INTRO_SERIES } from '../common/introSeries';
import { t } from '../../i18n';

/**
 * The post's headline correction, on the first screen: its intro's "1 TB on 7.2" figures against
 * its own table and against the scenario's keys, for the same 1,000 GB, in GB and %.
 */
export function TerabyteCorrection() {
  const rows = terabyteRowsOf(usePlannerStore((s) => s.scenario));
  return (
    <section className="terabyte" aria-label={t('terabyte.label')}>
      <h3>{t('terabyte.title')}</h3>
      <DataTable
        caption={t('terabyte.caption')}
        rowKey={(r) => r.version}
        rows={rows}
        columns={[
          { header: t('terabyte.becomes'), cell: (r) => lineLabel(r.version) },
          { header: t(INTRO_SERIES.intro.message), swatch: INTRO_SERIES.intro.color, cell: (r) => sizeAndChange(r.intro) },
          {
            header: t(INTRO_SERIES.table.message),
            swatch: INTRO_SERIES.table.color,
            cell: (r) => (r.table ? sizeAndChange(r.table) : t('terabyte.noMeasurement')),
          },
          {
            header: t('terabyte.introError'),
            cell: (r) =>
              r.introError ? `${formatSigned(r.introError.bytes, gb)} (${formatSignedPercent(r.introError.percent)})` : '–',
          },
          {
            header: t(INTRO_SERIES.model.message),
            swatch: INTRO_SERIES.model.color,
            cell: (r) => (r.yourKeys ? sizeAndChange(r.yourKeys) : t('terabyte.noKeys')),
          },
        ]}
      />
      <p className="note">{t('terabyte.note')}</p>
    </section>
  );
}
