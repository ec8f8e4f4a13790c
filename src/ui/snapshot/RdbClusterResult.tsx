import { useMemo } from 'react';
import { t } from '../../i18n';
import { formatCount } from '../../format/count';
import { formatSignedPercent } from '../../format/quantities';
import type { RdbAnalysis } from '../../rdb/analyze';
import { rdbClusterFigures } from '../../state/rdbFigures';
import { useResolved } from '../../state/store';
import { lineLabel } from '../common/lineLabel';
import { TableScroll } from '../common/TableScroll';
import { useBytesFormatter } from '../common/useUnits';

/**
 * Several snapshots read together (a cluster's, one per shard): each shard's keys and dataset on
 * the selected versions, the cluster per version with the largest shard, which each node must hold.
 * The figures follow the page's allocator and cluster mode as one snapshot's do.
 */
export function RdbClusterResult({ analyses, cancelled }: { analyses: readonly RdbAnalysis[]; cancelled: boolean }) {
  const allocator = useResolved((r) => r.allocator);
  const cluster = useResolved((r) => r.cluster);
  const thresholds = useResolved((r) => r.thresholds);
  const versions = useResolved((r) => r.versions);
  const bytes = useBytesFormatter();
  const { cluster: c } = useMemo(
    () => rdbClusterFigures(analyses, { allocator, cluster, thresholds }),
    [analyses, allocator, cluster, thresholds],
  );
  const partial = c.shards.filter((s) => s.status === 'partial').map((s) => s.name);
  const newest = c.lines[c.lines.length - 1]!.line;
  const shardsLabel = t('rdb.cluster.shardsTable');
  const linesLabel = t('rdb.cluster.linesTable');
  const keysColumn = t('rdb.keys');
  return (
    <div className="rdb-result">
      <h3>{t('rdb.cluster.title', { count: c.shards.length })}</h3>
      {(partial.length > 0 || cancelled) && (
        <p className="note warning" role="status">
          {t('rdb.cluster.partial', { files: partial.join(', ') })}
        </p>
      )}
      {c.largest && (
        <p>
          {t('rdb.cluster.largest', {
            file: c.largest.shard,
            bytes: bytes(c.largest.datasetBytes),
            version: lineLabel(newest),
            skew: formatSignedPercent(c.largest.skewPercent),
          })}
        </p>
      )}
      <TableScroll label={shardsLabel}>
        <table className="data-table" aria-label={shardsLabel}>
          <thead>
            <tr>
              <th scope="col">{t('rdb.cluster.shard')}</th>
              <th scope="col">{keysColumn}</th>
              {versions.map((v) => (
                <th scope="col" key={v}>
                  {lineLabel(v)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.shards.map((s) => (
              <tr key={s.name}>
                <th scope="row">{s.name}</th>
                <td data-label={keysColumn}>{formatCount(s.keys)}</td>
                {versions.map((v) => (
                  <td key={v} data-label={lineLabel(v)}>
                    {bytes(s.datasetBytes[v] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <TableScroll label={linesLabel}>
        <table className="data-table" aria-label={linesLabel}>
          <thead>
            <tr>
              <th scope="col">{t('rdb.line')}</th>
              <th scope="col">{t('rdb.cluster.total')}</th>
              <th scope="col">{t('rdb.cluster.mean')}</th>
              <th scope="col">{t('rdb.cluster.perNode')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => {
              const l = c.lines.find((x) => x.line === v);
              if (!l) return null;
              return (
                <tr key={v}>
                  <th scope="row">{lineLabel(v)}</th>
                  <td data-label={t('rdb.cluster.total')}>{bytes(l.totalBytes)}</td>
                  <td data-label={t('rdb.cluster.mean')}>{bytes(l.meanBytes)}</td>
                  <td data-label={t('rdb.cluster.perNode')}>{bytes(l.largestBytes)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
