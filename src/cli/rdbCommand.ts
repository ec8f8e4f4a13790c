/**
 * The rdb command as a process: `npm run -s rdb -- dump.rdb` runs it through tsx, and the bundled
 * build runs it directly. The file is read as a stream, never whole.
 */
import { createReadStream, statSync } from 'node:fs';
import { runRdb } from './rdb';

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

// 64 KiB chunks: each is read and dropped while it is young, so the garbage collector frees it
// soon; a 1 MiB chunk outlives a few minor collections and waits for a major one (peak memory
// reading 300 MB: 131 MB against 185 MB, at the same rate; bench/RESULTS.md).
const RDB_CHUNK_BYTES = 1 << 16;

const outcome = await runRdb(process.argv.slice(2), (file) => ({
  size: file === '-' ? undefined : statSync(file).size,
  chunks: (file === '-'
    ? process.stdin
    : createReadStream(file, { highWaterMark: RDB_CHUNK_BYTES })) as AsyncIterable<Uint8Array>,
}));
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.code;
