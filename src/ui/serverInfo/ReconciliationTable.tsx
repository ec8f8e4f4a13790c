import type { ReconciliationFindings, ReconciliationPart } from '../../info/reconcile';
import { DataTable } from '../common/DataTable';
import { formatPercent, formatSigned } from '../../format/quantities';
import { t, type MessageId } from '../../i18n';
import { serverSplitMessage } from './infoMessages';

/** Each row's name in the catalog; used_memory stays the server's own word in every language. */
const PART_MESSAGES: Record<ReconciliationPart, MessageId> = {
  usedMemory: 'info.row.usedMemory',
  startup: 'info.row.startup',
  clients: 'info.row.clients',
  replicationBacklog: 'info.row.replicationBacklog',
  aofBuffer: 'info.row.aofBuffer',
  scripts: 'info.row.scripts',
  clusterLinks: 'info.row.clusterLinks',
  leftForKeys: 'info.row.leftForKeys',
  model: 'info.row.model',
  unexplained: 'info.row.unexplained',
};

/** The server's used_memory taken apart, against the model's figure for the keys. */
export function ReconciliationTable({
  reconciliation,
  bytes,
}: {
  reconciliation: ReconciliationFindings;
  bytes: (n: number) => string;
}) {
  const percent = reconciliation.unexplainedPercent;
  return (
    <>
      <DataTable
        caption={t('info.reconciled')}
        rowKey={(r) => r.part}
        rows={reconciliation.rows}
        columns={[
          { header: t('info.part'), cell: (r) => t(PART_MESSAGES[r.part]) },
          { header: t('info.bytes'), cell: (r) => (r.bytes < 0 ? formatSigned(r.bytes, bytes) : bytes(r.bytes)) },
        ]}
      />
      {percent !== null && (
        <p className="note">
          {t('info.unexplained', {
            bytes: formatSigned(reconciliation.unexplainedBytes, bytes),
            percent: formatPercent(percent),
          })}
        </p>
      )}
      {reconciliation.serverSplit && <p className="note">{serverSplitMessage(reconciliation.serverSplit, bytes)}</p>}
    </>
  );
}
