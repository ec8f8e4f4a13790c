/**
 * One timed read of an RDB file by the rdb command of a source tree, in a process of its own so
 * that its peak memory is its own: `tsx bench/rdbReadChild.ts <tree> <file>`. It runs the
 * command's own function (`runRdb` of <tree>/src/cli/rdb.ts, JSON output) with the file stream
 * the command opens, and prints the seconds, the CPU seconds, the bytes and the peak resident
 * memory as JSON.
 */
import { createReadStream, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [tree, file] = process.argv.slice(2);
if (!tree || !file) throw new Error('usage: tsx bench/rdbReadChild.ts <source tree> <file.rdb>');
const { runRdb } = (await import(pathToFileURL(resolve(tree, 'src/cli/rdb.ts')).href)) as typeof import('../src/cli/rdb');

const cpu = process.cpuUsage();
const started = performance.now();
const outcome = await runRdb([file, '--format', 'json'], (path) => ({
  size: statSync(path).size,
  // The chunk size src/cli/rdbCommand.ts reads with.
  chunks: createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Uint8Array>,
}));
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
if (outcome.code !== 0) throw new Error(`the read failed: ${outcome.stderr}`);
process.stdout.write(
  JSON.stringify({
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    bytes: statSync(file).size,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }) + '\n',
);
