import { z } from '../data/zod';
import { formatCount } from '../format/count';

/** The bounds a figure is checked against: what a figure past any finite number is told. */
export interface NumberBounds {
  min?: number;
  max?: number;
}

/**
 * A number of a scenario, a link or a view. JSON reads a figure past the largest double
 * ("keys": 1e400) as Infinity, which zod's number type calls "not a number": checked first
 * here, it is too large (or, negative, too small) for the field's bounds, said as such, with the
 * bound, as a too_big or too_small issue the page words in its language. `error` is the number
 * type's own message, for what is not a number at all (text, true, null).
 */
export function finiteNumber(what: string, bounds: NumberBounds, error: z.core.$ZodErrorMap | string) {
  const beyond = z.unknown().check(
    z.superRefine((value, ctx) => {
      if (typeof value !== 'number' || Number.isFinite(value) || Number.isNaN(value)) return;
      const bound = value > 0 ? bounds.max : bounds.min;
      const limit =
        bound === undefined
          ? ''
          : value > 0
            ? `: the supported maximum is ${formatCount(bound)}`
            : bound === 0
              ? ': it cannot be negative'
              : `: the supported minimum is ${formatCount(bound)}`;
      const message = `${what} is too ${value > 0 ? 'large' : 'small'} (past any finite number)${limit}`;
      if (bound === undefined) ctx.addIssue({ code: 'custom', input: value, message, params: { reason: 'notFinite' } });
      else if (value > 0)
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: bound, inclusive: true, input: value, message });
      else ctx.addIssue({ code: 'too_small', origin: 'number', minimum: bound, inclusive: true, input: value, message });
    }),
  );
  return z.pipe(beyond, z.number({ error }));
}
