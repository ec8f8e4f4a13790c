import { useEffect, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytesPerKey, formatSigned, formatSignedPercent } from '../../format/quantities';
import { DataTable } from '../DataTable';
import { useEstimate } from '../../state/store';
import { useBytesFormatter } from '../useUnits';
import { ChartFrame } from './ChartFrame';
import { valueAxis, versionBars, type ValueAxis, type VersionBar } from './chartData';
import { lineLabel } from '../lineLabel';
import { LINES } from '../../model/lineRegistry';
import { formatExactBytes } from '../../format/quantities';
import { currentLocale, t } from '../../i18n';

/** Each line is drawn in its own colour (the registry's, as in every chart); lines other than baseline and target lighter. */
const OTHER_LINE_OPACITY = 0.5;
// Props that never change, made once: recharts copies each prop whose identity changes into its
// store and renders the chart again, so a new object or function per render costs a second pass.
const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };
const bytesPerKeyTip = (v: unknown) => t('chart.perKey', { size: formatBytesPerKey(Number(v)) });
const yTick = (v: number) => formatExactBytes(v);

/**
 * Axes, legend, tooltip and bar series: the same elements for as long as the lines and their
 * emphasis stay, so that an edit which only changes the numbers re-renders the bars from the new
 * data alone. A re-rendered series hands recharts a new legend entry, and the legend then measures
 * itself, forcing a layout of the whole page on every keystroke.
 */
function chartParts(emphasis: Array<Pick<VersionBar, 'version' | 'emphasis'>>, anyMeasured: boolean, axis: ValueAxis) {
  // The legend's swatch for the model's bars: the target's colour.
  const target = emphasis.find((b) => b.emphasis === 'target') ?? emphasis[emphasis.length - 1];
  const legendColor = target ? LINES.entry(target.version).color : undefined;
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval={0} />
      {/* Every tick shown (interval 0, as the five fit the height anyway): recharts then does not
          measure each new label in the page, which forced a layout of the whole page per edit. */}
      {/* Fixed ticks from zero to a nice top (niceTicks none): recharts keeps the axis and grid
          of the last edit unless the top moves, instead of rebuilding them per keystroke. */}
      <YAxis tickFormatter={yTick} width={70} interval={0} domain={[0, axis.top]} ticks={axis.ticks} niceTicks="none" />
      <Tooltip formatter={bytesPerKeyTip} />
      <Legend itemSorter={null} />
      <Bar dataKey="bytesPerKey" name={t('versionsChart.model')} fill={legendColor} isAnimationActive={false}>
        {emphasis.map((b) => (
          <Cell
            key={b.version}
            fill={LINES.entry(b.version).color}
            fillOpacity={b.emphasis === 'other' ? OTHER_LINE_OPACITY : 1}
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
  const estimate = useEstimate();
  const bytes = useBytesFormatter();
  const bars = versionBars(estimate);
  useEffect(() => {
    performance.mark('vrp:chart');
  }, [estimate]);
  const anyMeasured = bars.some((b) => b.measuredBytesPerKey !== null);
  const emphasisKey = bars.map((b) => `${b.version}:${b.emphasis}`).join(' ');
  // Keyed on the lines and their emphasis, not on bars, which are new on every edit.
  // Keyed on the language too: the legend and tooltip texts are in the parts.
  const locale = currentLocale();
  const top = Math.max(...bars.map((b) => Math.max(b.bytesPerKey, b.measuredBytesPerKey ?? 0)));
  const axis = valueAxis(top);
  const parts = useMemo(() => chartParts(bars, anyMeasured, axis), [emphasisKey, anyMeasured, locale, axis.top]);
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
