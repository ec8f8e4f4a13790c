import { useState, type RefObject } from 'react';
import { t } from '../../i18n';

/** SVG and PNG of the chart in `figure`, exactly as drawn; the export code loads on the first click. */
export function ChartExport({ figure, file }: { figure: RefObject<HTMLElement | null>; file: string }) {
  const [status, setStatus] = useState('');
  const run = async (format: 'svg' | 'png') => {
    if (!figure.current) return;
    const { exportChart } = await import('./chartActions');
    const fileName = await exportChart(figure.current, file, format);
    setStatus(fileName ? t('export.downloaded', { file: fileName }) : t('export.chartMissing'));
  };
  return (
    <div className="export-bar" role="group" aria-label={t('export.chartActions')}>
      <button type="button" onClick={() => run('svg')}>
        {t('export.downloadSvg')}
      </button>
      <button type="button" onClick={() => run('png')}>
        {t('export.downloadPng')}
      </button>
      <span role="status" className="export-status">
        {status}
      </span>
    </div>
  );
}
