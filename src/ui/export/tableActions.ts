import { usePlannerStore } from '../../state/store';
import { currentLink } from '../../state/shareLink';
import { download, fileNameFor } from './download';
import { toConfluence, toCsv, toMarkdown } from './formats';
import { gridOfTable } from './gridOfTable';
import { t } from '../../i18n';

export type TableFormat = 'csv' | 'markdown' | 'confluence';

function tableNamed(name: string): HTMLTableElement | null {
  return [...document.querySelectorAll('table')].find((table) => table.getAttribute('aria-label') === name) ?? null;
}

/**
 * Writes the named table as shown in `format`: a CSV is downloaded (its file name returned), the
 * Markdown and wiki markup (followed by the link to this plan) are returned for the clipboard.
 */
export function exportTable(
  name: string,
  fileWhat: string,
  format: TableFormat,
): { kind: 'file'; fileName: string } | { kind: 'text'; text: string } | null {
  const table = tableNamed(name);
  if (!table) return null;
  const grid = gridOfTable(table);
  if (format === 'csv') {
    const fileName = fileNameFor(usePlannerStore.getState().scenario.name, fileWhat, 'csv');
    download(fileName, new Blob([toCsv(grid)], { type: 'text/csv;charset=utf-8' }));
    return { kind: 'file', fileName };
  }
  const link = { label: t('export.linkLabel'), url: currentLink(location.href) };
  return { kind: 'text', text: format === 'markdown' ? toMarkdown(grid, link) : toConfluence(grid, link) };
}
