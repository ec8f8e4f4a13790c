import type { HistogramBucket } from '../../model';
import type { InputProblem } from '../../scenario/inputProblem';
import { parseDecimal, type parseBytes } from '../../scenario/humanInput';
import { MAX_HISTOGRAM_BUCKETS } from '../../scenario/workloadFields';

/**
 * A histogram as people paste it: one bucket a line, "from-to weight" (sizes from..to, both
 * included) or "size weight"; the weight a count of keys or a share. Sizes are read as the field
 * reads them ("2KiB-4KiB 30"), weights as decimals in the page's language. Blank lines are skipped.
 */

/** What is wrong with a pasted histogram, with the line it is on (counted from 1, blank lines too). */
export type HistogramProblem =
  /** A size or a weight that does not read; `problem` names it as the size or weight "on line N". */
  | { code: 'figure'; problem: InputProblem }
  | { code: 'noWeight' | 'fromAboveTo'; line: number }
  | { code: 'overlap'; line: number; other: number }
  | { code: 'empty' | 'noKeys' }
  | { code: 'tooMany'; limit: number };

/** How the field reads a size: parseBytes or parseCount. */
type ReadSize = typeof parseBytes;

/** How the names of a line's figures read in the page's language ("the size on line 3"). */
export interface FigureNames {
  size: (line: number) => string;
  weight: (line: number) => string;
}

/** Between the two sizes of a bucket: a hyphen, an en dash or "..". */
const SIZE_SEPARATOR = /\s*(?:-|\u2013|\.\.)\s*/;

export function parseHistogram(
  text: string,
  read: ReadSize,
  least: number,
  most: number,
  names: FigureNames,
): { ok: true; buckets: HistogramBucket[] } | { ok: false; error: HistogramProblem } {
  const buckets: Array<HistogramBucket & { line: number }> = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const cut = trimmed.search(/\s+\S+$/);
    if (cut < 0) return { ok: false, error: { code: 'noWeight', line } };
    const sizes = trimmed.slice(0, cut).trim();
    const weight = parseDecimal(trimmed.slice(cut).trim(), names.weight(line), 0, Number.MAX_VALUE);
    // A leading minus is a negative size, not a separator.
    const parts = sizes.startsWith('-') ? [sizes] : sizes.split(SIZE_SEPARATOR);
    const size = (part: string) => read(part, names.size(line), least, most);
    if (parts.length > 2)
      return { ok: false, error: { code: 'figure', problem: { code: 'notASize', field: names.size(line), text: sizes } } };
    const from = size(parts[0]!);
    if (!from.ok) return { ok: false, error: { code: 'figure', problem: from.error } };
    const to = parts.length === 2 ? size(parts[1]!) : from;
    if (!to.ok) return { ok: false, error: { code: 'figure', problem: to.error } };
    if (!weight.ok) return { ok: false, error: { code: 'figure', problem: weight.error } };
    if (from.value > to.value) return { ok: false, error: { code: 'fromAboveTo', line } };
    buckets.push({ from: from.value, to: to.value, weight: weight.value, line });
  }
  if (buckets.length === 0) return { ok: false, error: { code: 'empty' } };
  if (buckets.length > MAX_HISTOGRAM_BUCKETS) return { ok: false, error: { code: 'tooMany', limit: MAX_HISTOGRAM_BUCKETS } };
  const sorted = [...buckets].sort((a, b) => a.from - b.from || a.line - b.line);
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (after.from <= before.to) {
      const [first, second] = before.line < after.line ? [before, after] : [after, before];
      return { ok: false, error: { code: 'overlap', line: second.line, other: first.line } };
    }
  }
  if (!buckets.some((b) => b.weight > 0)) return { ok: false, error: { code: 'noKeys' } };
  return { ok: true, buckets: buckets.map(({ from, to, weight }) => ({ from, to, weight })) };
}

/** Buckets as the editor writes them back: "from-to weight", or "size weight" for a bucket of one size. */
export function histogramText(buckets: readonly HistogramBucket[], writeWeight: (weight: number) => string): string {
  return buckets.map((b) => `${b.from === b.to ? b.from : `${b.from}-${b.to}`} ${writeWeight(b.weight)}`).join('\n');
}
