import type { ScenarioEstimate } from '../model';
import { formatBytesPerKey, formatSignedPercent } from '../format/quantities';
import { useBytesFormatter } from './useUnits';
import { lineLabel } from './lineLabel';
import { TableScroll } from './TableScroll';
import { t } from '../i18n';

/** Bytes per key and, below it, the total for every workload on every compared line. */
export function WorkloadResults({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  const first = estimate.versions[0];
  if (!first) return null;
  return (
    <TableScroll label={t('results.perWorkload')}>
      <table className="results" aria-label={t('results.perWorkload')}>
        <thead>
          <tr>
            <th scope="col">{t('results.workload')}</th>
            {estimate.versions.map((v) => (
              <th key={v.version} scope="col">
                {lineLabel(v.version)}
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
                  <td key={v.version} data-label={v.version}>
                    {formatBytesPerKey(x.bytesPerKey)}
                    <span className="cell-line">
                      {bytes(x.bytes)}
                      {x.percentVsBaseline !== null && v.version !== estimate.baseline && (
                        <span className="delta"> {formatSignedPercent(x.percentVsBaseline)}</span>
                      )}
                    </span>
                    {x.fieldTtlNotOnLine && <span className="field-note"> {t('results.noFieldTtls')}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
