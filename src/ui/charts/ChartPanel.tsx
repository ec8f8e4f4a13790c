import { lazy } from 'react';
import { CHARTS, DEFAULT_VIEW, type ChartId } from '../../scenario/view';
import { usePlannerStore } from '../../state/store';
import { LoadAfterStart } from '../LoadAfterStart';

const CHART_TITLES: Record<ChartId, string> = {
  versions: 'Versions',
  intro: '"1 TB" check',
  valueSize: 'Value size',
  stringsVsHash: 'Strings vs hash',
};

// Charts load on demand: recharts stays out of the first screen's bundle.
const CHART_COMPONENTS: Record<ChartId, React.LazyExoticComponent<() => React.JSX.Element>> = {
  versions: lazy(() => import('./VersionsChart')),
  intro: lazy(() => import('./IntroChart')),
  valueSize: lazy(() => import('./ValueSizeChart')),
  stringsVsHash: lazy(() => import('./StringsVsHashChart')),
};

export function ChartPanel() {
  const chart = usePlannerStore((s) => s.view.chart ?? DEFAULT_VIEW.chart);
  const choose = usePlannerStore((s) => s.chartChosen);
  const Chart = CHART_COMPONENTS[chart];
  return (
    <section className="chart-panel" aria-label="Charts">
      <div role="tablist" aria-label="Chart">
        {CHARTS.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={id === chart} onClick={() => choose(id)}>
            {CHART_TITLES[id]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={CHART_TITLES[chart]}>
        <LoadAfterStart fallback={<p className="note">Loading chart…</p>}>
          <Chart />
        </LoadAfterStart>
      </div>
    </section>
  );
}
