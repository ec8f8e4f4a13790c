import { useId, useMemo, useState, type DragEvent } from 'react';
import { t } from '../../i18n';
import type { RdbProgress } from '../../rdb/stream';
import type { StreamableFile } from '../../rdb/worker';
import { rdbPageFigures } from '../../state/rdbFigures';
import { useResolved } from '../../state/store';
import { RdbResult } from './RdbResult';
import { RdbClusterResult } from './RdbClusterResult';
import { READS_IN_PAGE, startRdbReader, useRdbGrouping, useRdbRead, type RdbWorkerPort } from './rdbRead';
import { useBytesFormatter } from '../common/useUnits';

/** "12.5 MiB of 40 MiB · 31.2 MiB/s · about 1 second left", as far as the figures are known. */
function ProgressText({ progress, bytes }: { progress: RdbProgress | null; bytes: (n: number) => string }) {
  if (!progress) return <>{t('rdb.starting')}</>;
  const read = bytes(progress.bytesRead);
  const parts = [progress.totalBytes === null ? read : t('rdb.readOf', { read, total: bytes(progress.totalBytes) })];
  if (progress.bytesPerSecond > 0) parts.push(t('rdb.rate', { rate: bytes(progress.bytesPerSecond) }));
  if (progress.secondsLeft !== null) parts.push(t('rdb.secondsLeft', { seconds: Math.ceil(progress.secondsLeft) }));
  return <>{parts.join(' · ')}</>;
}

/**
 * "Size an RDB snapshot": a dump file picked or dropped is read as a stream in a Web Worker
 * (never whole, never sent anywhere) and sized on every line with every server setting; the
 * figures shown are the analysis's for the page's settings, and follow them.
 */
export function RdbPanel({
  startWorker = startRdbReader,
  readsInPage = READS_IN_PAGE,
}: {
  startWorker?: () => RdbWorkerPort;
  /** The reader runs in the page (the single-file build): the hint says so. */
  readsInPage?: boolean;
}) {
  const { state, read, cancel } = useRdbRead(startWorker);
  // The read's settings only: the rest of the scenario changes with every keystroke.
  const allocator = useResolved((r) => r.allocator);
  const cluster = useResolved((r) => r.cluster);
  const thresholds = useResolved((r) => r.thresholds);
  const bytes = useBytesFormatter();
  const [dragging, setDragging] = useState(false);
  const { delimiter, depthText, setGrouping } = useRdbGrouping();
  // As the command's --depth: a whole number from 1 to 32, or a message and no read.
  const depth = /^\s*\d+\s*$/.test(depthText) ? Number(depthText) : NaN;
  const depthValid = Number.isInteger(depth) && depth >= 1 && depth <= 32;
  const delimiterId = useId();
  const depthId = useId();
  const depthErrorId = useId();
  const inputId = useId();
  const hintId = useId();
  const headingId = useId();

  const reading = state.phase === 'reading';
  // The read's figures for the page's allocator and cluster mode: they follow a change of either.
  const analysis = state.phase === 'done' ? state.analysis : null;
  const figures = useMemo(
    () => analysis && rdbPageFigures(analysis, { allocator, cluster, thresholds }),
    [analysis, allocator, cluster, thresholds],
  );
  // A file dropped during a read waits: Cancel first (the picker is disabled meanwhile too).
  // Several files are a cluster's snapshots, one per shard: each is read in a worker of its own.
  const start = (files: ArrayLike<StreamableFile> | null | undefined) => {
    if (!files || files.length === 0 || reading || !depthValid) return;
    read(Array.from(files), { allocator, cluster, thresholds }, { delimiter, depth });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files);
  };

  return (
    <section className="rdb-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('rdb.title')}</h2>
      <div
        className={dragging ? 'rdb-drop is-dragging' : 'rdb-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId}>{t('rdb.pick')}</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept=".rdb,application/octet-stream"
          aria-describedby={hintId}
          disabled={reading || !depthValid}
          onChange={(e) => {
            start(e.target.files);
            // The same file picked again reads again.
            e.target.value = '';
          }}
        />
        <p className="note" id={hintId}>
          {t('rdb.hint')}
          {readsInPage && ` ${t('rdb.inPage')}`}
        </p>
      </div>
      <div className="rdb-grouping">
        <label htmlFor={delimiterId}>{t('rdb.delimiter')}</label>
        <input
          id={delimiterId}
          type="text"
          size={4}
          maxLength={8}
          value={delimiter}
          disabled={reading}
          onChange={(e) => setGrouping({ delimiter: e.target.value })}
        />
        <label htmlFor={depthId}>{t('rdb.depth')}</label>
        <input
          id={depthId}
          type="text"
          inputMode="numeric"
          size={3}
          value={depthText}
          disabled={reading}
          aria-invalid={!depthValid}
          aria-describedby={depthValid ? undefined : depthErrorId}
          onChange={(e) => setGrouping({ depthText: e.target.value })}
        />
        <p className="note">{t('rdb.groupingNote')}</p>
        {!depthValid && (
          <p className="note warning" id={depthErrorId} role="alert">
            {t('rdb.depthInvalid')}
          </p>
        )}
      </div>
      {reading && (
        <div className="rdb-progress">
          <progress
            aria-label={t('rdb.progressLabel', { file: state.fileName })}
            max={state.progress?.totalBytes ?? undefined}
            value={state.progress && state.progress.totalBytes !== null ? state.progress.bytesRead : undefined}
          />
          <p>
            <ProgressText progress={state.progress} bytes={bytes} />
          </p>
          <button type="button" onClick={cancel} disabled={state.cancelling}>
            {state.cancelling ? t('rdb.cancelling') : t('rdb.cancel')}
          </button>
        </div>
      )}
      {state.phase === 'failed' && (
        <p className="note warning" role="alert">
          {t('rdb.failed', { file: state.fileName, message: state.message })}
        </p>
      )}
      {state.phase === 'noWorker' && (
        <p className="note warning" role="alert">
          {t('rdb.noWorker', { file: state.fileName })}
        </p>
      )}
      {state.phase === 'doneMany' && <RdbClusterResult analyses={state.analyses} cancelled={state.cancelled} />}
      {state.phase === 'done' && figures && (
        <RdbResult fileName={state.fileName} analysis={state.analysis} figures={figures} cancelled={state.cancelled} />
      )}
    </section>
  );
}

export default RdbPanel;
