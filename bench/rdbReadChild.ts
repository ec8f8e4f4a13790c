/**
 * One timed read of an RDB file by the rdb command of a source tree, in a process of its own so
 * that its peak memory is its own: `tsx bench/rdbReadChild.ts <tree> <file>`. It runs the
 * command's own function (`runRdb` of <tree>/src/cli/rdb.ts, JSON output) on the input the
 * command opens (<tree>/src/cli/rdbInput.ts; a tree from before that file read a 64 KiB file
 * stream), and prints the seconds, the CPU seconds, the bytes and the peak resident memory as JSON.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [tree, file] = process.argv.slice(2);
if (!tree || !file) throw new Error('usage: tsx bench/rdbReadChild.ts <source tree> <file.rdb>');
const { runRdb } = (await import(pathToFileURL(resolve(tree, 'src/cli/rdb.ts')).href)) as typeof import('../src/cli/rdb');
const inputModule = resolve(tree, 'src/cli/rdbInput.ts');
const open = existsSync(inputModule)
  ? ((await import(pathToFileURL(inputModule).href)) as typeof import('../src/cli/rdbInput')).openRdbInput
  : (path: string) => ({
      size: statSync(path).size,
      chunks: createReadStream(path, { highWaterMark: 1 << 16 }) as AsyncIterable<Uint8Array>,
    });

const cpu = process.cpuUsage();
const started = performance.now();

/**
 * The process's peak resident memory. On Linux from /proc (VmHWM starts afresh with the program),
 * not from getrusage: its maxRSS keeps the high-water mark of the image the process was forked
 * from, and the bench that starts this one holds about 500 MB.
 */
function peakResidentBytes(): number {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib !== undefined) return Number(kib) * 1024;
  } catch {
    // Not Linux: getrusage is the measure there.
  }
  return process.resourceUsage().maxRSS * 1024;
}
const outcome = await runRdb([file, '--format', 'json'], open);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
if (outcome.code !== 0) throw new Error(`the read failed: ${outcome.stderr}`);
process.stdout.write(
  JSON.stringify({
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    bytes: statSync(file).size,
    maxRssBytes: peakResidentBytes(),
  }) + '\n',
);
