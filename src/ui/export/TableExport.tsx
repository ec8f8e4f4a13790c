import { useState } from 'react';
import { copy } from '../sharing/ShareBar';
import { t, type MessageId } from '../../i18n';
import type { TableFormat } from './tableActions';

/** What the status says once a text format is copied, or when the clipboard refused it. */
const COPY_STATUS: Record<Exclude<TableFormat, 'csv'>, { copied: MessageId; copyBelow: MessageId }> = {
  markdown: { copied: 'export.markdownCopied', copyBelow: 'export.markdownCopyBelow' },
  confluence: { copied: 'export.wikiCopied', copyBelow: 'export.wikiCopyBelow' },
};

/**
 * Export buttons under a table: its CSV (`file`: results, workloads, deployment, cost or growth),
 * and for the results also the whole plan as Markdown and Confluence wiki markup with the link to
 * it. The export code loads on the first click, not with the page.
 */
export function TableExport({ table, file, copyFormats = false }: { table: string; file: string; copyFormats?: boolean }) {
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState<string | null>(null);
  const run = async (format: TableFormat) => {
    const { exportTable } = await import('./tableActions');
    const result = exportTable(file, format);
    if (!result) return setStatus(t('export.failed'));
    if (result.kind === 'file') {
      setManual(null);
      return setStatus(t('export.downloaded', { file: result.fileName }));
    }
    const copied = await copy(result.text);
    setManual(copied ? null : result.text);
    const messages = COPY_STATUS[format as keyof typeof COPY_STATUS];
    setStatus(t(copied ? messages.copied : messages.copyBelow));
  };
  return (
    <div className="export-bar" role="group" aria-label={t('export.tableActions', { table })}>
      <button type="button" onClick={() => run('csv')}>
        {t('export.downloadCsv')}
      </button>
      {copyFormats && (
        <>
          <button type="button" onClick={() => run('markdown')}>
            {t('export.copyMarkdown')}
          </button>
          <button type="button" onClick={() => run('confluence')}>
            {t('export.copyConfluence')}
          </button>
        </>
      )}
      <span role="status" className="export-status">
        {status}
      </span>
      {manual && (
        <textarea readOnly value={manual} aria-label={t('share.textToCopy')} rows={4} onFocus={(e) => e.target.select()} />
      )}
    </div>
  );
}
