import type { ScenarioEstimate } from '../model';
import { formatBytes, formatBytesPerKey, formatCount, formatSignedBytes, formatSignedPercent } from './format';

/** Per-version results: bytes per key (with Percona's figure where measured), dataset, change. */
export function ResultsTable({ estimate }: { estimate: ScenarioEstimate }) {
  return (
    <div className="table-scroll">
      <table className="results" aria-label="Results per version">
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Bytes per key</th>
            <th scope="col">Measured (Percona)</th>
            <th scope="col">Dataset</th>
            <th scope="col">Change vs {estimate.baseline}</th>
            <th scope="col">Keys per GiB</th>
          </tr>
        </thead>
        <tbody>
          {estimate.versions.map((v) => {
            const measured = v.workloads.length === 1 ? v.workloads[0]!.measured : null;
            return (
              <tr key={v.version} className={v.version === estimate.baseline ? 'is-baseline' : undefined}>
                <th scope="row">{v.version}</th>
                <td>{formatBytesPerKey(v.bytesPerKey)}</td>
                <td>{measured ? `${formatBytesPerKey(measured.measuredBytesPerKey)} (${measured.release})` : 'not measured'}</td>
                <td>{formatBytes(v.datasetBytes)}</td>
                <td>
                  {v.changeVsBaseline
                    ? `${formatSignedBytes(v.changeVsBaseline.bytes)} (${formatSignedPercent(v.changeVsBaseline.percent)})`
                    : '–'}
                </td>
                <td>{formatCount(v.keysPerGiB)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
