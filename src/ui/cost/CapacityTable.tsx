import type { CapacityAnswer, LineCapacity } from '../../model/capacity';
import { formatCount } from '../../format/count';
import { numberFormat, formatLocale } from '../../format/locale';
import { t } from '../../i18n';
import { DataTable } from '../DataTable';
import { lineLabel } from '../lineLabel';
import { useBytesFormatter } from '../useUnits';

interface Row {
  key: string;
  label: string;
  cell: (line: LineCapacity) => string;
  /** A second, smaller line under the figure. */
  detail?: (line: LineCapacity) => string;
}

/** The inverse question: how many keys fit in the nodes the plan provisions today, per line. */
export function CapacityTable({ answer, instance, baseline }: { answer: CapacityAnswer; instance: string; baseline: string }) {
  const bytes = useBytesFormatter();
  if (answer.usableBytes === null) return <p className="note warning">{t('capacity.nothingFits', { instance })}</p>;
  const factor = numberFormat(formatLocale(), { maximumFractionDigits: 2 });
  const workloads = answer.lines[0]?.workloads ?? [];
  const rows: Row[] = [
    {
      key: 'together',
      label: t('capacity.together'),
      cell: (l) => (l.mixFactor === null ? t('capacity.doNotFit') : t('capacity.factor', { factor: factor.format(l.mixFactor) })),
      detail: (l) => (l.mixFactor === null ? '' : t('capacity.mixKeys', { keys: formatCount(l.mixKeys) })),
    },
    ...workloads.map((w, i): Row => ({
      key: `workload-${i}`,
      label: w.name,
      cell: (l) => {
        const fit = l.workloads[i]!;
        if (fit.maxKeys === null) return t('capacity.noRoom');
        return fit.atKeyLimit ? t('capacity.atLimit', { keys: formatCount(fit.maxKeys) }) : formatCount(fit.maxKeys);
      },
    })),
  ];
  return (
    <>
      <p className="note">
        {t('capacity.intro', { shards: answer.shards, instance, baseline, room: bytes(answer.usableBytes) })}
      </p>
      <div className="capacity-table">
        <DataTable
          caption={t('capacity.caption')}
          rowKey={(r) => r.key}
          rows={rows}
          columns={[
            { header: t('results.workload'), cell: (r) => r.label, wrap: true },
            ...answer.lines.map((l) => ({
              header: lineLabel(l.line),
              cell: (r: Row) => r.cell(l),
              detail: (r: Row) => r.detail?.(l) ?? '',
              wrap: true,
            })),
          ]}
        />
      </div>
    </>
  );
}
