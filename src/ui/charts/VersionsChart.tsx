import { useEffect } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytesPerKey, formatSigned, formatSignedPercent } from '../../format/quantities';
import { DataTable } from '../DataTable';
import { useEstimate } from '../../state/store';
import { useBytesFormatter } from '../useUnits';
import { ChartFrame } from './ChartFrame';
import { versionBars } from './chartData';
import { lineLabel } from '../lineLabel';
import { formatExactBytes } from '../../format/quantities';
import { t } from '../../i18n';

const EMPHASIS_COLORS = { baseline: '#7a8799', target: '#1f7a4d', other: '#2f6db5' };

/** Versions side by side: bytes per key (and Percona's figure where measured), baseline and target highlighted. */
export default function VersionsChart() {
  const estimate = useEstimate();
  const bytes = useBytesFormatter();
  const bars = versionBars(estimate);
  useEffect(() => {
    performance.mark('vrp:chart');
  }, [estimate]);
  const anyMeasured = bars.some((b) => b.measuredBytesPerKey !== null);
  return (
    <ChartFrame
      title={t('versionsChart.title')}
      caption={t('versionsChart.caption', { baseline: lineLabel(estimate.baseline), target: lineLabel(estimate.target) })}
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={bars} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" />
            <YAxis tickFormatter={(v: number) => formatExactBytes(v)} width={70} />
            <Tooltip formatter={(v) => t('chart.perKey', { size: formatBytesPerKey(Number(v)) })} />
            <Legend itemSorter={null} />
            <Bar dataKey="bytesPerKey" name={t('versionsChart.model')} fill={EMPHASIS_COLORS.other} isAnimationActive={false}>
              {bars.map((b) => (
                <Cell key={b.version} fill={EMPHASIS_COLORS[b.emphasis]} />
              ))}
            </Bar>
            {anyMeasured && (
              <Bar dataKey="measuredBytesPerKey" name={t('versionsChart.measured')} fill="#f2a541" isAnimationActive={false} />
            )}
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
