import {
  serveRdbReads,
  type RdbWorkerReply,
  type RdbWorkerRequest,
  type StreamableFile,
  type WorkerScope,
} from '../../src/rdb/worker';

/** A File-like object over bytes, streamed in chunks by Node's ReadableStream; counts what was pulled. */
export function streamableFile(bytes: Uint8Array, name: string, chunk = 8192) {
  const pulled = { chunks: 0, cancelled: false };
  const file: StreamableFile = {
    name,
    size: bytes.length,
    stream: () => {
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.length) return controller.close();
          pulled.chunks++;
          controller.enqueue(bytes.slice(at, (at += chunk)));
        },
        cancel() {
          pulled.cancelled = true;
        },
      });
    },
  };
  return { file, pulled };
}

/** A worker scope that records replies and resolves once the read is done. */
export function fakeScope() {
  const replies: RdbWorkerReply[] = [];
  let finish: (reply: RdbWorkerReply) => void = () => {};
  const finished = new Promise<RdbWorkerReply>((resolve) => (finish = resolve));
  const scope: WorkerScope = {
    onmessage: null,
    postMessage: (reply) => {
      replies.push(reply);
      if (reply.type !== 'progress') finish(reply);
    },
  };
  let t = 0;
  serveRdbReads(
    scope,
    () => (t += 200),
    () => new Promise((resolve) => setTimeout(resolve, 0)),
  );
  const send = (data: RdbWorkerRequest) => scope.onmessage!({ data });
  return { replies, finished, send };
}
