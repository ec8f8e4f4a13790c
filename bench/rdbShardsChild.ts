/**
 * One timed read of several RDB files by this tree's rdb command, in a process of its own:
 * `tsx bench/rdbShardsChild.ts together|serial <file>...`. `together` reads them as the command
 * does, one per worker thread (at most one per core); `serial` reads them one after the other in
 * this thread. Prints the seconds the command took, as JSON.
 */
import { runRdb } from '../src/cli/rdb';
import { openRdbInput } from '../src/cli/rdbInput';
import { readShard, readShardsInThreads } from '../src/cli/rdbShards';
import type { RdbAnalysis } from '../src/rdb/analyze';

const [mode, ...files] = process.argv.slice(2);
if ((mode !== 'together' && mode !== 'serial') || files.length < 2)
  throw new Error('usage: tsx bench/rdbShardsChild.ts together|serial <file> <file>...');
const command = new URL('../src/cli/rdbCommand.ts', import.meta.url);

const started = performance.now();
const outcome = await runRdb([...files, '--format', 'json'], openRdbInput, {
  readShards:
    mode === 'together'
      ? (paths, optionsOf) => readShardsInThreads(command, paths, optionsOf)
      : async (paths, optionsOf) => {
          const analyses: RdbAnalysis[] = [];
          for (const path of paths) analyses.push(await readShard(path, optionsOf(path)));
          return analyses;
        },
});
const seconds = (performance.now() - started) / 1000;
if (outcome.code !== 0) throw new Error(`the read failed: ${outcome.stderr}`);
process.stdout.write(JSON.stringify({ seconds }) + '\n');
