import type { ScenarioEstimate } from '../model';
import { DataTable } from './DataTable';
import { useBytesFormatter } from './useUnits';
import { lineLabel } from './lineLabel';
import { headroomCell } from './deployment/messages';

/** What each line needs to run: per node (used_memory, RSS, headroom and what sets it), shards, nodes, totals. */
export function DeploymentTable({ estimate }: { estimate: ScenarioEstimate }) {
  const bytes = useBytesFormatter();
  return (
    <DataTable
      caption="Deployment per version"
      rowKey={(v) => v.version}
      rows={estimate.versions}
      columns={[
        { header: 'Version', cell: (v) => lineLabel(v.version) },
        { header: 'used_memory per node', cell: (v) => bytes(v.deployment.usedMemoryPerNodeBytes) },
        { header: 'RSS per node', cell: (v) => bytes(v.deployment.rssPerNodeBytes) },
        {
          header: 'With headroom',
          cell: (v) => bytes(v.deployment.requiredPerNodeBytes),
          detail: ({ deployment: d }) =>
            headroomCell(
              d.headroomFrom,
              bytes(d.copyOnWritePerNodeBytes),
              bytes(d.reservePerNodeBytes),
              d.reservePerNodeBytes > 0,
            ),
        },
        { header: 'Shards', cell: (v) => (v.deployment.fits ? String(v.deployment.shards) : '–') },
        {
          header: 'Nodes',
          cell: (v) =>
            v.deployment.fits
              ? `${v.deployment.nodes} × ${v.deployment.instance.id}`
              : `an empty node does not fit ${v.deployment.instance.id}`,
        },
        { header: 'Cluster RAM needed', cell: (v) => (v.deployment.fits ? bytes(v.deployment.requiredTotalBytes) : '–') },
        { header: 'Provisioned', cell: (v) => (v.deployment.fits ? bytes(v.deployment.provisionedTotalBytes) : '–') },
      ]}
    />
  );
}
