import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytesPerKey, formatSigned, formatSignedPercent } from '../../format/quantities';
import { DataTable } from '../common/DataTable';
import { LINES, type LineId } from '../../model';
import { useDeferredEstimate, useDeferredResolved } from '../common/deferredScenario';
import { useBytesFormatter } from '../common/useUnits';
import { ChartFrame } from './ChartFrame';
import { emphasisOf, valueAxis, versionBars } from './chartData';
import { lineLabel } from '../common/lineLabel';
import { formatExactBytes } from '../../format/quantities';
import { t } from '../../i18n';

/** Each line is drawn in its own colour (the registry's, as in every chart); lines other than baseline and target lighter. */
const OTHER_LINE_OPACITY = 0.5;
// Props that never change, made once: recharts copies each prop whose identity changes into its
// store and renders the chart again, so a new object or function per render costs a second pass.
const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const bytesPerKeyTip = (v: unknown) => t('chart.perKey', { size: formatBytesPerKey(Number(v)) });
const yTick = (v: number) => formatExactBytes(v);

/**
 * Axes, legend, tooltip and bar series: the same elements for as long as the lines, their
 * emphasis and the axis' top stay, so that an edit which only changes the numbers re-renders the
 * bars from the new data alone. A re-rendered series hands recharts a new legend entry, and the
 * legend then measures itself, forcing a layout of the whole page on every keystroke. (The
 * language needs no part here: a new language renders the page afresh, LocaleRoot.)
 */
function chartParts(lines: readonly LineId[], ends: { baseline: LineId; target: LineId }, anyMeasured: boolean, top: number) {
  // The legend's swatch for the model's bars: the target's colour.
  const legendColor = LINES.entry(ends.target).color;
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval={0} />
      {/* Every tick shown (interval 0, as the five fit the height anyway): recharts then does not
          measure each new label in the page, which forced a layout of the whole page per edit. */}
      {/* Fixed ticks from zero to a round top (niceTicks none): recharts keeps the axis and grid
          of the last edit unless the top moves, instead of rebuilding them per keystroke. */}
      {/* A round top is its own axis: valueAxis(top) has the ticks of valueAxis(max) (test/ui/valueAxis.test.ts). */}
      <YAxis tickFormatter={yTick} width={70} interval={0} domain={[0, top]} ticks={valueAxis(top).ticks} niceTicks="none" />
      <Tooltip formatter={bytesPerKeyTip} />
      <Legend itemSorter={null} />
      <Bar dataKey="bytesPerKey" name={t('versionsChart.model')} fill={legendColor} isAnimationActive={false}>
        {lines.map((line) => (
          <Cell
            key={line}
            fill={LINES.entry(line).color}
            fillOpacity={emphasisOf(line, ends) === 'other' ? OTHER_LINE_OPACITY : 1}
          />
        ))}
      </Bar>
      {anyMeasured && (
        <Bar dataKey="measuredBytesPerKey" name={t('versionsChart.measured')} fill="#f2a541" isAnimationActive={false} />
      )}
    </>
  );
}

/** Versions side by side: bytes per key (and Percona's figure where measured), baseline and target highlighted. */
export default function VersionsChart() {
  const estimate = useDeferredEstimate();
  // The scenario's lines, baseline and target as resolvedOf keeps them: the same objects while unchanged.
  const { versions: lines, baseline, target } = useDeferredResolved();
  const bytes = useBytesFormatter();
  const bars = versionBars(estimate);
  const anyMeasured = bars.some((b) => b.measuredBytesPerKey !== null);
  const { top } = valueAxis(Math.max(...bars.map((b) => Math.max(b.bytesPerKey, b.measuredBytesPerKey ?? 0))));
  const parts = useMemo(
    () => chartParts(lines, { baseline, target }, anyMeasured, top),
    [lines, baseline, target, anyMeasured, top],
  );
  return (
    <ChartFrame
      title={t('versionsChart.title')}
      file="versions"
      caption={t('versionsChart.caption', { baseline: lineLabel(estimate.baseline), target: lineLabel(estimate.target) })}
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={bars} margin={MARGIN}>
            {parts}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t('versionsChart.tableCaption')}
          rowKey={(r) => r.version}
          rows={estimate.versions}
          columns={[
            { header: t('results.version'), cell: (v) => lineLabel(v.version) },
            { header: t('results.bytesPerKey'), cell: (v) => formatBytesPerKey(v.bytesPerKey) },
            { header: t('results.dataset'), cell: (v) => bytes(v.datasetBytes) },
            {
              header: t('results.changeVs', { baseline: lineLabel(estimate.baseline) }),
              cell: (v) =>
                v.changeVsBaseline
                  ? `${formatSigned(v.changeVsBaseline.bytes, bytes)} (${formatSignedPercent(v.changeVsBaseline.percent)})`
                  : '–',
            },
          ]}
        />
      }
    />
  );
}
