/**
 * A cluster's snapshots read side by side: one file per thread, at most one thread per core (a
 * read is CPU-bound: more threads than cores only take turns). Each thread reads its files as the
 * command reads one (rdbInput.ts, stream.ts) and hands back the analysis.
 */
import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import type { RdbAnalysis, RdbAnalysisOptions } from '../rdb/analyze';
import { analyzeRdbChunks } from '../rdb/stream';
import { openRdbInput } from './rdbInput';

interface ShardRequest {
  index: number;
  file: string;
  options: RdbAnalysisOptions;
}
type ShardReply = { index: number; analysis: RdbAnalysis } | { index: number; failure: string };

/** Marks the threads this module starts, so that the script they run knows to serve reads. */
export const SHARD_THREAD = 'valkey-ram-rdb-shard';

/** Reads one file as the command does: in chunks, never whole. */
export async function readShard(file: string, options: RdbAnalysisOptions): Promise<RdbAnalysis> {
  const source = openRdbInput(file);
  const read = await analyzeRdbChunks(
    source.chunks,
    { ...options, ...(source.size === undefined ? {} : { fileSize: source.size }) },
    { now: () => performance.now() },
  );
  return read.analysis;
}

/** In a shard thread: reads each file asked for and answers with its analysis (or why it could not). */
export function serveShardReads(): void {
  parentPort!.on('message', (request: ShardRequest) => {
    readShard(request.file, request.options).then(
      (analysis) => parentPort!.postMessage({ index: request.index, analysis } satisfies ShardReply),
      (e: unknown) => parentPort!.postMessage({ index: request.index, failure: (e as Error).message } satisfies ShardReply),
    );
  });
}

/**
 * A thread running `script`. The bundled command is JavaScript; run from source (`npm run rdb`,
 * through tsx) it is TypeScript, which a worker thread loads only once tsx's hooks are registered
 * in it: the thread's first code does that, then imports the script.
 */
function shardThread(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script, { workerData: SHARD_THREAD });
  // tsx as this module finds it: the thread's own code would look from the working directory.
  const tsx = import.meta.resolve('tsx/esm/api');
  const start = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`;
  return new Worker(start, { eval: true, workerData: SHARD_THREAD });
}

/**
 * Reads the files on worker threads running `script` (which calls serveShardReads when started as
 * a shard thread), at most `threads` at once; the analyses come back in the files' order. A file
 * that cannot be opened rejects with its message. With no more files than threads, this thread
 * reads the first file itself, beside the others: one thread fewer to start, and one analysis
 * fewer to copy from thread to thread (it would only wait otherwise). With more, it hands out the
 * files as threads finish theirs, and reads none (a read here would hold the hand-outs back).
 */
export async function readShardsInThreads(
  script: URL,
  files: readonly string[],
  optionsOf: (file: string) => RdbAnalysisOptions,
  threads = availableParallelism(),
): Promise<RdbAnalysis[]> {
  const results: RdbAnalysis[] = new Array(files.length);
  const readsHere = files.length <= threads ? 1 : 0;
  let next = readsHere;
  const workers = Array.from({ length: Math.max(readsHere ? 0 : 1, Math.min(threads, files.length) - readsHere) }, () =>
    shardThread(script),
  );
  try {
    const inThreads = workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const ask = () => {
            if (next >= files.length) return resolve();
            const index = next++;
            worker.postMessage({ index, file: files[index]!, options: optionsOf(files[index]!) } satisfies ShardRequest);
          };
          worker.on('message', (reply: ShardReply) => {
            if ('failure' in reply) return reject(new Error(`${files[reply.index]}: ${reply.failure}`));
            results[reply.index] = reply.analysis;
            ask();
          });
          worker.on('error', reject);
          ask();
        }),
    );
    // Started after the threads, so that they start while this one reads.
    const here = readsHere
      ? readShard(files[0]!, optionsOf(files[0]!)).then(
          (analysis) => void (results[0] = analysis),
          (e: unknown) => Promise.reject(new Error(`${files[0]}: ${(e as Error).message}`)),
        )
      : Promise.resolve();
    await Promise.all([here, ...inThreads]);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
