/**
 * Each language's catalog ships in two parts: what the first screen shows, and the messages of
 * the panels and charts that load after it ("later"), which come with those panels' code so the
 * first screen stays within its budget. A message belongs to the later part when its id starts
 * with one of these prefixes; such a message may be used only in a lazily loaded module.
 */
export const LATER_PREFIXES = [
  'breakdown.',
  'introChart.',
  'valueSizeChart.',
  'versionsChart.',
  'stringsVsHash.',
  'cost.',
  'info.',
  'throughput.',
  'assumptions.',
  'print.',
  'export.',
  // A link's notice shows only when a link is damaged: its words load with it (src/ui/Notice.tsx).
  'linkError.',
  'linkNotice.',
] as const;

export type CatalogPart = 'first' | 'later';

export function partOf(id: string): CatalogPart {
  return LATER_PREFIXES.some((p) => id.startsWith(p)) ? 'later' : 'first';
}
