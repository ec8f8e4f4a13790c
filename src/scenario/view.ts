import { z } from '../data/zod';
import { CHARTS, UNITS } from './viewOptions';

/** What the screen shows, beside the scenario: shared in links, not part of the CLI's scenario JSON. */
export { CHARTS, DEFAULT_VIEW, UNITS, type ChartId, type Units } from './viewOptions';

const intBetween = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));

export const entityInputSchema = z.strictObject({
  count: intBetween(1, 1e10),
  fields: intBetween(1, 1000),
  fieldBytes: intBetween(1, 1000),
  valueBytes: intBetween(0, 100_000),
});
export type EntityInput = z.infer<typeof entityInputSchema>;

export const viewSchema = z.strictObject({
  units: z.optional(z.enum(UNITS)),
  chart: z.optional(z.enum(CHARTS)),
  /** The entity compared as string keys against one hash; absent: Percona's four-field user. */
  entity: z.optional(entityInputSchema),
  /** Cores per node for the throughput panel's io-threads advice. */
  cores: z.optional(intBetween(1, 256)),
});
export type View = z.infer<typeof viewSchema>;
