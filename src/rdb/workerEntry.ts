/**
 * The Web Worker's entry: the page starts it with
 * new Worker(new URL('../../rdb/workerEntry.ts', import.meta.url), { type: 'module' })
 * and talks to it with the messages of worker.ts.
 */
import { serveRdbReads, type WorkerScope } from './worker';

const scope = globalThis as unknown as WorkerScope & { setTimeout(callback: () => void, ms: number): unknown };

// A zero timeout is a task: messages from the page (a cancel) run before the read goes on.
serveRdbReads(
  scope,
  () => Date.now(),
  () => new Promise((resolve) => scope.setTimeout(resolve, 0)),
);
