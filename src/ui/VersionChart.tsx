import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VersionBar } from './chartData';

/** Bytes per key by version, modeled beside measured. */
export function VersionChart({ bars }: { bars: VersionBar[] }) {
  const anyMeasured = bars.some((b) => b.measuredBytesPerKey !== null);
  return (
    <figure className="chart" aria-label="Bytes per key by version">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="version" />
          <YAxis unit=" B" width={64} />
          <Tooltip formatter={(v) => `${Number(v).toFixed(2)} B/key`} />
          <Legend />
          <Bar dataKey="bytesPerKey" name="Model (bytes per key)" fill="#2f6db5" isAnimationActive={false} />
          {anyMeasured && <Bar dataKey="measuredBytesPerKey" name="Percona measured" fill="#f2a541" isAnimationActive={false} />}
        </BarChart>
      </ResponsiveContainer>
      <figcaption>Bytes of used_memory per key on each release line.</figcaption>
    </figure>
  );
}
