import type { ScenarioEstimate, ScenarioIntroRow, SweepSeries } from '../../model';
import type { LineId } from '../../model/lineRegistry';
import type { EntityComparison } from '../../state/derived';
import { lineLabel } from '../lineLabel';

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

/** A value axis from zero: its top and its evenly spaced ticks. */
export interface ValueAxis {
  top: number;
  ticks: number[];
}

const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * Zero to the smallest top that holds `max` in `intervals` steps of a round size (1, 1.5, 2,
 * 2.5, 3, 4, 5, 6 or 8 times a power of ten). Given to the chart as fixed ticks, so that an edit which leaves
 * the top where it was hands recharts the same axis and it skips recomputing and redrawing it.
 */
export function valueAxis(max: number, intervals = 4): ValueAxis {
  const rough = Math.max(max, Number.MIN_VALUE) / intervals;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = NICE_STEPS.find((s) => s * power >= rough)! * power;
  const top = step * intervals;
  return { top, ticks: axisTicks(top, intervals) };
}

/** Zero to `top` in `intervals` even steps. */
export function axisTicks(top: number, intervals = 4): number[] {
  return Array.from({ length: intervals + 1 }, (_, i) => (top / intervals) * i);
}
