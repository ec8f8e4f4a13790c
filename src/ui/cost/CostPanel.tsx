import { lazy } from 'react';
import { capacityOf, costOf, growthOf } from '../../state/costDerived';
import { CapacityTable } from './CapacityTable';
import { useDeferredResolved, useDeferredScenario } from '../common/deferredScenario';
import { LoadAfterStart } from '../common/LoadAfterStart';
import { ChangeRequestSummary } from './ChangeRequestSummary';
import { CostSettingsForm } from './CostSettingsForm';
import { CostTable } from './CostTable';
import { GrowthAssumptions } from './GrowthAssumptions';
import { NodeTypeComparison } from './NodeTypeComparison';
import { ScenarioGrowthInput } from './ScenarioGrowthInput';
import { workloadGrowths } from '../../scenario/growth';
import { nodeTypesOf } from '../../state/nodeTypesDerived';
import { PriceNote } from './PriceNote';
import { ServerlessTable } from './ServerlessTable';
import { t } from '../../i18n';
import { TableExport } from '../export/TableExport';

// recharts loads with the chart, as for the other charts.
const GrowthChart = lazy(() => import('./GrowthChart'));

/** What the deployment costs per version, how it grows, and the figures a change request needs. */
export default function CostPanel() {
  // Follows an edit in a background render, after its numbers are on screen (deferredScenario.tsx).
  const scenario = useDeferredScenario();
  const resolved = useDeferredResolved();
  const cost = costOf(scenario);
  const projection = growthOf(scenario);
  return (
    <section className="cost-panel" aria-label={t('cost.panel')}>
      <h2>{t('cost.title')}</h2>
      <CostSettingsForm prices={cost.prices} region={cost.region} />
      <CostTable
        cost={cost}
        instanceType={resolved.deployment.instanceType}
        baseline={resolved.baseline}
        target={resolved.target}
      />
      {cost.lines && <TableExport table={t('cost.perVersion')} file="cost" />}
      <ServerlessTable cost={cost} baseline={resolved.baseline} target={resolved.target} />
      <NodeTypeComparison comparison={nodeTypesOf(scenario)} target={resolved.target} />
      <PriceNote cost={cost} />
      <h2>{t('cost.growthTitle')}</h2>
      <ScenarioGrowthInput />
      <GrowthAssumptions projection={projection} />
      {workloadGrowths(scenario).some((g) => g !== undefined) ? (
        <LoadAfterStart fallback={<p className="note">{t('chart.loading')}</p>}>
          <GrowthChart />
        </LoadAfterStart>
      ) : (
        <p className="note">{t('cost.noGrowth')}</p>
      )}
      <TableExport table={t('export.growthTitle')} file="growth" />
      <h2>{t('capacity.title')}</h2>
      <CapacityTable answer={capacityOf(scenario)} instance={resolved.deployment.instanceType} baseline={resolved.baseline} />
      <ChangeRequestSummary />
    </section>
  );
}
