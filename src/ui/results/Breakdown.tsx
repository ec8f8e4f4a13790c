import { useId } from 'react';
import { useKeptState } from '../common/keptState';
import { breakdownOf } from '../../state/derived';
import { useDeferredEstimate, useDeferredScenario } from '../common/deferredScenario';
import { formatBytesPerKey, formatShare } from '../../format/quantities';
import { lineLabel } from '../common/lineLabel';
import { TableScroll } from '../common/TableScroll';
import { Assumptions } from '../assumptions/Assumptions';
import { t } from '../../i18n';

/** "Why this number": the allocations behind one workload's bytes per key on one line. */
export function Breakdown() {
  // Follows an edit in a background render, after its numbers are on screen (deferredScenario.tsx).
  const estimate = useDeferredEstimate();
  const [versionIndex, setVersionIndex] = useKeptState('breakdown.version', estimate.versions.length - 1);
  const [workloadIndex, setWorkloadIndex] = useKeptState('breakdown.workload', 0);
  const versionId = useId();
  const workloadId = useId();
  const version = estimate.versions[Math.min(versionIndex, estimate.versions.length - 1)];
  const shownIndex = version ? Math.min(workloadIndex, version.workloads.length - 1) : 0;
  const workload = version?.workloads[shownIndex];
  const scenario = useDeferredScenario();
  if (!version || !workload) return null;
  const breakdown = breakdownOf(scenario, { line: version.version, workloadIndex: shownIndex });
  const caption = t('breakdown.caption', { name: workload.name, line: lineLabel(version.version) });
  return (
    <section className="breakdown" aria-label={t('breakdown.title')}>
      <h3>{t('breakdown.title')}</h3>
      <div className="inline-controls">
        <label htmlFor={workloadId}>{t('results.workload')}</label>
        <select id={workloadId} value={workloadIndex} onChange={(e) => setWorkloadIndex(Number(e.target.value))}>
          {version.workloads.map((w, i) => (
            <option key={w.name} value={i}>
              {w.name}
            </option>
          ))}
        </select>
        <label htmlFor={versionId}>{t('breakdown.on')}</label>
        <select id={versionId} value={versionIndex} onChange={(e) => setVersionIndex(Number(e.target.value))}>
          {estimate.versions.map((v, i) => (
            <option key={v.version} value={i}>
              {lineLabel(v.version)}
            </option>
          ))}
        </select>
      </div>
      <TableScroll label={caption}>
        <table className="data-table" aria-label={caption}>
          <tbody>
            {breakdown.map((b) => (
              <tr key={b.component}>
                <th scope="row">{b.component}</th>
                <td data-label={t('results.bytesPerKey')}>{formatBytesPerKey(b.bytesPerKey)}</td>
              </tr>
            ))}
            <tr className="total">
              <th scope="row">{t('breakdown.total')}</th>
              <td data-label={t('results.bytesPerKey')}>{formatBytesPerKey(workload.bytesPerKey)}</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
      {workload.encodings.length > 1 && (
        <p className="note" data-testid="encoding-shares">
          {t('breakdown.encodings', {
            shares: workload.encodings.map((e) => `${e.encoding} ${formatShare(e.share)}`).join(', '),
          })}
        </p>
      )}
      <p className="note">
        {workload.basis === 'measured-point' && workload.measured
          ? t('breakdown.measuredPoint', {
              measured: formatBytesPerKey(workload.measured.measuredBytesPerKey),
              release: workload.measured.release,
              keys: workload.measured.uniqueKeys,
              under: formatBytesPerKey(workload.measured.residualBytesPerKey),
            })
          : t('breakdown.extrapolated')}
      </p>
      <Assumptions workloadIndex={shownIndex} />
    </section>
  );
}
