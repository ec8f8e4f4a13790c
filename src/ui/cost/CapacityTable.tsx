import { useState } from 'react';
import { NODE_BYTES_LIMITS, type CapacityAnswer, type LineCapacity } from '../../model/plan';
import { parseBytes } from '../../scenario/humanInput';
import type { ParseResult } from '../../scenario/inputProblem';
import { capacityInNodesOf } from '../../state/adviceDerived';
import { formatCount } from '../../format/count';
import { numberFormat, formatLocale } from '../../format/locale';
import { t } from '../../i18n';
import { DataTable } from '../common/DataTable';
import { useDeferredScenario } from '../common/deferredScenario';
import { ParsedField } from '../common/ParsedField';
import { lineLabel } from '../common/lineLabel';
import { useBytesFormatter } from '../common/useUnits';

interface Row {
  key: string;
  label: string;
  cell: (line: LineCapacity) => string;
  /** A second, smaller line under the figure. */
  detail?: (line: LineCapacity) => string;
}

/** A node size as typed ("16 GB", "64 GiB"); empty for the plan's own instance type. */
function parseNodeSize(text: string, what: string): ParseResult<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  return parseBytes(text, what, NODE_BYTES_LIMITS.min, NODE_BYTES_LIMITS.max);
}

/**
 * The inverse question: how many keys fit, per line, in the nodes the plan provisions today or in
 * nodes of a size typed here (the plan's shards, with its fragmentation and headroom).
 */
export function CapacityTable({ answer, instance, baseline }: { answer: CapacityAnswer; instance: string; baseline: string }) {
  const bytes = useBytesFormatter();
  const scenario = useDeferredScenario();
  const [nodeBytes, setNodeBytes] = useState<number | null>(null);
  const label = t('capacity.nodeSize', { instance });
  const field = (
    <ParsedField<number | null>
      label={label}
      value={nodeBytes}
      parse={(text) => parseNodeSize(text, label)}
      describe={(value) => (value === null ? instance : bytes(value))}
      toText={(value) => (value === null ? '' : String(value))}
      onValid={setNodeBytes}
      outsideResults
    />
  );
  const shown = nodeBytes === null ? answer : capacityInNodesOf(scenario, nodeBytes);
  return (
    <>
      {field}
      <CapacityFigures answer={shown} instance={instance} baseline={baseline} bytes={bytes} />
    </>
  );
}

function CapacityFigures({
  answer,
  instance,
  baseline,
  bytes,
}: {
  answer: CapacityAnswer;
  instance: string;
  baseline: string;
  bytes: (n: number) => string;
}) {
  const size = answer.nodeBytes === null ? null : bytes(answer.nodeBytes);
  if (answer.usableBytes === null)
    return (
      <p className="note warning">
        {size === null ? t('capacity.nothingFits', { instance }) : t('capacity.nothingFitsSized', { size })}
      </p>
    );
  const factor = numberFormat(formatLocale(), { maximumFractionDigits: 2 });
  const workloads = answer.lines[0]?.workloads ?? [];
  // With churn each line has its own ratio, and the same shards hold a different amount of it.
  const roomPerLine = new Set(answer.lines.map((l) => l.usableBytes)).size > 1;
  const ratio = numberFormat(formatLocale(), { maximumFractionDigits: 2 });
  const rows: Row[] = [
    ...(roomPerLine
      ? [
          {
            key: 'room',
            label: t('capacity.roomPerLine'),
            cell: (l: LineCapacity) =>
              l.usableBytes === null
                ? t('capacity.doNotFit')
                : t('capacity.roomAt', { room: bytes(l.usableBytes), ratio: ratio.format(l.fragmentationRatio) }),
          },
        ]
      : []),
    {
      key: 'together',
      label: t('capacity.together'),
      cell: (l) => (l.mixFactor === null ? t('capacity.doNotFit') : t('capacity.factor', { factor: factor.format(l.mixFactor) })),
      detail: (l) => (l.mixFactor === null ? '' : t('capacity.mixKeys', { keys: l.mixKeys })),
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
        {size === null
          ? t('capacity.intro', { shards: answer.shards, instance, baseline, room: bytes(answer.usableBytes) })
          : t('capacity.introSized', { shards: answer.shards, size, room: bytes(answer.usableBytes) })}
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
