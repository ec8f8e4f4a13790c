/**
 * The estimate command as a process: `npm run -s estimate -- FILE` runs it through tsx, and the
 * bundled build (`npm run build:cli`, the package's `bin`) runs it directly.
 */
import { readFileSync } from 'node:fs';
import { runEstimate } from './estimate';

// A reader that stops early (`| head`) closes the pipe: that ends the output, it is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

const outcome = runEstimate(process.argv.slice(2), (file) => readFileSync(file === '-' ? 0 : file));
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.code;
