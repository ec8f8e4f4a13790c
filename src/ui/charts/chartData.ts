import type { ScenarioEstimate, ScenarioIntroRow, SweepSeries, LineId } from '../../model';
import type { EntityComparison } from '../../state/derived';
import { lineLabel } from '../common/lineLabel';
import { byteUnitOf, formatBytesIn, type ByteUnits } from '../../format/quantities';

/** Mapping model results to chart rows: no memory arithmetic here. */
export interface VersionBar {
  version: LineId;
  label: string;
  bytesPerKey: number;
  measuredBytesPerKey: number | null;
  datasetBytes: number;
  /** Not "role": recharts copies each entry's fields onto its SVG shape, where that would be an ARIA role. */
  emphasis: 'baseline' | 'target' | 'other';
}

export function versionBars(estimate: ScenarioEstimate): VersionBar[] {
  const single = estimate.versions[0]?.workloads.length === 1;
  return estimate.versions.map((v) => ({
    version: v.version,
    label: lineLabel(v.version),
    bytesPerKey: v.bytesPerKey,
    measuredBytesPerKey: single ? (v.workloads[0]!.measured?.measuredBytesPerKey ?? null) : null,
    datasetBytes: v.datasetBytes,
    emphasis: emphasisOf(v.version, estimate),
  }));
}

/** How a line's bar is coloured: the baseline and the target stand out from the other lines. */
export function emphasisOf(line: LineId, { baseline, target }: { baseline: LineId; target: LineId }): VersionBar['emphasis'] {
  return line === baseline ? 'baseline' : line === target ? 'target' : 'other';
}

export interface IntroBar {
  version: LineId;
  label: string;
  intro: number | null;
  /** null: the table has no row for the line ("no published measurement"). */
  table: number | null;
  model: number;
}

export function introBars(rows: ScenarioIntroRow[]): IntroBar[] {
  return rows.map((r) => ({
    version: r.version,
    label: lineLabel(r.version),
    intro: r.introBytes,
    table: r.tableBytes,
    model: r.modelBytes,
  }));
}

/** One row per value size with a column per version, as recharts' LineChart wants. */
export function sweepRows(series: SweepSeries[]): Array<Record<string, number>> {
  const first = series[0];
  if (!first) return [];
  return first.points.map((p, i) => {
    const row: Record<string, number> = { valueBytes: p.valueBytes };
    for (const s of series) row[s.version] = s.points[i]!.bytesPerKey;
    return row;
  });
}

export interface LayoutBar {
  version: LineId;
  label: string;
  strings: number;
  hash: number;
  savingPercent: number;
  consistent: boolean | null;
}

export function layoutBars(c: EntityComparison): LayoutBar[] {
  return c.rows.map((r) => ({
    version: r.line,
    label: lineLabel(r.line),
    strings: r.stringsBytes,
    hash: r.hashBytes,
    savingPercent: r.savingPercent,
    consistent: r.consistentWithPublished,
  }));
}

/** A value axis from zero: its top, its round step and the ticks between, in bytes (or the chart's own quantity). */
export interface ValueAxis {
  top: number;
  step: number;
  ticks: number[];
  /** The decimals a tick needs, written in the axis' unit (0 for a step of 20, 1 for 0.5). */
  decimals: number;
}

/** A step is 1, 2 or 5 times a power of ten of the unit shown: ticks a reader adds up at a glance. */
const NICE_FACTORS = [1, 2, 5, 10];
/** At most this many steps up the axis (and so at least 3: the next round step is at most 2.5 times the last). */
const MOST_STEPS = 6;

/**
 * Zero to the least multiple of a round step that holds `max`, with ticks at each step. The step
 * is round in the unit the axis writes its figures in (`unit` bytes: 1 for bytes per key, 2^30
 * for an axis in GiB), so the labels read 0, 5, 10 GiB, never 13.97 or 27.94 GiB. The same max
 * gives the same axis, and an edit which leaves the top where it was hands recharts the same
 * ticks, so it skips recomputing and redrawing the axis.
 */
export function valueAxis(max: number, unit = 1): ValueAxis {
  const inUnit = max > 0 ? max / unit : 1;
  const rough = inUnit / MOST_STEPS;
  const exponent = Math.floor(Math.log10(rough));
  const factor = NICE_FACTORS.find((f) => f * 10 ** exponent >= rough * (1 - 1e-12))!;
  // Written from the factor and exponent so that 0.2 x 3 is 0.6, not 0.6000000000000001.
  const stepExponent = factor === 10 ? exponent + 1 : exponent;
  const stepFactor = factor === 10 ? 1 : factor;
  const at = (i: number) => (stepExponent < 0 ? (i * stepFactor) / 10 ** -stepExponent : i * stepFactor * 10 ** stepExponent);
  const steps = Math.max(1, Math.ceil(inUnit / at(1) - 1e-9));
  const ticks = Array.from({ length: steps + 1 }, (_, i) => at(i) * unit);
  return { top: ticks[steps]!, step: at(1) * unit, ticks, decimals: Math.max(0, -stepExponent) };
}

/** An axis of sizes in the units the reader chose, its ticks written in the unit of its top. */
export function byteAxis(maxBytes: number, units: ByteUnits): ValueAxis & { label: (bytes: number) => string } {
  const unit = byteUnitOf(maxBytes, units);
  const axis = valueAxis(maxBytes, unit);
  return { ...axis, label: (bytes) => formatBytesIn(bytes, unit, axis.decimals, units) };
}

/**
 * A bar chart's byte axis as recharts' YAxis props: exactly these ticks, from 0 to the top,
 * every one labelled (recharts would otherwise choose its own "nice" ticks and skip labels).
 */
export function byteAxisProps(maxBytes: number, units: ByteUnits) {
  const axis = byteAxis(maxBytes, units);
  return {
    tickFormatter: axis.label,
    width: 90,
    domain: [0, axis.top],
    ticks: axis.ticks,
    interval: 0,
    niceTicks: 'none',
  } as const;
}
