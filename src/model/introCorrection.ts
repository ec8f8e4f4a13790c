import { introFigures } from '../data/introFigures';
import { LINES, type LineId } from './lineRegistry';
import { GB } from './units';

export interface IntroCorrectionRow {
  version: LineId;
  /** The intro's round figure scaled to the size given, or null where the intro names none. */
  introBytes: number | null;
  /** The same size scaled by the table's bytes-per-key ratio to 7.2, or null where the table has no row for the line. */
  tableBytes: number | null;
  /** introBytes - tableBytes: how much too optimistic the intro is (negative = too optimistic). */
  introErrorBytes: number | null;
}

/** The line the intro starts from ("1 TB on 7.2"). */
export const INTRO_BASELINE: LineId = introFigures.baseline.version as LineId;

function tableRatio(line: LineId): number | null {
  const row = LINES.entry(line).measurement;
  const base = LINES.entry(INTRO_BASELINE).measurement;
  return row && base ? row.bytesPerKey / base.bytesPerKey : null;
}

/**
 * The "1 TB on 7.2" intro figures against the benchmark table, for a dataset of `sizeOn72Bytes`
 * on 7.2 (1,000 GB reproduces the post), on every line. Both apply only to keys like the
 * benchmark's; a line the table has no row for has no table figure.
 */
export function introCorrection(sizeOn72Bytes: number): IntroCorrectionRow[] {
  const base = introFigures.baseline.gigabytes;
  return LINES.entries.map(({ id: version }) => {
    const intro = version === INTRO_BASELINE ? base : introFigures.figures.find((f) => f.version === version)?.gigabytes;
    const introBytes = intro === undefined ? null : (sizeOn72Bytes * intro) / base;
    const ratio = tableRatio(version);
    const tableBytes = ratio === null ? null : sizeOn72Bytes * ratio;
    const introErrorBytes = introBytes === null || tableBytes === null ? null : introBytes - tableBytes;
    return { version, introBytes, tableBytes, introErrorBytes };
  });
}

export interface ScenarioIntroRow extends IntroCorrectionRow {
  /** What the structures give for the scenario's own keys on this line. */
  modelBytes: number;
}

/** The intro and table figures scaled to the scenario's own dataset on 7.2, beside the model's estimate on every line. */
export function introCorrectionForDataset(modelBytesByLine: Readonly<Record<LineId, number>>): ScenarioIntroRow[] {
  return introCorrection(modelBytesByLine[INTRO_BASELINE]!).map((row) => ({
    ...row,
    modelBytes: modelBytesByLine[row.version]!,
  }));
}

/** A size after the upgrade and its change against the same data on 7.2. */
export interface SizeAndChange {
  bytes: number;
  /** (bytes / size on 7.2 - 1) x 100. */
  percent: number;
}

export interface TerabyteRow {
  version: LineId;
  /** The intro's round figure, or null where the intro names none. */
  intro: SizeAndChange | null;
  /** The benchmark table's bytes-per-key ratio to 7.2, or null where the table has no row for the line. */
  table: SizeAndChange | null;
  /** The model's ratio to 7.2 for the scenario's own keys, or null when it holds no keys (no ratio to scale by). */
  yourKeys: SizeAndChange | null;
  /** Intro minus table in bytes, and as a share of the table's figure (negative = intro too optimistic). */
  introError: SizeAndChange | null;
}

/**
 * "1 TB on 7.2" as the post's intro gives it, as its own table gives it, and as the scenario's
 * keys give it: all three for the same 1,000 GB, so their sizes and percentages compare directly.
 */
export function introCorrectionPerTerabyte(modelBytesByLine: Readonly<Record<LineId, number>>): TerabyteRow[] {
  const size = introFigures.baseline.gigabytes * GB;
  const onSize = (bytes: number): SizeAndChange => ({ bytes, percent: (bytes / size - 1) * 100 });
  const modelOn72 = modelBytesByLine[INTRO_BASELINE]!;
  // No keys on 7.2 (0 keys in every workload) leave no ratio: 0 / 0 would be NaN on every line.
  const scalable = modelOn72 > 0;
  return introCorrection(size).map((row) => ({
    version: row.version,
    intro: row.introBytes === null ? null : onSize(row.introBytes),
    table: row.tableBytes === null ? null : onSize(row.tableBytes),
    yourKeys: scalable ? onSize((size * modelBytesByLine[row.version]!) / modelOn72) : null,
    introError:
      row.introErrorBytes === null || row.tableBytes === null || row.version === INTRO_BASELINE
        ? null
        : { bytes: row.introErrorBytes, percent: (row.introErrorBytes / row.tableBytes) * 100 },
  }));
}
