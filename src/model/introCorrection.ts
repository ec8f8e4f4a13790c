import { introFigures } from '../data/introFigures';
import { stringBenchmark } from '../data/stringBenchmark';
import { VERSION_LINES, type VersionLine } from '../data/vocabulary';
import { GB } from './units';

export interface IntroCorrectionRow {
  version: VersionLine;
  /** The intro's round figure scaled to the size given, or null where the intro names none. */
  introBytes: number | null;
  /** The same size scaled by the table's bytes-per-key ratio to 7.2. */
  tableBytes: number;
  /** introBytes - tableBytes: how much too optimistic the intro is (negative = too optimistic). */
  introErrorBytes: number | null;
}

const tableRatio = (v: VersionLine) =>
  stringBenchmark.rows.find((r) => r.version === v)!.bytesPerKey /
  stringBenchmark.rows.find((r) => r.version === introFigures.baseline.version)!.bytesPerKey;

/**
 * The "1 TB on 7.2" intro figures against the benchmark table, for a dataset of `sizeOn72Bytes`
 * on 7.2 (1,000 GB reproduces the post). Both apply only to keys like the benchmark's.
 */
export function introCorrection(sizeOn72Bytes: number): IntroCorrectionRow[] {
  const base = introFigures.baseline.gigabytes;
  return VERSION_LINES.map((version) => {
    const intro =
      version === introFigures.baseline.version ? base : introFigures.figures.find((f) => f.version === version)?.gigabytes;
    const introBytes = intro === undefined ? null : (sizeOn72Bytes * intro) / base;
    const tableBytes = sizeOn72Bytes * tableRatio(version);
    return { version, introBytes, tableBytes, introErrorBytes: introBytes === null ? null : introBytes - tableBytes };
  });
}

export interface ScenarioIntroRow extends IntroCorrectionRow {
  /** What the structures give for the scenario's own keys on this line. */
  modelBytes: number;
}

/** The intro and table figures scaled to the scenario's own dataset on 7.2, beside the model's estimate. */
export function introCorrectionForDataset(modelBytesByLine: Record<VersionLine, number>): ScenarioIntroRow[] {
  return introCorrection(modelBytesByLine['7.2']).map((row) => ({ ...row, modelBytes: modelBytesByLine[row.version] }));
}

/** A size after the upgrade and its change against the same data on 7.2. */
export interface SizeAndChange {
  bytes: number;
  /** (bytes / size on 7.2 - 1) x 100. */
  percent: number;
}

export interface TerabyteRow {
  version: VersionLine;
  /** The intro's round figure, or null where the intro names none. */
  intro: SizeAndChange | null;
  /** The benchmark table's bytes-per-key ratio to 7.2. */
  table: SizeAndChange;
  /** The model's ratio to 7.2 for the scenario's own keys. */
  yourKeys: SizeAndChange;
  /** Intro minus table in bytes, and as a share of the table's figure (negative = intro too optimistic). */
  introError: SizeAndChange | null;
}

/**
 * "1 TB on 7.2" as the post's intro gives it, as its own table gives it, and as the scenario's
 * keys give it: all three for the same 1,000 GB, so their sizes and percentages compare directly.
 */
export function introCorrectionPerTerabyte(modelBytesByLine: Record<VersionLine, number>): TerabyteRow[] {
  const size = introFigures.baseline.gigabytes * GB;
  const onSize = (bytes: number): SizeAndChange => ({ bytes, percent: (bytes / size - 1) * 100 });
  const modelOn72 = modelBytesByLine[introFigures.baseline.version];
  return introCorrection(size).map((row) => ({
    version: row.version,
    intro: row.introBytes === null ? null : onSize(row.introBytes),
    table: onSize(row.tableBytes),
    yourKeys: onSize((size * modelBytesByLine[row.version]) / modelOn72),
    introError:
      row.introErrorBytes === null || row.version === introFigures.baseline.version
        ? null
        : { bytes: row.introErrorBytes, percent: (row.introErrorBytes / row.tableBytes) * 100 },
  }));
}
