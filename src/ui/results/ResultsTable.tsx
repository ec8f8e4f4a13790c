import type { ScenarioEstimate } from '../../model';
import { formatCount } from '../../format/count';
import { formatBytesPerKey, formatSigned, formatSignedPercent } from '../../format/quantities';
import { useBytesFormatter } from '../common/useUnits';
import { lineLabel } from '../common/lineLabel';
import { TableScroll } from '../common/TableScroll';
import { t } from '../../i18n';

/** Per-version results: bytes per key, dataset, change against the baseline, keys per GiB. */
export function ResultsTable({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  const single = estimate.versions[0]?.workloads.length === 1;
  return (
    <TableScroll label={t('results.perVersion')}>
      <table className="results" aria-label={t('results.perVersion')}>
        <thead>
          <tr>
            <th scope="col">{t('results.version')}</th>
            <th scope="col">{t('results.bytesPerKey')}</th>
            {single && <th scope="col">{t('results.measured')}</th>}
            <th scope="col">{t('results.dataset')}</th>
            <th scope="col">{t('results.changeVs', { baseline: lineLabel(estimate.baseline) })}</th>
            <th scope="col">{t('results.keysPerGiB')}</th>
          </tr>
        </thead>
        <tbody>
          {estimate.versions.map((v) => {
            const measured = single ? v.workloads[0]!.measured : null;
            const classes = [v.version === estimate.baseline && 'is-baseline', v.version === estimate.target && 'is-target']
              .filter(Boolean)
              .join(' ');
            return (
              <tr key={v.version} className={classes || undefined}>
                <th scope="row">
                  {lineLabel(v.version)}
                  {v.version === estimate.baseline && <span className="tag">{t('results.baselineTag')}</span>}
                  {v.version === estimate.target && <span className="tag">{t('results.targetTag')}</span>}
                </th>
                <td data-label={t('results.bytesPerKey')}>{formatBytesPerKey(v.bytesPerKey)}</td>
                {single && (
                  <td data-label={t('results.measured')}>
                    {measured
                      ? `${formatBytesPerKey(measured.measuredBytesPerKey)} (${measured.release})`
                      : t('results.notMeasured')}
                  </td>
                )}
                <td data-label={t('results.dataset')}>{bytes(v.datasetBytes)}</td>
                <td data-label={t('results.changeVs', { baseline: lineLabel(estimate.baseline) })}>
                  {v.changeVsBaseline
                    ? `${formatSigned(v.changeVsBaseline.bytes, bytes)} (${formatSignedPercent(v.changeVsBaseline.percent)})`
                    : '–'}
                </td>
                <td data-label={t('results.keysPerGiB')}>{formatCount(v.keysPerGiB)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
