import { memo } from 'react';
import type { ScenarioEstimate } from '../../model';
import { formatBytesPerKey, formatSignedPercent } from '../../format/quantities';
import { useBytesFormatter } from '../common/useUnits';
import { lineLabel } from '../common/lineLabel';
import { TableScroll } from '../common/TableScroll';
import { samePlain } from '../../state/keepUnchanged';
import { t } from '../../i18n';

/** What one workload's cell on one line reads. */
interface LineCell {
  line: string;
  bytesPerKey: string;
  bytes: string;
  /** Against the baseline; null on the baseline itself. */
  delta: string | null;
  fieldTtlNote: string | null;
}

/** One workload's row, from its texts only: the rows an edit left as they read are not rendered again. */
const WorkloadRow = memo(function WorkloadRow({ name, cells }: { name: string; cells: LineCell[] }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {cells.map((c) => (
        <td key={c.line} data-label={c.line}>
          {c.bytesPerKey}
          <span className="cell-line">
            {c.bytes}
            {c.delta !== null && <span className="delta"> {c.delta}</span>}
          </span>
          {c.fieldTtlNote !== null && <span className="field-note"> {c.fieldTtlNote}</span>}
        </td>
      ))}
    </tr>
  );
}, samePlain);

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
            <WorkloadRow
              key={w.name}
              name={w.name}
              cells={estimate.versions.map((v): LineCell => {
                const x = v.workloads[i]!;
                return {
                  line: v.version,
                  bytesPerKey: formatBytesPerKey(x.bytesPerKey),
                  bytes: bytes(x.bytes),
                  delta:
                    x.percentVsBaseline !== null && v.version !== estimate.baseline
                      ? formatSignedPercent(x.percentVsBaseline)
                      : null,
                  fieldTtlNote: x.fieldTtlNotOnLine ? t('results.noFieldTtls') : null,
                };
              })}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
