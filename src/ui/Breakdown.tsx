import { useId, useState } from 'react';
import type { ScenarioEstimate } from '../model';
import { breakdownOf } from '../state/derived';
import { usePlannerStore } from '../state/store';
import { formatCount } from '../format/count';
import { formatBytesPerKey } from '../format/quantities';
import { lineLabel } from './lineLabel';
import { TableScroll } from './TableScroll';
import { Assumptions } from './assumptions/Assumptions';

/** "Why this number": the allocations behind one workload's bytes per key on one line. */
export function Breakdown({ estimate }: { estimate: ScenarioEstimate }) {
  const [versionIndex, setVersionIndex] = useState(estimate.versions.length - 1);
  const [workloadIndex, setWorkloadIndex] = useState(0);
  const versionId = useId();
  const workloadId = useId();
  const version = estimate.versions[Math.min(versionIndex, estimate.versions.length - 1)];
  const shownIndex = version ? Math.min(workloadIndex, version.workloads.length - 1) : 0;
  const workload = version?.workloads[shownIndex];
  const scenario = usePlannerStore((s) => s.scenario);
  if (!version || !workload) return null;
  const breakdown = breakdownOf(scenario, { line: version.version, workloadIndex: shownIndex });
  return (
    <section className="breakdown" aria-label="Why this number">
      <h3>Why this number</h3>
      <div className="inline-controls">
        <label htmlFor={workloadId}>Workload</label>
        <select id={workloadId} value={workloadIndex} onChange={(e) => setWorkloadIndex(Number(e.target.value))}>
          {version.workloads.map((w, i) => (
            <option key={w.name} value={i}>
              {w.name}
            </option>
          ))}
        </select>
        <label htmlFor={versionId}>on</label>
        <select id={versionId} value={versionIndex} onChange={(e) => setVersionIndex(Number(e.target.value))}>
          {estimate.versions.map((v, i) => (
            <option key={v.version} value={i}>
              {lineLabel(v.version)}
            </option>
          ))}
        </select>
      </div>
      <TableScroll label={`Breakdown of ${workload.name} on ${lineLabel(version.version)}`}>
        <table className="data-table" aria-label={`Breakdown of ${workload.name} on ${lineLabel(version.version)}`}>
          <tbody>
            {breakdown.map((b) => (
              <tr key={b.component}>
                <th scope="row">{b.component}</th>
                <td data-label="Bytes per key">{formatBytesPerKey(b.bytesPerKey)}</td>
              </tr>
            ))}
            <tr className="total">
              <th scope="row">bytes per key</th>
              <td data-label="Bytes per key">{formatBytesPerKey(workload.bytesPerKey)}</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
      <p className="note">
        {workload.basis === 'measured-point' && workload.measured
          ? `Measured point: Percona measured ${formatBytesPerKey(workload.measured.measuredBytesPerKey)} on ${workload.measured.release} with ${formatCount(workload.measured.uniqueKeys)} keys; the model is ${workload.measured.residualBytesPerKey.toFixed(2)} B under it.`
          : "Extrapolated from the data structures: no published measurement has this profile. Allocations are rounded to the allocator's size classes; table shares depend on the total key count."}
      </p>
      <Assumptions workloadIndex={shownIndex} line={version.version} />
    </section>
  );
}
