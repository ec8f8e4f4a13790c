/**
 * The rdb command as a process: `npm run -s rdb -- dump.rdb` runs it through tsx, and the bundled
 * build runs it directly. The file is read in chunks, never whole (src/cli/rdbInput.ts).
 */
import { runRdb } from './rdb';
import { openRdbInput } from './rdbInput';

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

const outcome = await runRdb(process.argv.slice(2), openRdbInput);
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.code;
