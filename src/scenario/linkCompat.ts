import { LINES } from '../model';
import type { Scenario } from './schema';

/**
 * What keeps a link opening with the same numbers while the planner changes around it: the
 * release lines it compared, spelled out. (An instance type that has left the catalog is one of
 * the bad fields the decoder drops with a notice, keeping the rest.)
 */

/**
 * The lines a format-1 link compared when it named none: the five Valkey lines of its time, 7.2
 * against 9.1. Frozen history, never derived from the registry.
 */
export const FORMAT_1_LINE_CHOICE = {
  versions: ['7.2', '8.0', '8.1', '9.0', '9.1'],
  baseline: '7.2',
  target: '9.1',
} as const;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Link format 1 -> 2. Format 2 knows more lines (Redis 7.0 and 7.2); a format-1 link that named
 * no versions, baseline or target gets those of format 1 written in, so no line added since can
 * change what it shows. Anything else is left for the decoder to validate.
 */
export function pinFormat1Lines(payload: unknown): unknown {
  if (!isRecord(payload) || !isRecord(payload.scenario)) return payload;
  const s = payload.scenario;
  return {
    ...payload,
    scenario: {
      ...s,
      versions: s.versions ?? [...FORMAT_1_LINE_CHOICE.versions],
      baseline: s.baseline ?? FORMAT_1_LINE_CHOICE.baseline,
      target: s.target ?? FORMAT_1_LINE_CHOICE.target,
    },
  };
}

/**
 * Link format 2 -> 3. Format 3 lets a size or count be a distribution (keyBytes, valueBytes,
 * fields, fieldBytes); every size of a format-2 link is a number, which format 3 reads as the
 * same number, so the payload stays as it is. The new format keeps an older page from reading a
 * link with distributions as damaged: it says the link is newer instead.
 */
export function sizesAsWritten(payload: unknown): unknown {
  return payload;
}

/**
 * The scenario as a link writes it (format 2 on): the lines, baseline and target it compares are
 * written out, so a line added to the registry later (and compared by default) leaves the link as it was.
 */
export function withLineChoice(scenario: Scenario): Scenario {
  // Always written last, in this order, so that a link re-encodes to the same text.
  const { versions, baseline, target, ...rest } = scenario;
  return {
    ...rest,
    versions: versions ?? [...LINES.defaults.versions],
    baseline: baseline ?? LINES.defaults.baseline,
    target: target ?? LINES.defaults.target,
  };
}
