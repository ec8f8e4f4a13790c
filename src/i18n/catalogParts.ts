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
  // The figures as written and as loaded follow the charts.
  'asLoaded.',
  'print.',
  'export.',
  // The RDB panel loads after the first screen.
  'rdb.',
  // The advice panel and the cost panel's capacity table, too.
  'advice.',
  'capacity.',
  // RSS under churn, below the deployment table.
  'rss.',
  // A link's notice shows only when a link is damaged: its words load with it (src/ui/shell/Notice.tsx).
  'linkError.',
  'linkNotice.',
] as const;

export type CatalogPart = 'first' | 'later';

export function partOf(id: string): CatalogPart {
  return LATER_PREFIXES.some((p) => id.startsWith(p)) ? 'later' : 'first';
}

/**
 * Messages that repeat a text of a data file (data/*.json: a throughput reference point, an
 * offering, a price source's note). The file stays the text's source of record: the page shows
 * English straight from it (src/ui/common/dataText.ts), and the English catalog keeps it for
 * translators and for the test that each matches its file.
 */
export const DATA_TEXT_PREFIXES = ['throughput.data.', 'cost.data.', 'deploymentForm.offering.'] as const;

export function repeatsDataFile(id: string): boolean {
  return DATA_TEXT_PREFIXES.some((p) => id.startsWith(p));
}

/**
 * Messages whose English the page takes from where the text comes from: a data file (above), or
 * the schema's own message for a field of a damaged link, which the command line prints too
 * (src/ui/sharing/linkNoticeMessages.ts). The English chunks leave them out; the English catalog keeps
 * them as the wording the other languages follow.
 */
export function englishFromSource(id: string): boolean {
  return repeatsDataFile(id) || id.startsWith('linkNotice.issue.');
}
