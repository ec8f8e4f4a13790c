import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { growthOf } from '../../state/costDerived';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { LINES } from '../../model/lineRegistry';
import { ChartFrame } from '../charts/ChartFrame';
import { DataTable } from '../DataTable';
import { useBytesFormatter } from '../useUnits';
import { describeFull, describePostponed, growthRows } from './growthText';

/** Memory per line over 24 months against the deployment's usable capacity, with the month each line fills. */
export default function GrowthChart() {
  const scenario = usePlannerStore((s) => s.scenario);
  const projection = growthOf(scenario);
  const bytes = useBytesFormatter();
  const rows = growthRows(projection);
  const capacity = projection.capacityBytes;
  const { baseline, target } = useResolvedScenario();
  const postponed = describePostponed(projection.postponed, baseline, target);
  const fullIn = (version: string, month: number) => {
    const line = projection.lines.find((l) => l.version === version)!;
    return line.monthFull !== null && month >= line.monthFull;
  };
  return (
    <ChartFrame
      title={`Memory over ${projection.months} months`}
      caption={
        <>
          The keys&apos; used_memory per line, month by month, against what the deployment sized today for {baseline} holds (
          {projection.shards} shard{projection.shards > 1 ? 's' : ''}, dashed horizontal line). A vertical line marks the month a
          line needs another shard.
          {postponed && <strong> {postponed}</strong>}
        </>
      }
      chart={
        <ResponsiveContainer width="100%" height={300}>
          <LineChart data={rows} margin={{ top: 16, right: 24, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" type="number" domain={[0, projection.months]} tickCount={9} />
            <YAxis width={80} tickFormatter={(v: number) => bytes(v)} domain={[0, 'auto']} />
            <Tooltip labelFormatter={(m) => `month ${m}`} formatter={(v) => bytes(Number(v))} />
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
                  value: `${projection.shards} shard${projection.shards > 1 ? 's' : ''} hold ${bytes(capacity)}`,
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
                  label={{ value: `${l.version} full`, position: 'insideTopLeft', fontSize: 11 }}
                />
              ))}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <>
          <DataTable
            caption="When each line needs another shard"
            rowKey={(l) => l.version}
            rows={projection.lines}
            columns={[
              { header: 'Version', cell: (l) => l.version },
              { header: 'Today', cell: (l) => bytes(l.datasetBytes[0]!) },
              { header: `Month ${projection.months}`, cell: (l) => bytes(l.datasetBytes[projection.months]!) },
              { header: 'Runs out', cell: (l) => describeFull(l, projection) },
            ]}
          />
          <DataTable
            caption={`Memory over ${projection.months} months (table)`}
            rowKey={(r) => String(r.month)}
            rows={rows}
            columns={[
              { header: 'Month', cell: (r) => String(r.month) },
              ...projection.lines.map((l) => ({
                header: l.version,
                cell: (r: Record<string, number>) => `${bytes(r[l.version]!)}${fullIn(l.version, r.month!) ? ' (full)' : ''}`,
              })),
            ]}
          />
        </>
      }
    />
  );
}
