import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INTRO_BASELINE } from '../../model';
import { introRowsOf } from '../../state/derived';
import { useDeferredScenario } from '../common/deferredScenario';
import { DataTable } from '../common/DataTable';
import { formatSigned } from '../../format/quantities';
import { INTRO_SERIES } from '../common/introSeries';
import { useBytesFormatter, useUnits } from '../common/useUnits';
import { ChartFrame } from './ChartFrame';
import { byteAxisProps, introBars } from './chartData';
import { lineLabel } from '../common/lineLabel';
import { t } from '../../i18n';

/** The post's "1 TB on 7.2" round figures against its own table and the model, scaled to this scenario's dataset. */
export default function IntroChart() {
  const scenario = useDeferredScenario();
  const bytes = useBytesFormatter();
  const rows = introRowsOf(scenario);
  const bars = introBars(rows);
  const units = useUnits();
  const max = Math.max(...bars.flatMap((b) => [b.intro ?? 0, b.table ?? 0, b.model]));
  // The same ticks and formatter while the top holds: recharts redraws an axis whose props change.
  const axisProps = useMemo(() => byteAxisProps(max, units), [max, units]);
  return (
    <ChartFrame
      title={t('introChart.title')}
      file="intro-figures"
      caption={t('introChart.caption')}
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis {...axisProps} />
            <Tooltip formatter={(v) => bytes(Number(v))} />
            {/* recharts sorts legend items by name unless told not to: keep them in bar order. */}
            <Legend itemSorter={null} />
            {(['intro', 'table', 'model'] as const).map((key) => (
              <Bar
                key={key}
                dataKey={key}
                name={t(INTRO_SERIES[key].message)}
                fill={INTRO_SERIES[key].color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t('introChart.tableCaption')}
          rowKey={(r) => r.version}
          rows={rows}
          columns={[
            { header: t('results.version'), cell: (r) => lineLabel(r.version) },
            { header: t(INTRO_SERIES.intro.message), cell: (r) => (r.introBytes === null ? '–' : bytes(r.introBytes)) },
            {
              header: t(INTRO_SERIES.table.message),
              cell: (r) => (r.tableBytes === null ? t('terabyte.noMeasurement') : bytes(r.tableBytes)),
            },
            {
              header: t('terabyte.introError'),
              cell: (r) =>
                r.introErrorBytes === null || r.version === INTRO_BASELINE ? '–' : formatSigned(r.introErrorBytes, bytes),
            },
            { header: t(INTRO_SERIES.model.message), cell: (r) => bytes(r.modelBytes) },
          ]}
        />
      }
    />
  );
}
