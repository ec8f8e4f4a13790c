import { DEFAULT_ANALYSIS_OPTIONS, type RdbAnalysis } from './analyze';
import type { FamilyOptions } from './families';
import type { SizingOptions } from './sizing';
import { analyzeRdbChunks, type RdbProgress } from './stream';

/**
 * The page's side of reading an RDB file in a Web Worker: the messages, and the handler the
 * worker installs. Types are structural (a file's stream and the worker scope as far as they are
 * used), so this stays in the pure core and runs under test with Node's streams.
 */

/** What a Blob's stream gives: its reader (async iteration of ReadableStream is not everywhere). */
export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void>; releaseLock(): void };
}

/** The file as the worker gets it (a File is one). */
export interface StreamableFile {
  name: string;
  size: number;
  stream(): ByteStream;
}

export type RdbWorkerRequest =
  | {
      type: 'read';
      file: StreamableFile;
      families?: Partial<FamilyOptions>;
      sizing?: Partial<SizingOptions>;
      /** Price every allocator and cluster mode too, for a page whose settings can change after the read. */
      everyVariant?: boolean;
    }
  | { type: 'cancel' };

export type RdbWorkerReply =
  | { type: 'progress'; progress: RdbProgress }
  | { type: 'done'; analysis: RdbAnalysis; cancelled: boolean }
  | { type: 'failed'; message: string };

/** A stream's chunks, one read at a time; cancelling the iteration cancels the stream. */
export async function* streamChunks(stream: ByteStream): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      if (value) yield value;
    }
  } finally {
    if (!finished) await reader.cancel();
    reader.releaseLock();
  }
}

/**
 * The chunks, with a pause for the worker's own events every `everyMs`: a file's stream can hand
 * out chunks it holds without ever leaving the microtask queue, and then a 'cancel' message would
 * wait for the whole file.
 */
export async function* withPauses(
  chunks: AsyncIterable<Uint8Array>,
  now: () => number,
  pause: () => Promise<void>,
  everyMs = 50,
): AsyncGenerator<Uint8Array> {
  let last = now();
  for await (const chunk of chunks) {
    yield chunk;
    if (now() - last >= everyMs) {
      await pause();
      last = now();
    }
  }
}

/** What the handler needs of the worker scope. */
export interface WorkerScope {
  postMessage(reply: RdbWorkerReply): void;
  onmessage: ((event: { data: RdbWorkerRequest }) => void) | null;
}

/**
 * Answers 'read' with progress and then 'done' (or 'failed'), and 'cancel' by stopping the read
 * between chunks; the result of a cancelled read comes back marked partial. `pause` lets the
 * worker's events run (the worker's setTimeout), so that a 'cancel' is seen during a read.
 */
export function serveRdbReads(scope: WorkerScope, now: () => number, pause: () => Promise<void>): void {
  let cancelRequested = false;
  scope.onmessage = (event) => {
    const request = event.data;
    if (request.type === 'cancel') {
      cancelRequested = true;
      return;
    }
    cancelRequested = false;
    const { file } = request;
    const options = {
      ...DEFAULT_ANALYSIS_OPTIONS,
      families: { ...DEFAULT_ANALYSIS_OPTIONS.families, ...request.families },
      sizing: { ...DEFAULT_ANALYSIS_OPTIONS.sizing, ...request.sizing },
      fileSize: file.size,
      name: file.name,
      everyVariant: request.everyVariant ?? false,
    };
    analyzeRdbChunks(withPauses(streamChunks(file.stream()), now, pause), options, {
      now,
      onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
      cancelled: () => cancelRequested,
    }).then(
      ({ analysis, cancelled }) => scope.postMessage({ type: 'done', analysis, cancelled }),
      (e: unknown) => scope.postMessage({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  };
}
