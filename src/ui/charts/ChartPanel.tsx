import { lazy, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { CHARTS, DEFAULT_VIEW, type ChartId } from '../../scenario/viewOptions';
import { usePlannerStore } from '../../state/store';
import { firstChartDone, LoadAfterStart } from '../common/LoadAfterStart';
import { DeferredInOneTask } from '../common/deferredScenario';
import { t, withLaterMessages, type MessageId } from '../../i18n';

const CHART_TITLES: Record<ChartId, MessageId> = {
  versions: 'chart.tab.versions',
  intro: 'chart.tab.intro',
  valueSize: 'chart.tab.valueSize',
  stringsVsHash: 'chart.tab.stringsVsHash',
};

/** A chart's code: the panels waiting for the first chart need not wait for one that cannot load. */
const chartCode = <T,>(load: Promise<T>): Promise<T> =>
  load.catch((error: unknown) => {
    firstChartDone();
    throw error;
  });

// Charts load on demand: recharts stays out of the first screen's bundle.
const CHART_COMPONENTS: Record<ChartId, React.LazyExoticComponent<() => React.JSX.Element>> = {
  versions: lazy(() => chartCode(withLaterMessages(import('./VersionsChart')))),
  intro: lazy(() => chartCode(withLaterMessages(import('./IntroChart')))),
  valueSize: lazy(() => chartCode(withLaterMessages(import('./ValueSizeChart')))),
  stringsVsHash: lazy(() => chartCode(withLaterMessages(import('./StringsVsHashChart')))),
};

/** Rendered with the chart (they are revealed together): says the first chart has been drawn. */
function FirstChartDrawn() {
  useEffect(firstChartDone, []);
  return null;
}

/** The tab an arrow, Home or End key moves to from `index` (ARIA tabs pattern: arrows wrap). */
function tabAfterKey(key: string, index: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % CHARTS.length;
  if (key === 'ArrowLeft') return (index - 1 + CHARTS.length) % CHARTS.length;
  if (key === 'Home') return 0;
  if (key === 'End') return CHARTS.length - 1;
  return null;
}

export function ChartPanel() {
  const chart = usePlannerStore((s) => s.view.chart ?? DEFAULT_VIEW.chart);
  const choose = usePlannerStore((s) => s.chartChosen);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const prefix = useId();
  const Chart = CHART_COMPONENTS[chart];
  // Only the selected tab is in the Tab order; arrows move between tabs and select as they go.
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const next = tabAfterKey(e.key, index);
    if (next === null) return;
    e.preventDefault();
    choose(CHARTS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <section className="chart-panel" aria-label={t('chart.panel')}>
      <div role="tablist" aria-label={t('chart.tablist')}>
        {CHARTS.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={`${prefix}-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={id === chart}
            aria-controls={`${prefix}-panel`}
            tabIndex={id === chart ? 0 : -1}
            onClick={() => choose(id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(CHART_TITLES[id])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${chart}`} tabIndex={0}>
        <LoadAfterStart fallback={<p className="note">{t('chart.loading')}</p>}>
          <DeferredInOneTask>
            <Chart />
          </DeferredInOneTask>
          <FirstChartDrawn />
        </LoadAfterStart>
      </div>
    </section>
  );
}
