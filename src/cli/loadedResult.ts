import type { WriteHistoryRange } from '../model/plan';
import { change, type ResolvedScenario } from '../model';
import { fixedDecimals } from '../format/count';
import { formatBytes, formatSignedPercent } from '../format/quantities';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** When the second figure applies, as the result says it. */
export const AS_LOADED_NOTE =
  'after a restart, on a replica after its full sync (what a failover promotes) or on the target of a migration by ' +
  'snapshot or replication, every hash, set and sorted-set table is loaded at its size and a list keeps the nodes it ' +
  'was saved with; the server that wrote the keys keeps the tables its writes grew';

/** A move's target on day one, as the result says it. */
export const MOVE_NOTE =
  'a move from the baseline line to the target by snapshot or replication loads the keys: the target needs the ' +
  'dataset as loaded on day one, and grows toward its steady state as written as the writes go on';

/**
 * The lines whose figure depends on how the collections were written, as written and as loaded,
 * and a move's target on day one (the model's writeHistoryRange, as the page shows it).
 */
export function toCliAsLoaded(scenario: ResolvedScenario, { lines, move }: WriteHistoryRange) {
  if (lines.length === 0 && !move) return null;
  return {
    note: AS_LOADED_NOTE,
    ...(move && {
      move: {
        note: MOVE_NOTE,
        from: move.from,
        to: move.to,
        dayOneDatasetBytes: Math.round(move.dayOneDatasetBytes),
        steadyDatasetBytes: Math.round(move.steadyDatasetBytes),
      },
    }),
    versions: lines.map((l) => ({
      version: l.version,
      datasetBytes: Math.round(l.loadedDatasetBytes),
      asWrittenDatasetBytes: Math.round(l.asWrittenDatasetBytes),
      workloads: l.workloads.map((w) => {
        const workload = scenario.workloads[w.index]!;
        return {
          name: workload.name,
          written: workload.written,
          bytesPerKey: round2(w.loadedBytesPerKey),
          asWrittenBytesPerKey: round2(w.asWrittenBytesPerKey),
        };
      }),
    })),
  };
}

export type CliAsLoaded = NonNullable<ReturnType<typeof toCliAsLoaded>>;

/** The as-loaded section of `--format table`: each line's dataset and workloads, as written and as loaded. */
export function formatAsLoadedTable(asLoaded: CliAsLoaded): string {
  const rows: string[][] = [['version', 'workload', 'as written', 'loaded', 'change']];
  const changeText = (loaded: number, written: number) => formatSignedPercent(change(loaded, written).percent, 'en');
  for (const v of asLoaded.versions) {
    for (const w of v.workloads)
      rows.push([
        v.version,
        w.name,
        `${fixedDecimals(w.asWrittenBytesPerKey, 2)} B/key`,
        `${fixedDecimals(w.bytesPerKey, 2)} B/key`,
        changeText(w.bytesPerKey, w.asWrittenBytesPerKey),
      ]);
    rows.push([
      v.version,
      'dataset',
      formatBytes(v.asWrittenDatasetBytes),
      formatBytes(v.datasetBytes),
      changeText(v.datasetBytes, v.asWrittenDatasetBytes),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const table = rows.map((r) =>
    r
      .map((cell, c) => (c <= 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
  const move = asLoaded.move;
  const moveLine = move
    ? [
        `move ${move.from} -> ${move.to}: day one ${formatBytes(move.dayOneDatasetBytes)} as loaded, ` +
          `steady state ${formatBytes(move.steadyDatasetBytes)} as written (${move.note})`,
      ]
    : [];
  return ['', `as loaded: ${asLoaded.note}`, ...(asLoaded.versions.length > 0 ? table : []), ...moveLine].join('\n') + '\n';
}
