import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { growthOf } from '../../state/costDerived';
import { useDeferredResolved, useDeferredScenario } from '../deferredScenario';
import { LINES } from '../../model/lineRegistry';
import { ChartFrame } from '../charts/ChartFrame';
import { DataTable } from '../DataTable';
import { useBytesFormatter } from '../useUnits';
import { describeFull, describePostponed, growthRows } from './growthText';
import { t } from '../../i18n';
import { lineLabel } from '../lineLabel';

/** Memory per line over 24 months against the deployment's usable capacity, with the month each line fills. */
export default function GrowthChart() {
  const scenario = useDeferredScenario();
  const projection = growthOf(scenario);
  const bytes = useBytesFormatter();
  const rows = growthRows(projection);
  const capacity = projection.capacityBytes;
  const { baseline, target } = useDeferredResolved();
  const postponed = describePostponed(projection.postponed, baseline, target);
  const fullIn = (version: string, month: number) => {
    const line = projection.lines.find((l) => l.version === version)!;
    return line.monthFull !== null && month >= line.monthFull;
  };
  return (
    <ChartFrame
      title={t('cost.chartTitle', { months: projection.months })}
      file="memory-over-time"
      caption={
        <>
          {t('cost.chartCaption', { baseline: lineLabel(baseline), shards: projection.shards })}
          {postponed && <strong> {postponed}</strong>}
        </>
      }
      chart={
        <ResponsiveContainer width="100%" height={300}>
          <LineChart data={rows} margin={{ top: 16, right: 24, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" type="number" domain={[0, projection.months]} tickCount={9} />
            <YAxis width={80} tickFormatter={(v: number) => bytes(v)} domain={[0, 'auto']} />
            <Tooltip labelFormatter={(m) => t('cost.month', { month: String(m) })} formatter={(v) => bytes(Number(v))} />
            <Legend />
            {projection.lines.map((l) => (
              <Line
                key={l.version}
                dataKey={l.version}
                name={l.version}
                dot={false}
                stroke={LINES.entry(l.version).color}
                isAnimationActive={false}
              />
            ))}
            {capacity !== null && (
              <ReferenceLine
                y={capacity}
                ifOverflow="extendDomain"
                stroke="#c0392b"
                strokeDasharray="6 4"
                label={{
                  value: t('cost.capacity', { shards: projection.shards, size: bytes(capacity) }),
                  position: 'insideBottomRight',
                  fontSize: 11,
                }}
              />
            )}
            {projection.lines
              .filter((l) => l.monthFull !== null)
              .map((l) => (
                <ReferenceLine
                  key={`full-${l.version}`}
                  x={l.monthFull!}
                  stroke={LINES.entry(l.version).color}
                  strokeDasharray="2 3"
                  label={{
                    value: t('cost.lineFull', { version: lineLabel(l.version) }),
                    position: 'insideTopLeft',
                    fontSize: 11,
                  }}
                />
              ))}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <>
          <DataTable
            caption={t('cost.whenFull')}
            rowKey={(l) => l.version}
            rows={projection.lines}
            columns={[
              { header: t('results.version'), cell: (l) => l.version },
              { header: t('cost.today'), cell: (l) => bytes(l.datasetBytes[0]!) },
              { header: t('cost.monthN', { month: projection.months }), cell: (l) => bytes(l.datasetBytes[projection.months]!) },
              { header: t('cost.runsOut'), cell: (l) => describeFull(l, projection) },
            ]}
          />
          <DataTable
            caption={t('cost.chartTable', { months: projection.months })}
            rowKey={(r) => String(r.month)}
            rows={rows}
            columns={[
              { header: t('cost.monthHeader'), cell: (r) => String(r.month) },
              ...projection.lines.map((l) => ({
                header: l.version,
                cell: (r: Record<string, number>) => {
                  const size = bytes(r[l.version]!);
                  return fullIn(l.version, r.month!) ? t('cost.sizeFull', { size }) : size;
                },
              })),
            ]}
          />
        </>
      }
    />
  );
}
