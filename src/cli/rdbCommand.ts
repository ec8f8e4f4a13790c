/**
 * The rdb command as a process: `npm run -s rdb -- dump.rdb` runs it through tsx, and the bundled
 * build runs it directly. The file is read in chunks, never whole (src/cli/rdbInput.ts).
 */
import { workerData } from 'node:worker_threads';
import { runRdb } from './rdb';
import { openRdbInput, rdbFilesOf } from './rdbInput';
import { readShardsInThreads, serveShardReads, SHARD_THREAD } from './rdbShards';

// Several snapshots are read on worker threads that run this same script (one file for the
// command and its bundle alike): started as one, it serves reads instead.
if (workerData === SHARD_THREAD) serveShardReads();
else await main();

async function main(): Promise<void> {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(process.exitCode ?? 0);
    });
  }

  const outcome = await runRdb(process.argv.slice(2), openRdbInput, {
    expand: rdbFilesOf,
    readShards: (files, optionsOf) => readShardsInThreads(new URL(import.meta.url), files, optionsOf),
  });
  process.stdout.write(outcome.stdout);
  process.stderr.write(outcome.stderr);
  process.exitCode = outcome.code;
}
