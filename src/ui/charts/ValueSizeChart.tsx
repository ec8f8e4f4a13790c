import { useId } from 'react';
import { useKeptState } from '../common/keptState';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { sweepOf } from '../../state/derived';
import { useDeferredEstimate, useDeferredScenario } from '../common/deferredScenario';
import { DataTable } from '../common/DataTable';
import { formatCount } from '../../format/count';
import { formatBytesPerKey } from '../../format/quantities';
import { ChartFrame } from './ChartFrame';
import { sweepRows } from './chartData';
import { LINES } from '../../model';
import { lineLabel } from '../common/lineLabel';
import { formatExactBytes } from '../../format/quantities';
import { t } from '../../i18n';
import { sizeFigure } from '../../scenario/workloadFields';

const TABLE_SIZES = [1, 16, 64, 128, 256, 1024, 4096, 16384, 65536];

/** Bytes per key against value size, per version: where the upgrade saving fades. */
export default function ValueSizeChart() {
  const scenario = useDeferredScenario();
  const estimate = useDeferredEstimate();
  const [index, setIndex] = useKeptState('valueSizeChart.workload', 0);
  const workloadIndex = Math.min(index, scenario.workloads.length - 1);
  const workload = scenario.workloads[workloadIndex]!;
  const series = sweepOf(scenario, workloadIndex);
  const rows = sweepRows(series);
  const selectId = useId();
  const tableRows = rows.filter((r) => TABLE_SIZES.includes(r.valueBytes!));
  return (
    <ChartFrame
      title={t('valueSizeChart.title')}
      file="value-size"
      caption={t('valueSizeChart.caption', {
        name: workload.name,
        key: formatExactBytes(sizeFigure(workload.keyBytes)),
        keys: formatCount(workload.keys),
      })}
      chart={
        <>
          {scenario.workloads.length > 1 && (
            <div className="inline-controls">
              <label htmlFor={selectId}>{t('results.workload')}</label>
              <select id={selectId} value={workloadIndex} onChange={(e) => setIndex(Number(e.target.value))}>
                {scenario.workloads.map((w, i) => (
                  <option key={w.name} value={i}>
                    {w.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <ResponsiveContainer width="100%" height={300}>
            <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="valueBytes"
                type="number"
                scale="log"
                domain={[1, 65536]}
                allowDataOverflow
                ticks={[1, 16, 256, 4096, 65536]}
                tickFormatter={(v: number) => formatExactBytes(v)}
              />
              <YAxis
                type="number"
                scale="log"
                domain={['auto', 'auto']}
                width={70}
                tickFormatter={(v: number) => formatExactBytes(Math.round(v))}
              />
              <Tooltip
                labelFormatter={(v) => t('valueSizeChart.value', { size: formatExactBytes(Number(v)) })}
                formatter={(v) => t('chart.perKey', { size: formatBytesPerKey(Number(v)) })}
              />
              <Legend itemSorter={null} />
              {series.map((s) => (
                <Line
                  key={s.version}
                  dataKey={s.version}
                  name={lineLabel(s.version)}
                  dot={false}
                  stroke={LINES.entry(s.version).color}
                  isAnimationActive={false}
                />
              ))}
              {sizeFigure(workload.valueBytes) >= 1 && (
                <ReferenceLine x={sizeFigure(workload.valueBytes)} stroke="#c0392b" strokeDasharray="4 4" label={workload.name} />
              )}
            </LineChart>
          </ResponsiveContainer>
        </>
      }
      table={
        <DataTable
          caption={t('valueSizeChart.tableCaption')}
          rowKey={(r) => String(r.valueBytes)}
          rows={tableRows}
          columns={[
            { header: t('valueSizeChart.valueSize'), cell: (r) => formatExactBytes(r.valueBytes!) },
            ...estimate.versions.map((v) => ({
              header: lineLabel(v.version),
              cell: (r: Record<string, number>) => formatBytesPerKey(r[v.version]!),
            })),
          ]}
        />
      }
    />
  );
}
