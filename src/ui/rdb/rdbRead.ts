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
  | { phase: 'failed'; fileName: string; message: string }
  /** No worker could run in this page: the reader's message does not exist then. */
  | { phase: 'noWorker'; fileName: string };

/**
 * The read and its worker live outside the panel, in a store of their own: the page renders
 * afresh in a newly chosen language (LocaleRoot), and a read of a large file, done or going on,
 * must survive that. A new read ends the previous worker; leaving the page ends any.
 */
const useRdbReadStore = create<{
  state: RdbReadState;
  worker: RdbWorkerPort | null;
  /** How keys group into families, as typed (the depth checked when a read starts). */
  grouping: { delimiter: string; depthText: string };
}>(() => ({
  state: { phase: 'idle' },
  worker: null,
  grouping: { delimiter: DEFAULT_FAMILY_OPTIONS.delimiter, depthText: String(DEFAULT_FAMILY_OPTIONS.depth) },
}));

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

function stopWorker(): void {
  useRdbReadStore.getState().worker?.terminate();
  useRdbReadStore.setState({ worker: null });
}

const setReadState = (update: RdbReadState | ((state: RdbReadState) => RdbReadState)) =>
  useRdbReadStore.setState((s) => ({ state: typeof update === 'function' ? update(s.state) : update }));

/** Forgets the read and ends its worker (a test's fresh start). */
export function resetRdbRead(): void {
  stopWorker();
  setReadState({ phase: 'idle' });
  useRdbReadStore.setState({
    grouping: { delimiter: DEFAULT_FAMILY_OPTIONS.delimiter, depthText: String(DEFAULT_FAMILY_OPTIONS.depth) },
  });
}

/**
 * One read at a time: read(file, sizing) starts a worker, cancel() asks it to stop between chunks (the
 * result comes back marked partial).
 */
export function useRdbRead(startWorker: () => RdbWorkerPort = startRdbReader) {
  const state = useRdbReadStore((s) => s.state);

  const read = useCallback(
    (file: StreamableFile, sizing: SizingOptions, families: Partial<FamilyOptions> = {}) => {
      stopWorker();
      let port: RdbWorkerPort;
      try {
        port = startWorker();
      } catch {
        setReadState({ phase: 'noWorker', fileName: file.name });
        return;
      }
      const current = () => useRdbReadStore.getState().worker === port;
      useRdbReadStore.setState({ worker: port });
      setReadState({ phase: 'reading', fileName: file.name, progress: null, cancelling: false });
      port.onerror = () => {
        if (!current()) return;
        stopWorker();
        setReadState({ phase: 'noWorker', fileName: file.name });
      };
      port.onmessage = ({ data: reply }) => {
        if (!current()) return;
        if (reply.type === 'progress') {
          setReadState((s) => (s.phase === 'reading' ? { ...s, progress: reply.progress } : s));
          return;
        }
        stopWorker();
        setReadState(
          reply.type === 'done'
            ? { phase: 'done', fileName: file.name, analysis: reply.analysis, cancelled: reply.cancelled }
            : { phase: 'failed', fileName: file.name, message: reply.message },
        );
      };
      // Every allocator and cluster mode is priced in the read, so the figures follow the page's settings.
      port.postMessage({ type: 'read', file, sizing, families, everyVariant: true });
    },
    [startWorker],
  );

  const cancel = useCallback(() => {
    const worker = useRdbReadStore.getState().worker;
    if (!worker) return;
    worker.postMessage({ type: 'cancel' });
    setReadState((s) => (s.phase === 'reading' ? { ...s, cancelling: true } : s));
  }, []);

  return { state, read, cancel };
}
