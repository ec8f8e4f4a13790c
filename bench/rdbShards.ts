/**
 * The cluster row of the RDB bench alone (`npx tsx bench/rdbShards.ts`): two shard files of the
 * timed size (BENCH_RDB_MB, default 200) read by this tree's bundled rdb command together and one
 * after the other, BENCH_RDB_ROUNDS times (default 3). `npm run bench` runs the same row among the RDB rows.
 */
import { loadavg } from 'node:os';
import { RDB_BUDGETS, readShardsTogetherAndSerial, writeRdbInputs } from './rdbSpeed';

// No 2 GB file: this row reads the timed one only.
const inputs = writeRdbInputs(0);
try {
  const { timed } = inputs;
  const load = loadavg()[0]!;
  const rounds = Number(process.env.BENCH_RDB_ROUNDS ?? 3);
  const { together, serial, ratio } = readShardsTogetherAndSerial([timed.path, timed.path], rounds);
  const mb = Math.round(timed.facts.bytes / 1e6);
  console.log(
    `two shard files of ${mb} MB: together ${together.toFixed(2)} s, one after the other ${serial.toFixed(2)} s: ` +
      `${ratio.toFixed(2)} of serial (target <= ${RDB_BUDGETS.shardsTogetherOfSerial}); median of ${rounds} rounds, load ${load.toFixed(2)} / ${loadavg()[0]!.toFixed(2)}`,
  );
} finally {
  inputs.remove();
}
