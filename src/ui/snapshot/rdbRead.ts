import { useCallback } from 'react';
import { create } from 'zustand';
import type { RdbAnalysis } from '../../rdb/analyze';
import type { SizingOptions } from '../../rdb/sizing';
import { DEFAULT_FAMILY_OPTIONS, type FamilyOptions } from '../../rdb/families';
import type { RdbProgress } from '../../rdb/stream';
import type { RdbWorkerReply, RdbWorkerRequest, StreamableFile, WorkerScope } from '../../rdb/worker';

/** What the panel needs of a worker (a Web Worker is one; a test's fake one runs the same handler). */
export interface RdbWorkerPort {
  postMessage(request: RdbWorkerRequest): void;
  onmessage: ((event: { data: RdbWorkerReply }) => void) | null;
  /** The worker's script could not load or run (a page opened from a file, a blocked script). */
  onerror: ((event: unknown) => void) | null;
  terminate(): void;
}

/** The page's worker: the file is read as a stream there, off the main thread, and never sent anywhere. */
export function startRdbWorker(): RdbWorkerPort {
  return new Worker(new URL('../../rdb/workerEntry.ts', import.meta.url), { type: 'module' }) as unknown as RdbWorkerPort;
}

/**
 * The reader in the page itself, for the single-file build: its one HTML file has no worker
 * script to start, and the page's policy allows no worker made from the page's own code (blob:).
 * The same handler runs here, pausing between chunks, so the page still answers and Cancel works;
 * it loads with the first read.
 */
export function startPageReader(): RdbWorkerPort {
  let terminated = false;
  let scope: WorkerScope | null = null;
  const port: RdbWorkerPort = {
    onmessage: null,
    onerror: null,
    postMessage: (request) => {
      void ready.then((s) => setTimeout(() => !terminated && s.onmessage?.({ data: request })));
    },
    terminate: () => {
      if (terminated) return;
      terminated = true;
      // A read going on stops at its next chunk.
      scope?.onmessage?.({ data: { type: 'cancel' } });
    },
  };
  const ready = import('../../rdb/worker').then(({ serveRdbReads }) => {
    const s: WorkerScope = {
      onmessage: null,
      postMessage: (reply: RdbWorkerReply) => setTimeout(() => !terminated && port.onmessage?.({ data: reply })),
    };
    serveRdbReads(
      s,
      () => performance.now(),
      () => new Promise((resolve) => setTimeout(resolve, 0)),
    );
    scope = s;
    return s;
  });
  ready.catch(() => !terminated && port.onerror?.(new Error('the reader could not load')));
  return port;
}

/**
 * Whether this build reads in the page: the single-file one (startPageReader); every other reads
 * in a worker, and its bundle leaves the page reader out.
 */
export const READS_IN_PAGE = import.meta.env.MODE === 'singlefile';
export const startRdbReader: () => RdbWorkerPort = READS_IN_PAGE ? startPageReader : startRdbWorker;

export type RdbReadState =
  | { phase: 'idle' }
  | { phase: 'reading'; fileName: string; progress: RdbProgress | null; cancelling: boolean }
  | { phase: 'done'; fileName: string; analysis: RdbAnalysis; cancelled: boolean }
  /** Several snapshots (a cluster's, one per shard), each read in a worker of its own. */
  | { phase: 'doneMany'; fileNames: string[]; analyses: RdbAnalysis[]; cancelled: boolean }
  | { phase: 'failed'; fileName: string; message: string }
  /** No worker could run in this page: the reader's message does not exist then. */
  | { phase: 'noWorker'; fileName: string };

const defaultGrouping = () => ({ delimiter: DEFAULT_FAMILY_OPTIONS.delimiter, depthText: String(DEFAULT_FAMILY_OPTIONS.depth) });

/**
 * The read and its workers live outside the panel, in a store of their own: the page renders
 * afresh in a newly chosen language (LocaleRoot), and a read of a large file, done or going on,
 * must survive that. A new read ends the previous workers; leaving the page ends any.
 */
const useRdbReadStore = create<{
  state: RdbReadState;
  workers: RdbWorkerPort[];
  /** Which read the workers' replies belong to: a reply of an ended read is dropped. */
  readId: number;
  /** How keys group into families, as typed (the depth checked when a read starts). */
  grouping: { delimiter: string; depthText: string };
}>(() => ({ state: { phase: 'idle' }, workers: [], readId: 0, grouping: defaultGrouping() }));

/** The grouping settings of the next read, and their setter. */
export function useRdbGrouping() {
  const grouping = useRdbReadStore((s) => s.grouping);
  const setGrouping = useCallback(
    (change: Partial<{ delimiter: string; depthText: string }>) =>
      useRdbReadStore.setState((s) => ({ grouping: { ...s.grouping, ...change } })),
    [],
  );
  return { ...grouping, setGrouping };
}

