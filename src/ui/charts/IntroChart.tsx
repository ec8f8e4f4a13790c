import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { INTRO_BASELINE } from '../../model/introCorrection';
import { introRowsOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';
import { DataTable } from '../DataTable';
import { formatSigned } from '../../format/quantities';
import { INTRO_SERIES } from '../introSeries';
import { useBytesFormatter } from '../useUnits';
import { ChartFrame } from './ChartFrame';
import { introBars } from './chartData';
import { lineLabel } from '../lineLabel';

/** Where Percona's table has no row for a line. */
const NOT_MEASURED = 'no published measurement';

/** The post's "1 TB on 7.2" round figures against its own table and the model, scaled to this scenario's dataset. */
export default function IntroChart() {
  const scenario = usePlannerStore((s) => s.scenario);
  const bytes = useBytesFormatter();
  const rows = introRowsOf(scenario);
  return (
    <ChartFrame
      title='The "1 TB" intro figures against the table'
      caption="Intro: the post's round figures (800 / 640 / 630 GB from 1 TB on 7.2) scaled to this dataset. Table: the same size scaled by the measured bytes per key. Your keys: the model for this scenario. Both the intro and the table fit only keys like the benchmark's."
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={introBars(rows)} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis tickFormatter={(v: number) => bytes(v)} width={90} />
            <Tooltip formatter={(v) => bytes(Number(v))} />
            {/* recharts sorts legend items by name unless told not to: keep them in bar order. */}
            <Legend itemSorter={null} />
            {(['intro', 'table', 'model'] as const).map((key) => (
              <Bar
                key={key}
                dataKey={key}
                name={INTRO_SERIES[key].name}
                fill={INTRO_SERIES[key].color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="The intro figures for this dataset (table)"
          rowKey={(r) => r.version}
          rows={rows}
          columns={[
            { header: 'Version', cell: (r) => lineLabel(r.version) },
            { header: INTRO_SERIES.intro.name, cell: (r) => (r.introBytes === null ? '–' : bytes(r.introBytes)) },
            { header: INTRO_SERIES.table.name, cell: (r) => (r.tableBytes === null ? NOT_MEASURED : bytes(r.tableBytes)) },
            {
              header: 'Intro error',
              cell: (r) =>
                r.introErrorBytes === null || r.version === INTRO_BASELINE ? '–' : formatSigned(r.introErrorBytes, bytes),
            },
            { header: INTRO_SERIES.model.name, cell: (r) => bytes(r.modelBytes) },
          ]}
        />
      }
    />
  );
}
