import { lazy } from 'react';
import { growthOf } from '../../state/costDerived';
import { workloadGrowths } from '../../scenario/growth';
import { useDeferredScenario } from '../common/deferredScenario';
import { LoadAfterStart } from '../common/LoadAfterStart';
import { GrowthAssumptions } from './GrowthAssumptions';
import { t } from '../../i18n';

const GrowthChart = lazy(() => import('./GrowthChart'));

/** The growth panel for an embed: what it assumes and memory over the months; no forms. */
export function EmbedGrowth() {
  const scenario = useDeferredScenario();
  return (
    <section aria-label={t('cost.growthTitle')}>
      <h2>{t('cost.growthTitle')}</h2>
      <GrowthAssumptions projection={growthOf(scenario)} />
      {workloadGrowths(scenario).some((g) => g !== undefined) ? (
        <LoadAfterStart fallback={<p className="note">{t('chart.loading')}</p>}>
          <GrowthChart />
        </LoadAfterStart>
      ) : (
        <p className="note">{t('cost.noGrowth')}</p>
      )}
    </section>
  );
}
