import { z } from '../data/zod';
import { formatCount } from '../format/count';
import { finiteNumber } from './finiteNumber';
import { LIMITS } from './limits';
import { CHARTS, UNITS } from './viewOptions';

/** What the screen shows, beside the scenario: shared in links, not part of the CLI's scenario JSON. */
export { CHARTS, DEFAULT_VIEW, UNITS, type ChartId, type Units } from './viewOptions';

/** A whole number in a range, each bound with the planner's own message (the maximum first: past it, nothing else is said). */
const intBetween = (what: string, min: number, max: number) =>
  finiteNumber(what, { min, max }, `${what} must be a number`).check(
    z.maximum(max, { error: `${what}: at most ${formatCount(max)}`, abort: true }),
    z.int({ error: `${what} must be a whole number` }),
    z.minimum(min, { error: min === 0 ? `${what} cannot be negative` : `${what}: at least ${formatCount(min)}` }),
  );

export const entityInputSchema = z.strictObject({
  count: intBetween('count', 1, LIMITS.entityCount),
  fields: intBetween('fields', 1, LIMITS.entityFields),
  fieldBytes: intBetween('fieldBytes', 1, LIMITS.entityFieldBytes),
  valueBytes: intBetween('valueBytes', 0, LIMITS.entityValueBytes),
});
export type EntityInput = z.infer<typeof entityInputSchema>;

export const viewSchema = z.strictObject({
  units: z.optional(z.enum(UNITS)),
  chart: z.optional(z.enum(CHARTS)),
  /** The entity compared as string keys against one hash; absent: Percona's four-field user. */
  entity: z.optional(entityInputSchema),
  /** Cores per node for the throughput panel's io-threads advice. */
  cores: z.optional(intBetween('cores', 1, LIMITS.cores)),
});
export type View = z.infer<typeof viewSchema>;
