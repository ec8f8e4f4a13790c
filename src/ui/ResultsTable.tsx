import type { ScenarioEstimate } from '../model';
import { formatCount } from '../format/count';
import { formatBytesPerKey, formatSigned, formatSignedPercent } from '../format/quantities';
import { useBytesFormatter } from './useUnits';
import { lineLabel } from './lineLabel';
import { TableScroll } from './TableScroll';

/** Per-version results: bytes per key, dataset, change against the baseline, keys per GiB. */
export function ResultsTable({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  const single = estimate.versions[0]?.workloads.length === 1;
  return (
    <TableScroll label={'Results per version'}>
      <table className="results" aria-label="Results per version">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Bytes per key</th>
            {single && <th scope="col">Measured (Percona)</th>}
            <th scope="col">Dataset</th>
            <th scope="col">Change vs {lineLabel(estimate.baseline)}</th>
            <th scope="col">Keys per GiB</th>
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
                  {v.version === estimate.baseline && <span className="tag">baseline</span>}
                  {v.version === estimate.target && <span className="tag">target</span>}
                </th>
                <td data-label="Bytes per key">{formatBytesPerKey(v.bytesPerKey)}</td>
                {single && (
                  <td data-label="Measured (Percona)">
                    {measured ? `${formatBytesPerKey(measured.measuredBytesPerKey)} (${measured.release})` : 'not measured'}
                  </td>
                )}
                <td data-label="Dataset">{bytes(v.datasetBytes)}</td>
                <td data-label={`Change vs ${estimate.baseline}`}>
                  {v.changeVsBaseline
                    ? `${formatSigned(v.changeVsBaseline.bytes, bytes)} (${formatSignedPercent(v.changeVsBaseline.percent)})`
                    : '–'}
                </td>
                <td data-label="Keys per GiB">{formatCount(v.keysPerGiB)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
