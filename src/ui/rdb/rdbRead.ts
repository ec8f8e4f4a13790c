import { useCallback, useEffect, useRef, useState } from 'react';
import type { RdbAnalysis } from '../../rdb/analyze';
import type { SizingOptions } from '../../rdb/sizing';
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
 * One read at a time: read(file, sizing) starts a worker, cancel() asks it to stop between chunks (the
 * result comes back marked partial). A new read or leaving the page ends the previous worker.
 */
export function useRdbRead(startWorker: () => RdbWorkerPort = startRdbReader) {
  const [state, setState] = useState<RdbReadState>({ phase: 'idle' });
  const worker = useRef<RdbWorkerPort | null>(null);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const read = useCallback(
    (file: StreamableFile, sizing: SizingOptions) => {
      stop();
      let port: RdbWorkerPort;
      try {
        port = startWorker();
      } catch {
        setState({ phase: 'noWorker', fileName: file.name });
        return;
      }
      worker.current = port;
      setState({ phase: 'reading', fileName: file.name, progress: null, cancelling: false });
      port.onerror = () => {
        if (worker.current !== port) return;
        stop();
        setState({ phase: 'noWorker', fileName: file.name });
      };
      port.onmessage = ({ data: reply }) => {
        if (worker.current !== port) return;
        if (reply.type === 'progress') {
          setState((s) => (s.phase === 'reading' ? { ...s, progress: reply.progress } : s));
          return;
        }
        stop();
        setState(
          reply.type === 'done'
            ? { phase: 'done', fileName: file.name, analysis: reply.analysis, cancelled: reply.cancelled }
            : { phase: 'failed', fileName: file.name, message: reply.message },
        );
      };
      // Every allocator and cluster mode is priced in the read, so the figures follow the page's settings.
      port.postMessage({ type: 'read', file, sizing, everyVariant: true });
    },
    [startWorker, stop],
  );

  const cancel = useCallback(() => {
    if (!worker.current) return;
    worker.current.postMessage({ type: 'cancel' });
    setState((s) => (s.phase === 'reading' ? { ...s, cancelling: true } : s));
  }, []);

  return { state, read, cancel };
}
