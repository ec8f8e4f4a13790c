import { usePlannerStore } from '../../state/store';
import { GrowthInput } from '../workload/WorkloadGrowthInput';

/** The growth every workload without its own follows: one rate for the whole scenario. */
export function ScenarioGrowthInput() {
  const growth = usePlannerStore((s) => s.scenario.growth);
  const choose = usePlannerStore((s) => s.scenarioGrowthChosen);
  return (
    <GrowthInput
      growth={growth}
      set={choose}
      label="cost.growthScenarioLabel"
      noneLabel="growth.none"
      keepAs={(field) => `scenario:${field}`}
    />
  );
}
