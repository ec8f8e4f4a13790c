/** The export features' user-visible English strings, in one place for the message catalogs. */
export const exportMessages = {
  tableActions: 'Export',
  downloadCsv: 'Download CSV',
  copyMarkdown: 'Copy as Markdown',
  copyConfluence: 'Copy as Confluence wiki markup',
  downloadSvg: 'Download SVG',
  downloadPng: 'Download PNG',
  chartActions: 'Export chart',
  failed: 'Export failed: the table is not on the page',
  chartMissing: 'Show the chart (not its table) to export it',
  manualLabel: 'Text to copy',
  linkLabel: 'Open this plan in valkey-ram-planner',
  printLinkHeading: 'Link to this plan',
  printScenarioHeading: 'Scenario',
  printTitle: 'RAM plan',
};

/** "Markdown copied", or the fallback when the clipboard is refused. */
export const copiedMessage = (format: string, copied: boolean) => (copied ? `${format} copied` : `Copy the ${format} below`);

/** "CSV downloaded: results.csv" */
export const downloadedMessage = (file: string) => `Downloaded ${file}`;

/** "Lines compared: 7.2, 8.1, 9.1; baseline 7.2, target 9.1." */
export const printedVersions = (versions: string[], baseline: string, target: string) =>
  `Lines compared: ${versions.join(', ')}; baseline ${baseline}, target ${target}.`;
