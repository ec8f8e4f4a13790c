import { memo } from 'react';
import type { ScenarioEstimate, VersionEstimate } from '../model';
import { formatCount } from '../format/count';
import { formatBytesPerKey, formatSigned, formatSignedPercent } from '../format/quantities';
import { samePlain } from '../state/keepUnchanged';
import { useBytesFormatter } from './useUnits';
import { lineLabel } from './lineLabel';
import { TableScroll } from './TableScroll';
import { t } from '../i18n';

/** What one line's row reads: its texts only. */
interface RowTexts {
  label: string;
  isBaseline: boolean;
  isTarget: boolean;
  bytesPerKey: string;
  /** Percona's figure; undefined where the column is not shown (several workloads). */
  measured: string | undefined;
  dataset: string;
  change: string;
  keysPerGiB: string;
}

/** The column headers a row repeats as data-label (the phone layout shows them beside each figure). */
interface Headers {
  bytesPerKey: string;
  measured: string;
  dataset: string;
  change: string;
  keysPerGiB: string;
}

/** One line's row, from its texts: a row an edit left as it reads is not rendered again. */
const VersionRow = memo(function VersionRow({ row, headers }: { row: RowTexts; headers: Headers }) {
  return (
    <tr className={[row.isBaseline && 'is-baseline', row.isTarget && 'is-target'].filter(Boolean).join(' ') || undefined}>
      <th scope="row">
        {row.label}
        {row.isBaseline && <span className="tag">{t('results.baselineTag')}</span>}
        {row.isTarget && <span className="tag">{t('results.targetTag')}</span>}
      </th>
      <td data-label={headers.bytesPerKey}>{row.bytesPerKey}</td>
      {row.measured !== undefined && <td data-label={headers.measured}>{row.measured}</td>}
      <td data-label={headers.dataset}>{row.dataset}</td>
      <td data-label={headers.change}>{row.change}</td>
      <td data-label={headers.keysPerGiB}>{row.keysPerGiB}</td>
    </tr>
  );
}, samePlain);

/** Per-version results: bytes per key, dataset, change against the baseline, keys per GiB. */
export function ResultsTable({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  const single = estimate.versions[0]?.workloads.length === 1;
  const headers: Headers = {
    bytesPerKey: t('results.bytesPerKey'),
    measured: t('results.measured'),
    dataset: t('results.dataset'),
    change: t('results.changeVs', { baseline: lineLabel(estimate.baseline) }),
    keysPerGiB: t('results.keysPerGiB'),
  };
  const textsOf = (v: VersionEstimate): RowTexts => {
    const measured = single ? v.workloads[0]!.measured : null;
    return {
      label: lineLabel(v.version),
      isBaseline: v.version === estimate.baseline,
      isTarget: v.version === estimate.target,
      bytesPerKey: formatBytesPerKey(v.bytesPerKey),
      measured: !single
        ? undefined
        : measured
          ? `${formatBytesPerKey(measured.measuredBytesPerKey)} (${measured.release})`
          : t('results.notMeasured'),
      dataset: bytes(v.datasetBytes),
      change: v.changeVsBaseline
        ? `${formatSigned(v.changeVsBaseline.bytes, bytes)} (${formatSignedPercent(v.changeVsBaseline.percent)})`
        : '–',
      keysPerGiB: formatCount(v.keysPerGiB),
    };
  };
  return (
    <TableScroll label={t('results.perVersion')}>
      <table className="results" aria-label={t('results.perVersion')}>
        <thead>
          <tr>
            <th scope="col">{t('results.version')}</th>
            <th scope="col">{headers.bytesPerKey}</th>
            {single && <th scope="col">{headers.measured}</th>}
            <th scope="col">{headers.dataset}</th>
            <th scope="col">{headers.change}</th>
            <th scope="col">{headers.keysPerGiB}</th>
          </tr>
        </thead>
        <tbody>
          {estimate.versions.map((v) => (
            <VersionRow key={v.version} row={textsOf(v)} headers={headers} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
