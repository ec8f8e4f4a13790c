import { useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { growthOf } from '../../state/costDerived';
import { useDeferredResolved, useDeferredScenario } from '../common/deferredScenario';
import { LINES } from '../../model';
import { ChartFrame } from '../charts/ChartFrame';
import { DataTable } from '../common/DataTable';
import { useBytesFormatter, useUnits } from '../common/useUnits';
import { byteAxis } from '../charts/chartData';
import { describeFull, describePostponed, fullMarkers, growthRows } from '../common/growthText';
import { t } from '../../i18n';
import { lineLabel } from '../common/lineLabel';

/** A text row of the markers' band above the plot, in pixels (11 px text). */
const MARKER_ROW = 14;
const MARGIN_TOP = 16;

/**
 * A "full" marker's label, in the band above the plot on a row of its own (row 0 nearest the
 * plot), so that no two labels print over each other. Past the middle of the chart it reads
 * leftwards from its line, to stay inside the chart. recharts gives it the line's viewBox.
 */
function MarkerLabel({
  viewBox,
  text,
  row,
  leftwards,
}: {
  viewBox?: { x: number; y: number };
  text: string;
  row: number;
  leftwards: boolean;
}) {
  if (!viewBox) return null;
  return (
    <text
      className="growth-full-label"
      // Kept in the exported SVG, which drops classes: the browser tests find the labels by it.
      data-marker="full"
      x={viewBox.x + (leftwards ? -3 : 3)}
      y={viewBox.y - 4 - row * MARKER_ROW}
      textAnchor={leftwards ? 'end' : 'start'}
      fontSize={11}
    >
      {text}
    </text>
  );
}

/** Memory per line over 24 months against the deployment's usable capacity, with the month each line fills. */
export default function GrowthChart() {
  const scenario = useDeferredScenario();
  const projection = growthOf(scenario);
  const bytes = useBytesFormatter();
  const rows = growthRows(projection);
  const capacity = projection.capacityBytes;
  // With churn each line holds what its own ratio leaves of the same shards: one line each where they differ.
  const capacities = new Set(projection.lines.map((l) => l.capacityBytes));
  const perLine = capacities.size > 1;
  const units = useUnits();
  const max = Math.max(capacity ?? 0, ...projection.lines.flatMap((l) => [l.capacityBytes ?? 0, ...l.datasetBytes]));
  // The same ticks and formatter while the top holds: recharts redraws an axis whose props change.
  const axis = useMemo(() => byteAxis(max, units), [max, units]);
  const markers = fullMarkers(projection);
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
          <LineChart data={rows} margin={{ top: MARGIN_TOP + markers.length * MARKER_ROW, right: 24, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" type="number" domain={[0, projection.months]} tickCount={9} />
            <YAxis
              width={80}
              tickFormatter={axis.label}
              domain={[0, axis.top]}
              ticks={axis.ticks}
              interval={0}
              niceTicks="none"
            />
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
            {perLine &&
              projection.lines.map(
                (l) =>
                  l.capacityBytes !== null && (
                    <ReferenceLine
                      key={`capacity-${l.version}`}
                      y={l.capacityBytes}
                      stroke={LINES.entry(l.version).color}
                      strokeDasharray="6 4"
                      label={{
                        value: t('cost.capacityOfLine', {
                          version: lineLabel(l.version),
                          shards: projection.shards,
                          size: bytes(l.capacityBytes),
                        }),
                        position: 'insideBottomRight',
                        fontSize: 11,
                      }}
                    />
                  ),
              )}
            {!perLine && capacity !== null && (
              <ReferenceLine
                y={capacity}
                stroke="#c0392b"
                strokeDasharray="6 4"
                label={{
                  value: t('cost.capacity', { shards: projection.shards, size: bytes(capacity) }),
                  position: 'insideBottomRight',
                  fontSize: 11,
                }}
              />
            )}
            {markers.map((m, row) => (
              <ReferenceLine
                key={`full-${m.month}`}
                x={m.month}
                stroke={LINES.entry(m.versions[0]!).color}
                strokeDasharray="2 3"
                label={<MarkerLabel text={m.label} row={row} leftwards={m.month > projection.months / 2} />}
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
