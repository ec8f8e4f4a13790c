import type { Reconciliation } from '../info/reconcile';
import { DataTable } from './DataTable';
import { formatPercent, formatSigned } from '../format/quantities';
import { t } from '../i18n';

/** The server's used_memory taken apart, against the model's figure for the keys. */
export function ReconciliationTable({ reconciliation, bytes }: { reconciliation: Reconciliation; bytes: (n: number) => string }) {
  const percent = reconciliation.unexplainedPercent;
  return (
    <>
      <DataTable
        caption={t('info.reconciled')}
        rowKey={(r) => r.label}
        rows={reconciliation.rows}
        columns={[
          { header: t('info.part'), cell: (r) => r.label },
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
      {reconciliation.serverSplit && <p className="note">{reconciliation.serverSplit}</p>}
    </>
  );
}
