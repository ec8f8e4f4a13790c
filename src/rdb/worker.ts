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
  { type: 'read'; file: StreamableFile; families?: Partial<FamilyOptions>; sizing?: Partial<SizingOptions> } | { type: 'cancel' };

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

/** What the handler needs of the worker scope. */
export interface WorkerScope {
  postMessage(reply: RdbWorkerReply): void;
  onmessage: ((event: { data: RdbWorkerRequest }) => void) | null;
}

/**
 * Answers 'read' with progress and then 'done' (or 'failed'), and 'cancel' by stopping the read
 * between chunks; the result of a cancelled read comes back marked partial.
 */
export function serveRdbReads(scope: WorkerScope, now: () => number): void {
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
    };
    analyzeRdbChunks(streamChunks(file.stream()), options, {
      now,
      onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
      cancelled: () => cancelRequested,
    }).then(
      ({ analysis, cancelled }) => scope.postMessage({ type: 'done', analysis, cancelled }),
      (e: unknown) => scope.postMessage({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  };
}
