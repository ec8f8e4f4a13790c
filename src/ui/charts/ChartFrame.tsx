import { useState, type ReactNode } from 'react';
import { t } from '../../i18n';

/** A chart with a caption and a switch to the table of the same numbers. */
export function ChartFrame({
  title,
  caption,
  chart,
  table,
}: {
  title: string;
  caption: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  return (
    <figure className="chart" aria-label={title}>
      <div className="chart-head">
        <h3>{title}</h3>
        <button type="button" aria-pressed={showTable} onClick={() => setShowTable(!showTable)}>
          {showTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </div>
      {showTable ? table : chart}
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
