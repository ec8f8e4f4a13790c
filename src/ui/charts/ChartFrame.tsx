import { useRef, useState, type ReactNode } from 'react';
import { ChartExport } from '../export/ChartExport';
import { t } from '../../i18n';

/**
 * A chart with a caption, a switch to the table of the same numbers, and SVG/PNG export of the
 * chart. `file` names the exported file in every language ("versions" -> "…-versions.png"), as
 * the tables' exports do: a title in Russian or Chinese would leave a file name without it.
 */
export function ChartFrame({
  title,
  file,
  caption,
  chart,
  table,
}: {
  title: string;
  file: string;
  caption: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const figure = useRef<HTMLElement>(null);
  return (
    <figure className="chart" aria-label={title} ref={figure}>
      <div className="chart-head">
        <h3>{title}</h3>
        <button type="button" aria-pressed={showTable} onClick={() => setShowTable(!showTable)}>
          {showTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </div>
      {showTable ? table : chart}
      {!showTable && <ChartExport figure={figure} file={file} />}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
