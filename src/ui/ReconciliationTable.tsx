import type { Reconciliation } from '../info/reconcile';
import { DataTable } from './DataTable';
import { formatSigned } from '../format/quantities';

/** The server's used_memory taken apart, against the model's figure for the keys. */
export function ReconciliationTable({ reconciliation, bytes }: { reconciliation: Reconciliation; bytes: (n: number) => string }) {
  const percent = reconciliation.unexplainedPercent;
  return (
    <>
      <DataTable
        caption="Used memory, reconciled"
        rowKey={(r) => r.label}
        rows={reconciliation.rows}
        columns={[
          { header: 'Part', cell: (r) => r.label },
          { header: 'Bytes', cell: (r) => (r.bytes < 0 ? formatSigned(r.bytes, bytes) : bytes(r.bytes)) },
        ]}
      />
      {percent !== null && (
        <p className="note">
          Unexplained: {formatSigned(reconciliation.unexplainedBytes, bytes)} ({percent.toFixed(1)} % of what is left for the
          keys).
        </p>
      )}
      {reconciliation.serverSplit && <p className="note">{reconciliation.serverSplit}</p>}
    </>
  );
}
