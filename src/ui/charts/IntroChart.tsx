import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { introCorrection } from '../../model';
import { INTRO_BASELINE } from '../../model/introCorrection';
import { GB } from '../../model/units';
import { introRowsOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';
import { DataTable } from '../DataTable';
import { formatSigned } from '../../format/quantities';
import { useBytesFormatter } from '../useUnits';
import { ChartFrame } from './ChartFrame';
import { introBars } from './chartData';
import { lineLabel } from '../lineLabel';

/** Where Percona's table has no row for a line. */
const NOT_MEASURED = 'no published measurement';

/** The post's own lines: those it gives a round figure or a measurement for. */
const PERCONA_ROWS = introCorrection(1000 * GB).filter((r) => r.introBytes !== null || r.tableBytes !== null);

/** The post's "1 TB on 7.2" round figures against its own table, for 1,000 GB and for this scenario's dataset. */
export default function IntroChart() {
  const scenario = usePlannerStore((s) => s.scenario);
  const bytes = useBytesFormatter();
  const rows = introRowsOf(scenario);
  const gb = (b: number) => `${Math.round(b / GB)} GB`;
  return (
    <ChartFrame
      title='The "1 TB" intro figures against the table'
      caption="Intro: the post's round figures (800 / 640 / 630 GB from 1 TB on 7.2) scaled to this dataset. Table: the same size scaled by the measured bytes per key. Model: this scenario's own keys. Both the intro and the table fit only keys like the benchmark's."
      chart={
        <>
          <div className="table-scroll">
            <table className="data-table" aria-label="1,000 GB on 7.2: intro against table">
              <thead>
                <tr>
                  <th scope="col">1,000 GB on 7.2 becomes</th>
                  {PERCONA_ROWS.map((r) => (
                    <th key={r.version} scope="col">
                      {lineLabel(r.version)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">intro</th>
                  {PERCONA_ROWS.map((r) => (
                    <td key={r.version}>{r.introBytes === null ? '–' : gb(r.introBytes)}</td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">table</th>
                  {PERCONA_ROWS.map((r) => (
                    <td key={r.version}>{r.tableBytes === null ? NOT_MEASURED : gb(r.tableBytes)}</td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">intro error</th>
                  {PERCONA_ROWS.map((r) => (
                    <td key={r.version}>
                      {r.introErrorBytes === null || r.version === INTRO_BASELINE ? '–' : formatSigned(r.introErrorBytes, gb)}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={introBars(rows)} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" />
              <YAxis tickFormatter={(v: number) => bytes(v)} width={90} />
              <Tooltip formatter={(v) => bytes(Number(v))} />
              <Legend />
              <Bar dataKey="intro" name="Intro figure (scaled)" fill="#c0392b" isAnimationActive={false} />
              <Bar dataKey="table" name="Table ratio" fill="#f2a541" isAnimationActive={false} />
              <Bar dataKey="model" name="Model, your keys" fill="#2f6db5" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </>
      }
      table={
        <DataTable
          caption="The intro figures for this dataset (table)"
          rowKey={(r) => r.version}
          rows={rows}
          columns={[
            { header: 'Version', cell: (r) => lineLabel(r.version) },
            { header: 'Intro (scaled)', cell: (r) => (r.introBytes === null ? '–' : bytes(r.introBytes)) },
            { header: 'Table ratio', cell: (r) => (r.tableBytes === null ? NOT_MEASURED : bytes(r.tableBytes)) },
            {
              header: 'Intro error',
              cell: (r) =>
                r.introErrorBytes === null || r.version === INTRO_BASELINE ? '–' : formatSigned(r.introErrorBytes, bytes),
            },
            { header: 'Model, your keys', cell: (r) => bytes(r.modelBytes) },
          ]}
        />
      }
    />
  );
}
