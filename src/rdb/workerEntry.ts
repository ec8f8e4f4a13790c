/**
 * The Web Worker's entry: the page starts it with
 * new Worker(new URL('../rdb/workerEntry.ts', import.meta.url), { type: 'module' })
 * and talks to it with the messages of worker.ts.
 */
import { serveRdbReads, type WorkerScope } from './worker';

serveRdbReads(globalThis as unknown as WorkerScope, () => Date.now());