/** Ends the read going on: its workers stop, and replies still on their way are dropped. */
function stopWorkers(): void {
  for (const worker of useRdbReadStore.getState().workers) worker.terminate();
  useRdbReadStore.setState((s) => ({ workers: [], readId: s.readId + 1 }));
}

const setReadState = (update: RdbReadState | ((state: RdbReadState) => RdbReadState)) =>
  useRdbReadStore.setState((s) => ({ state: typeof update === 'function' ? update(s.state) : update }));

/** Forgets the read and ends its workers (a test's fresh start). */
export function resetRdbRead(): void {
  stopWorkers();
  setReadState({ phase: 'idle' });
  useRdbReadStore.setState({ grouping: defaultGrouping() });
}

/** The progress of reads side by side as one: bytes and rates summed. */
function together(progress: ReadonlyArray<RdbProgress | null>, sizes: readonly number[]): RdbProgress {
  const bytesRead = progress.reduce((n, p) => n + (p?.bytesRead ?? 0), 0);
  const totalBytes = sizes.reduce((n, size) => n + size, 0);
  const bytesPerSecond = progress.reduce((n, p) => n + (p?.bytesPerSecond ?? 0), 0);
  return {
    bytesRead,
    totalBytes,
    bytesPerSecond,
    secondsLeft: bytesPerSecond > 0 ? Math.max(0, totalBytes - bytesRead) / bytesPerSecond : null,
  };
}

/** Workers at once for several files: one per core the browser reports (2 when it does not say). */
function workersAtOnce(files: number): number {
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 2;
  return Math.max(1, Math.min(files, cores));
}

/**
 * One read at a time, of one file or of several (a cluster's snapshots): read(files, sizing)
 * reads each file in a worker of its own, at most one worker per core; cancel() asks every worker
 * to stop between chunks (the results come back marked partial).
 */
export function useRdbRead(startWorker: () => RdbWorkerPort = startRdbReader) {
  const state = useRdbReadStore((s) => s.state);

  const read = useCallback(
    (files: readonly StreamableFile[], sizing: SizingOptions, families: Partial<FamilyOptions> = {}) => {
      if (files.length === 0) return;
      stopWorkers();
      const readId = useRdbReadStore.getState().readId;
      const current = () => useRdbReadStore.getState().readId === readId;
      const names = files.map((f) => f.name);
      const analyses: RdbAnalysis[] = new Array(files.length);
      const progress: Array<RdbProgress | null> = files.map(() => null);
      let cancelled = false;
      let next = 0;
      let finished = 0;
      setReadState({ phase: 'reading', fileName: names.join(', '), progress: null, cancelling: false });

      const finish = () => {
        stopWorkers();
        setReadState(
          files.length === 1
            ? { phase: 'done', fileName: names[0]!, analysis: analyses[0]!, cancelled }
            : { phase: 'doneMany', fileNames: names, analyses, cancelled },
        );
      };
      const startNext = (): void => {
        if (!current() || next >= files.length) return;
        const index = next++;
        const file = files[index]!;
        let port: RdbWorkerPort;
        try {
          port = startWorker();
        } catch {
          stopWorkers();
          setReadState({ phase: 'noWorker', fileName: file.name });
          return;
        }
        useRdbReadStore.setState((s) => ({ workers: [...s.workers, port] }));
        port.onerror = () => {
          if (!current()) return;
          stopWorkers();
          setReadState({ phase: 'noWorker', fileName: file.name });
        };
        port.onmessage = ({ data: reply }) => {
          if (!current()) return;
          if (reply.type === 'progress') {
            progress[index] = reply.progress;
            const all =
              files.length === 1
                ? reply.progress
                : together(
                    progress,
                    files.map((f) => f.size),
                  );
            setReadState((s) => (s.phase === 'reading' ? { ...s, progress: all } : s));
            return;
          }
          port.terminate();
          useRdbReadStore.setState((s) => ({ workers: s.workers.filter((w) => w !== port) }));
          if (reply.type === 'failed') {
            stopWorkers();
            setReadState({ phase: 'failed', fileName: file.name, message: reply.message });
            return;
          }
          analyses[index] = reply.analysis;
          cancelled ||= reply.cancelled;
          if (++finished === files.length) finish();
          else startNext();
        };
        // Every allocator and cluster mode is priced in the read, so the figures follow the page's settings.
        port.postMessage({ type: 'read', file, sizing, families, everyVariant: true });
      };
      for (let i = workersAtOnce(files.length); i > 0; i--) startNext();
    },
    [startWorker],
  );

  const cancel = useCallback(() => {
    const workers = useRdbReadStore.getState().workers;
    if (workers.length === 0) return;
    for (const worker of workers) worker.postMessage({ type: 'cancel' });
    setReadState((s) => (s.phase === 'reading' ? { ...s, cancelling: true } : s));
  }, []);

  return { state, read, cancel };
}
