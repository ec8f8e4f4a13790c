import { useState } from 'react';
import { copy } from '../ShareBar';
import { copiedMessage, downloadedMessage, exportMessages } from './messages';
import type { TableFormat } from './tableActions';

const FORMAT_NAMES: Record<Exclude<TableFormat, 'csv'>, string> = { markdown: 'Markdown', confluence: 'wiki markup' };

/**
 * Export buttons under a table: CSV, and for the results also Markdown and Confluence wiki markup
 * with the link to the plan. The export code loads on the first click, not with the page.
 */
export function TableExport({ table, file, copyFormats = false }: { table: string; file: string; copyFormats?: boolean }) {
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState<string | null>(null);
  const run = async (format: TableFormat) => {
    const { exportTable } = await import('./tableActions');
    const result = exportTable(table, file, format);
    if (!result) return setStatus(exportMessages.failed);
    if (result.kind === 'file') {
      setManual(null);
      return setStatus(downloadedMessage(result.fileName));
    }
    const copied = await copy(result.text);
    setManual(copied ? null : result.text);
    setStatus(copiedMessage(FORMAT_NAMES[format as keyof typeof FORMAT_NAMES], copied));
  };
  return (
    <div className="export-bar" role="group" aria-label={`${exportMessages.tableActions}: ${table}`}>
      <button type="button" onClick={() => run('csv')}>
        {exportMessages.downloadCsv}
      </button>
      {copyFormats && (
        <>
          <button type="button" onClick={() => run('markdown')}>
            {exportMessages.copyMarkdown}
          </button>
          <button type="button" onClick={() => run('confluence')}>
            {exportMessages.copyConfluence}
          </button>
        </>
      )}
      <span role="status" className="export-status">
        {status}
      </span>
      {manual && (
        <textarea readOnly value={manual} aria-label={exportMessages.manualLabel} rows={4} onFocus={(e) => e.target.select()} />
      )}
    </div>
  );
}
