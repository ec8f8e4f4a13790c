import type { ScenarioEstimate } from '../model';
import { formatBytesPerKey, formatSignedPercent } from './format';
import { useBytesFormatter } from './useUnits';

/** Bytes per key and total for every workload on every compared line. */
export function WorkloadResults({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  const first = estimate.versions[0];
  if (!first) return null;
  return (
    <div className="table-scroll">
      <table className="results" aria-label="Results per workload">
        <thead>
          <tr>
            <th scope="col">Workload</th>
            {estimate.versions.map((v) => (
              <th key={v.version} scope="col">
                {v.version}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first.workloads.map((w, i) => (
            <tr key={w.name}>
              <th scope="row">{w.name}</th>
              {estimate.versions.map((v) => {
                const x = v.workloads[i]!;
                return (
                  <td key={v.version}>
                    {formatBytesPerKey(x.bytesPerKey)} · {bytes(x.bytes)}
                    {x.percentVsBaseline !== null && v.version !== estimate.baseline && (
                      <span className="delta"> {formatSignedPercent(x.percentVsBaseline)}</span>
                    )}
                    {x.fieldTtlNotOnLine && <span className="field-note"> (no field TTLs before 9.0)</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
