/**
 * The Web Worker's entry: the page starts it with
 * new Worker(new URL('../../rdb/workerEntry.ts', import.meta.url), { type: 'module' })
 * and talks to it with the messages of worker.ts.
 */
import { serveRdbReads, type WorkerScope } from './worker';

/** What the entry needs of a worker's MessageChannel (the pure core has no DOM types). */
interface Channel {
  port1: { onmessage: (() => void) | null };
  port2: { postMessage(message: null): void };
}

const scope = globalThis as unknown as WorkerScope & { MessageChannel: new () => Channel };

// A message to itself is a task: messages from the page (a cancel) run before the read goes on.
// Not a zero timeout: browsers hold a timeout set from a timeout's task back by 4 ms, and the
// read pauses every 50 ms.
const channel = new scope.MessageChannel();
let resume: (() => void) | null = null;
channel.port1.onmessage = () => {
  const next = resume;
  resume = null;
  next?.();
};

serveRdbReads(
  scope,
  () => Date.now(),
  () =>
    new Promise<void>((resolve) => {
      resume = resolve;
      channel.port2.postMessage(null);
    }),
);
