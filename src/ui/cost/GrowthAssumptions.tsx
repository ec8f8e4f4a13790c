import type { GrowthProjection } from '../../model/plan';
import { useDeferredResolved, useDeferredScenario } from '../common/deferredScenario';
import { formatCount } from '../../format/count';
import { describeGrowth } from '../common/growthText';
import { workloadGrowths } from '../../scenario/growth';
import { ratioModelled, ratioPerLine } from '../assumptions/planDescription';
import { t } from '../../i18n';

/** What the growth chart assumes, workload by workload, and what "full" means. */
export function GrowthAssumptions({ projection }: { projection: GrowthProjection }) {
  const scenario = useDeferredScenario();
  const growths = workloadGrowths(scenario);
  const { deployment: d, baseline } = useDeferredResolved();
  return (
    <div className="note growth-assumptions" role="note" aria-label={t('cost.growthAssumptions')}>
      <p>{t('cost.growthIntro', { months: projection.months })}</p>
      <ul>
        {scenario.workloads.map((w, i) => (
          <li key={w.name}>
            {t('cost.growthWorkload', {
              name: w.name,
              growth:
                w.growth || !scenario.growth
                  ? describeGrowth(growths[i])
                  : t('cost.growthOfScenario', { growth: describeGrowth(scenario.growth) }),
              now: formatCount(projection.keys[i]![0]!),
              later: formatCount(projection.keys[i]![projection.months]!),
              months: projection.months,
            })}
          </li>
        ))}
        <li>
          {t('cost.full', {
            baseline,
            shards: projection.shards,
            instance: d.instanceType,
            // Each line's own: the deployment's, or with churn the modelled one (the deployment table's).
            ratio: ratioPerLine(
              projection.lines.map((l) => ({ line: l.version, ratio: l.fragmentationRatio })),
              ratioModelled(scenario),
            ),
            headroom: d.headroomPercent,
            reserve: d.reservedPercent,
            replicas: d.replicas,
          })}
        </li>
      </ul>
    </div>
  );
}
