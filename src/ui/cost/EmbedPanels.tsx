import { costOf } from '../../state/costDerived';
import { useDeferredResolved, useDeferredScenario } from '../common/deferredScenario';
import { EmbedGrowth } from './EmbedGrowth';
import { CostTable } from './CostTable';
import { PriceNote } from './PriceNote';
import { ServerlessTable } from './ServerlessTable';
import { t } from '../../i18n';

/** The embed's panels that load after the results, with their messages: cost and growth, as its link names them. */
export default function EmbedPanels({ cost, growth }: { cost: boolean; growth: boolean }) {
  return (
    <>
      {cost && <EmbedCost />}
      {growth && <EmbedGrowth />}
    </>
  );
}

/** The cost panel's figures for an embed: money per version and serverless beside it, with where the prices come from; no forms. */
function EmbedCost() {
  const scenario = useDeferredScenario();
  const resolved = useDeferredResolved();
  const cost = costOf(scenario);
  return (
    <section aria-label={t('cost.title')}>
      <h2>{t('cost.title')}</h2>
      <CostTable
        cost={cost}
        instanceType={resolved.deployment.instanceType}
        baseline={resolved.baseline}
        target={resolved.target}
      />
      <ServerlessTable cost={cost} baseline={resolved.baseline} target={resolved.target} />
      <PriceNote cost={cost} />
    </section>
  );
}
