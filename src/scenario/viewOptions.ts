/**
 * What the screen shows, beside the scenario, and what it shows by default. Apart from view.ts
 * (the link's schema of these settings) so that the page's first chunk goes without zod.
 */
export const CHARTS = ['versions', 'intro', 'valueSize', 'stringsVsHash'] as const;
export type ChartId = (typeof CHARTS)[number];
export const UNITS = ['binary', 'decimal'] as const;
export type Units = (typeof UNITS)[number];

export const DEFAULT_VIEW: { units: Units; chart: ChartId; cores: number } = { units: 'binary', chart: 'versions', cores: 4 };
