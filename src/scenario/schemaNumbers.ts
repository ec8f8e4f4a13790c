/**
 * The schemas' numbers: what a count, a size, a share or a bounded number accepts, each with
 * the planner's own message, and what text in place of a number stands for.
 */
import { z } from '../data/zod';
import { formatCount } from '../format/count';
import { parseBytes, parseCount, parseDecimal, parseShare, type ParseResult } from './humanInput';
import { finiteNumber } from './finiteNumber';

/**
 * "must be a number", and for text the app would read ("40M", "2 KiB", "40%") the number it
 * stands for, so a hand-written JSON file says what to write instead. JSON is read the English way.
 */
export const notANumber =
  (what: string, read: (text: string, what: string) => ParseResult<number>) =>
  (issue: { input?: unknown }): string => {
    if (typeof issue.input !== 'string') return `${what} must be a number`;
    const parsed = read(issue.input, what);
    const text = JSON.stringify(issue.input.slice(0, 40));
    return parsed.ok
      ? `${what} must be a number, not text: write ${text} as ${parsed.value}`
      : `${what} must be a number, not the text ${text}`;
  };
export const readCount = (text: string, what: string) => parseCount(text, what, 0, Number.MAX_VALUE, 'en');
export const readBytes = (text: string, what: string) => parseBytes(text, what, 0, Number.MAX_VALUE, 'en');
/** A share in JSON is a fraction of 1 ("0.4"); text with a percent sign ("40%") stands for its hundredth. */
export const readShare = (text: string, what: string) =>
  text.includes('%') ? parseShare(text, what, 'en') : parseDecimal(text, what, 0, 1, {}, 'en');

/**
 * A whole number of something; `least` above 0 adds its own message. The maximum is checked
 * first and alone: past it the whole-number check would speak of JavaScript's safe integers.
 */
export const count = (what: string, max: number, least?: number, read = readCount, aboveMax?: string) =>
  finiteNumber(what, { min: Math.max(0, least ?? 0), max }, notANumber(what, read)).check(
    z.maximum(max, { error: aboveMax ?? `${what} is above the supported maximum of ${formatCount(max)}`, abort: true }),
    z.int({ error: `${what} must be a whole number` }),
    z.minimum(0, { error: `${what} cannot be negative` }),
    ...(least === undefined || least <= 0 ? [] : [z.minimum(least, { error: `${what} must be at least ${least}` })]),
  );

/** A number in a range, each bound with the planner's own message; `least` is the bound `belowMin` checks. */
export const bounded = (what: string, least: number, belowMin: z.core.$ZodCheck<number>, max: number, aboveMax: string) =>
  finiteNumber(what, { min: least, max }, `${what} must be a number`).check(belowMin, z.maximum(max, { error: aboveMax }));

/** A share of 1, from 0 to 1. */
export const share = (what: string) =>
  bounded(what, 0, z.minimum(0, { error: `${what} is a share from 0 to 1` }), 1, `${what} is a share from 0 to 1`);

/** A number from 0 to `max`: "cannot be negative", "at most max". */
export const nonNegative = (what: string, max: number) =>
  bounded(what, 0, z.minimum(0, { error: `${what} cannot be negative` }), max, `${what}: at most ${formatCount(max)}`);
