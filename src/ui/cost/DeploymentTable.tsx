import type { ScenarioEstimate } from '../../model';
import { DataTable } from '../common/DataTable';
import { useBytesFormatter } from '../common/useUnits';
import { lineLabel } from '../common/lineLabel';
import { formatCount } from '../../format/count';
import { t } from '../../i18n';

/** What each line needs to run: per node (used_memory, RSS, headroom and what sets it), shards, nodes, totals. */
export function DeploymentTable({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  return (
    <DataTable
      caption={t('deployment.perVersion')}
      rowKey={(v) => v.version}
      rows={estimate.versions}
      columns={[
        { header: t('results.version'), cell: (v) => lineLabel(v.version) },
        { header: t('deployment.usedMemoryPerNode'), cell: (v) => bytes(v.deployment.usedMemoryPerNodeBytes) },
        { header: t('deployment.rssPerNode'), cell: (v) => bytes(v.deployment.rssPerNodeBytes) },
        {
          header: t('deployment.withHeadroom'),
          cell: (v) => bytes(v.deployment.requiredPerNodeBytes),
          // The part of the headroom that counts, and the one that fits inside it.
          detail: ({ deployment: d }) => {
            const copyOnWrite = bytes(d.copyOnWritePerNodeBytes);
            const reserve = bytes(d.reservePerNodeBytes);
            if (d.reservePerNodeBytes <= 0) return t('deployment.headroomCopyOnWrite', { copyOnWrite });
            if (d.copyOnWritePerNodeBytes <= 0) return t('deployment.headroomReserveOnly', { reserve });
            return d.headroomFrom === 'reserve'
              ? t('deployment.headroomFromReserve', { reserve, copyOnWrite })
              : t('deployment.headroomFromCopyOnWrite', { copyOnWrite, reserve });
          },
        },
        { header: t('deployment.shards'), cell: (v) => (v.deployment.fits ? formatCount(v.deployment.shards) : '–') },
        {
          header: t('deployment.nodes'),
          cell: (v) =>
            v.deployment.fits
              ? t('deployment.nodesOf', { nodes: formatCount(v.deployment.nodes), instance: v.deployment.instance.id })
              : t('deployment.emptyNodeDoesNotFit', { instance: v.deployment.instance.id }),
        },
        {
          header: t('deployment.clusterRamNeeded'),
          cell: (v) => (v.deployment.fits ? bytes(v.deployment.requiredTotalBytes) : '–'),
        },
        {
          header: t('deployment.provisioned'),
          cell: (v) => (v.deployment.fits ? bytes(v.deployment.provisionedTotalBytes) : '–'),
        },
      ]}
    />
  );
}
