/**
 * What the rdb command reads: a file in chunks, or standard input as it arrives. Never the whole
 * file at once.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

// 64 KiB chunks: each is read and dropped while it is young, so the garbage collector frees it
// soon; a 1 MiB chunk outlives a few minor collections and waits for a major one (peak memory
// reading 300 MB: 131 MB against 185 MB, at the same rate; bench/RESULTS.md).
export const RDB_CHUNK_BYTES = 1 << 16;

/**
 * A file's chunks, each read with a plain blocking read when the reader asks for it. The command
 * has nothing else to do meanwhile, and a file stream's own machinery (a read on the thread pool,
 * then events and buffering per chunk) cost more CPU than the read: the command read a page-cached
 * 200 MB dump with a fifth to a third less CPU without it (bench/RESULTS.md). Each chunk is a
 * buffer of its own, since the reader may keep a view of the previous chunk while it joins a
 * record cut at a chunk's end.
 */
export async function* fileChunks(path: string, chunkBytes = RDB_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafeSlow(chunkBytes);
      const read = readSync(fd, chunk, 0, chunkBytes, null);
      if (read === 0) return;
      yield read === chunkBytes ? chunk : chunk.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** The command's input: `-` is standard input (size unknown), anything else a file. */
export function openRdbInput(file: string): { size: number | undefined; chunks: AsyncIterable<Uint8Array> } {
  if (file === '-') return { size: undefined, chunks: process.stdin as AsyncIterable<Uint8Array> };
  return { size: statSync(file).size, chunks: fileChunks(file) };
}

/**
 * The files the command is given: a folder stands for its files ending in `extension` (a cluster's
 * snapshots, or their JSON summaries), in name order; a file stands for itself.
 */
export function rdbFilesOf(paths: readonly string[], extension: string): string[] {
  return paths.flatMap((path) =>
    path !== '-' && statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => name.endsWith(extension))
          .sort()
          .map((name) => join(path, name))
      : [path],
  );
}
