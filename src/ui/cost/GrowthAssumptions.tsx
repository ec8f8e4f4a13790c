import type { GrowthProjection } from '../../model/growth';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { formatCount } from '../format';
import { describeGrowth } from './growthText';

/** What the growth chart assumes, workload by workload, and what "full" means. */
export function GrowthAssumptions({ projection }: { projection: GrowthProjection }) {
  const workloads = usePlannerStore((s) => s.scenario.workloads);
  const d = useResolvedScenario().deployment;
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
          Full: a line needs another shard when its keys no longer fit the shards it needs today on {d.instanceType}, with
          fragmentation {d.fragmentationRatio} and {d.headroomPercent} % headroom; every shard brings {d.replicas} replica
          {d.replicas === 1 ? '' : 's'}.
        </li>
      </ul>
    </div>
  );
}
