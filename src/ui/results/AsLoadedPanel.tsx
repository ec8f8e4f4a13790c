import type { ReactNode } from 'react';
import { change } from '../../model';
import { formatBytesPerKey, formatSignedPercent } from '../../format/quantities';
import { t } from '../../i18n';
import { asLoadedOf } from '../../state/asLoadedDerived';
import { resolvedOf } from '../../state/derived';
import { DataTable, type Column } from '../common/DataTable';
import { useDeferredScenario } from '../common/deferredScenario';
import { lineLabel } from '../common/lineLabel';
import { moveDayOneText } from './moveDayOne';
import { useBytesFormatter } from '../common/useUnits';

/** One row: a workload's bytes per key, or a line's dataset, as written and as loaded. */
interface Row {
  key: string;
  line: string;
  what: string;
  asWritten: string;
  loaded: string;
  change: string;
}

const changePercent = (loaded: number, written: number) => formatSignedPercent(change(loaded, written).percent);

/**
 * Where a workload's figure depends on how its collections were written: each such line as
 * written (its steady state on the server that wrote the keys) and as loaded (a restart, a
 * failover to a replica that loaded a snapshot, a migration), and a move's target on day one.
 * Nothing when no figure depends on it. `exportBar`: the page's buttons that export its table
 * (they live above this folder), given the table's title: the panel's messages load with it, so
 * the title is worded here, not by the page before they have come.
 */
export default function AsLoadedPanel({ exportBar }: { exportBar?: (title: string) => ReactNode }) {
  const scenario = useDeferredScenario();
  const bytes = useBytesFormatter();
  const { lines, move } = asLoadedOf(scenario);
  if (lines.length === 0 && !move) return null;
  const names = resolvedOf(scenario).workloads.map((w) => w.name);
  const rows: Row[] = lines.flatMap((l) => [
    ...l.workloads.map((w) => ({
      key: `${l.version}/${w.index}`,
      line: lineLabel(l.version),
      what: names[w.index]!,
      asWritten: formatBytesPerKey(w.asWrittenBytesPerKey),
      loaded: formatBytesPerKey(w.loadedBytesPerKey),
      change: changePercent(w.loadedBytesPerKey, w.asWrittenBytesPerKey),
    })),
    {
      key: `${l.version}/dataset`,
      line: lineLabel(l.version),
      what: t('results.dataset'),
      asWritten: bytes(l.asWrittenDatasetBytes),
      loaded: bytes(l.loadedDatasetBytes),
      change: changePercent(l.loadedDatasetBytes, l.asWrittenDatasetBytes),
    },
  ]);
  const columns: Column<Row>[] = [
    { header: t('results.version'), cell: (r) => r.line },
    { header: t('results.workload'), cell: (r) => r.what, wrap: true },
    { header: t('asLoaded.asWritten'), cell: (r) => r.asWritten },
    { header: t('asLoaded.loaded'), cell: (r) => r.loaded },
    { header: t('asLoaded.change'), cell: (r) => r.change },
  ];
  return (
    <section className="as-loaded" aria-label={t('asLoaded.title')}>
      <div className="section-head">
        <h3>{t('asLoaded.title')}</h3>
        {lines.length > 0 && exportBar?.(t('asLoaded.title'))}
      </div>
      <p className="note">{t('asLoaded.intro')}</p>
      {rows.length > 0 && <DataTable caption={t('asLoaded.caption')} columns={columns} rows={rows} rowKey={(r) => r.key} />}
      {move && (
        <p className="note" role="note">
          {moveDayOneText(move, bytes)}
        </p>
      )}
    </section>
  );
}
