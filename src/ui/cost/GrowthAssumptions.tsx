import type { GrowthProjection } from '../../model/growth';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { formatCount } from '../../format/count';
import { describeGrowth } from './growthText';

/** What the growth chart assumes, workload by workload, and what "full" means. */
export function GrowthAssumptions({ projection }: { projection: GrowthProjection }) {
  const workloads = usePlannerStore((s) => s.scenario.workloads);
  const { deployment: d, baseline } = useResolvedScenario();
  return (
    <div className="note growth-assumptions" role="note" aria-label="Growth assumptions">
      <p>Assumptions over {projection.months} months (set growth on each workload card):</p>
      <ul>
        {workloads.map((w, i) => (
          <li key={w.name}>
            {w.name}: {describeGrowth(w.growth)} ({formatCount(projection.keys[i]![0]!)} keys now,{' '}
            {formatCount(projection.keys[i]![projection.months]!)} in month {projection.months})
          </li>
        ))}
        <li>
          Full: a line needs another shard when its keys no longer fit the deployment as sized today for the baseline ({baseline}
          ): {projection.shards} shard{projection.shards > 1 ? 's' : ''} of {d.instanceType}, fragmentation {d.fragmentationRatio}
          , {d.headroomPercent} % headroom; each shard brings {d.replicas} replica
          {d.replicas === 1 ? '' : 's'}.
        </li>
      </ul>
    </div>
  );
}
