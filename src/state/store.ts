import { useMemo } from 'react';
import { create } from 'zustand';
import type { Allocator, VersionLine } from '../data/vocabulary';
import { estimateScenario, type ScenarioEstimate } from '../model';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { resolveScenario, type Scenario, type Workload } from '../scenario/schema';

/** Inputs only: estimates are derived from them, never stored. */
interface PlannerState {
  scenario: Scenario;
  workloadEdited: (index: number, patch: Partial<Workload>) => void;
  versionToggled: (version: VersionLine) => void;
  baselineChosen: (version: VersionLine) => void;
  targetChosen: (version: VersionLine) => void;
  allocatorChosen: (allocator: Allocator) => void;
  scenarioLoaded: (scenario: Scenario) => void;
}

export const usePlannerStore = create<PlannerState>()((set) => ({
  scenario: DEFAULT_SCENARIO,
  workloadEdited: (index, patch) =>
    set(({ scenario }) => ({
      scenario: { ...scenario, workloads: scenario.workloads.map((w, i) => (i === index ? { ...w, ...patch } : w)) },
    })),
  versionToggled: (version) =>
    set(({ scenario }) => {
      const current = scenario.versions ?? (['7.2', '8.0', '8.1', '9.0', '9.1'] as VersionLine[]);
      const next = current.includes(version) ? current.filter((v) => v !== version) : [...current, version];
      // An empty comparison shows nothing: keep the last line selected.
      return next.length === 0 ? {} : { scenario: { ...scenario, versions: next } };
    }),
  baselineChosen: (baseline) => set(({ scenario }) => ({ scenario: { ...scenario, baseline } })),
  targetChosen: (target) => set(({ scenario }) => ({ scenario: { ...scenario, target } })),
  allocatorChosen: (allocator) => set(({ scenario }) => ({ scenario: { ...scenario, allocator } })),
  scenarioLoaded: (scenario) => set({ scenario }),
}));

/** The estimate for the current scenario, recomputed only when the scenario changes. */
export function useEstimate(): ScenarioEstimate {
  const scenario = usePlannerStore((s) => s.scenario);
  return useMemo(() => estimateScenario(resolveScenario(scenario)), [scenario]);
}
