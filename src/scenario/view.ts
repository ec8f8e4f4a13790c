import { z } from 'zod';

/** What the screen shows, beside the scenario: shared in links, not part of the CLI's scenario JSON. */
export const CHARTS = ['versions', 'intro', 'valueSize', 'stringsVsHash'] as const;
export type ChartId = (typeof CHARTS)[number];
export const UNITS = ['binary', 'decimal'] as const;
export type Units = (typeof UNITS)[number];

export const entityInputSchema = z.strictObject({
  count: z.number().int().min(1).max(1e10),
  fields: z.number().int().min(1).max(1000),
  fieldBytes: z.number().int().min(1).max(1000),
  valueBytes: z.number().int().min(0).max(100_000),
});
export type EntityInput = z.infer<typeof entityInputSchema>;

export const viewSchema = z.strictObject({
  units: z.enum(UNITS).optional(),
  chart: z.enum(CHARTS).optional(),
  /** The entity compared as string keys against one hash; absent: Percona's four-field user. */
  entity: entityInputSchema.optional(),
  /** Cores per node for the throughput panel's io-threads advice. */
  cores: z.number().int().min(1).max(256).optional(),
});
export type View = z.infer<typeof viewSchema>;

export const DEFAULT_VIEW: Required<Omit<View, 'entity'>> = { units: 'binary', chart: 'versions', cores: 4 };
