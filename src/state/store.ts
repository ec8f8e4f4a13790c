import { providerRules } from '../data/providerRules';
import { create } from 'zustand';
import type { Allocator } from '../data/vocabulary';
import { type ScenarioEstimate, LINES, type LineId, type ResolvedScenario } from '../model';
import { estimateOf, resolvedOf } from './derived';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import type { PageNotice } from '../scenario/linkNotice';
import type { Preset } from '../scenario/presets';
import type { ChurnInput, CostInput, EncodingConfig, Scenario, Workload } from '../scenario/schema';
import { LIMITS } from '../scenario/limits';
import { editedFields } from '../scenario/workloadFields';
import type { ChartId, EntityInput, Units, View } from '../scenario/view';

/** Inputs only: estimates are derived from them, never stored. */
export interface PlannerState {
  scenario: Scenario;
  view: View;
  /** A message about the last load (a bad link, a preset applied); shown until dismissed. */
  notice: PageNotice | null;
  /** Counts deliberate steps (presets): the address bar adds a history entry for each. */
  steps: number;
  /** An empty name removes it. */
  scenarioNamed: (name: string) => void;
  workloadEdited: (index: number, patch: Partial<Workload>) => void;
  workloadAdded: () => void;
  workloadDuplicated: (index: number) => void;
  workloadRemoved: (index: number) => void;
  versionToggled: (version: LineId) => void;
  baselineChosen: (version: LineId) => void;
  targetChosen: (version: LineId) => void;
  /** undefined: each line's usual build. */
  allocatorChosen: (allocator: Allocator | undefined) => void;
  clusterToggled: (cluster: boolean) => void;
  deploymentEdited: (patch: NonNullable<Scenario['deployment']>) => void;
  encodingConfigEdited: (patch: EncodingConfig) => void;
  /** Region, price per node-hour or discount; a field set to undefined goes back to the data's value. */
  costEdited: (patch: CostInput) => void;
  /** The growth of every workload without its own; undefined removes it. */
  scenarioGrowthChosen: (growth: Scenario['growth']) => void;
  /** A string workload's churn, merged into what it has; null removes it. */
  churnEdited: (workload: string, patch: Partial<Omit<ChurnInput, 'workload'>> | null) => void;
  unitsChosen: (units: Units) => void;
  chartChosen: (chart: ChartId) => void;
  entityEdited: (entity: EntityInput | undefined) => void;
  coresChosen: (cores: number) => void;
  presetLoaded: (preset: Preset) => void;
  /** A scenario built elsewhere (an RDB file's families): a step of its own, undone like a preset. */
  scenarioUsed: (scenario: Scenario) => void;
  scenarioLoaded: (scenario: Scenario, view: View, notice: PageNotice | null) => void;
  noticeDismissed: () => void;
}

/**
 * `base` followed by `tag` ("sessions copy"), or then ` 2`, ` 3`...: the first name no workload
 * has, with `base` shortened to fit the schema's limit, so that a link never carries a name its
 * decoder would refuse.
 */
function uniqueName(base: string, taken: readonly string[], tag = ''): string {
  const fit = (suffix: string) => base.slice(0, LIMITS.nameLength - tag.length - suffix.length).trimEnd() + tag + suffix;
  if (!taken.includes(fit(''))) return fit('');
  for (let i = 2; ; i++) if (!taken.includes(fit(` ${i}`))) return fit(` ${i}`);
}

const isFull = (scenario: Scenario) => scenario.workloads.length >= LIMITS.workloads;

const withWorkloads = (scenario: Scenario, workloads: Workload[]): Scenario => ({ ...scenario, workloads });

/**
 * A provider's rule stays named while the reserve and headroom are its own: a figure typed over
 * it makes them the user's (the rule is dropped, the figures kept).
 */
function withRuleKept(d: NonNullable<Scenario['deployment']>): NonNullable<Scenario['deployment']> {
  const rule = providerRules.rules.find((r) => r.id === d.providerRule);
  if (!rule) return d;
  const differs = (['reservedPercent', 'headroomPercent'] as const).some((f) => d[f] !== undefined && d[f] !== rule[f]);
  if (!differs) return d;
  const { providerRule: _, ...rest } = d;
  const own = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return { reservedPercent: rule.reservedPercent, headroomPercent: rule.headroomPercent, ...own };
}

export const usePlannerStore = create<PlannerState>()((set) => ({
  scenario: DEFAULT_SCENARIO,
  view: {},
  notice: null,
  steps: 0,
  scenarioNamed: (name) => set(({ scenario: { name: _, ...rest } }) => ({ scenario: name ? { ...rest, name } : rest })),
  workloadEdited: (index, patch) =>
    set(({ scenario }) => ({
      scenario: withWorkloads(
        scenario,
        scenario.workloads.map((w, i) => (i === index ? (editedFields(w, patch) as Workload) : w)),
      ),
    })),
  workloadAdded: () =>
    set(({ scenario }) => {
      if (isFull(scenario)) return {};
      const name = uniqueName(
        'keys',
        scenario.workloads.map((w) => w.name),
      );
      const added: Workload = { name, keys: 100_000, keyBytes: 20, type: 'string', valueBytes: 100, ttlFraction: 0 };
      return { scenario: withWorkloads(scenario, [...scenario.workloads, added]) };
    }),
  workloadDuplicated: (index) =>
    set(({ scenario }) => {
      const source = scenario.workloads[index];
      if (!source || isFull(scenario)) return {};
      const copy = {
        ...source,
        name: uniqueName(
          source.name,
          scenario.workloads.map((w) => w.name),
          ' copy',
        ),
      };
      return {
        scenario: withWorkloads(scenario, [
          ...scenario.workloads.slice(0, index + 1),
          copy,
          ...scenario.workloads.slice(index + 1),
        ]),
      };
    }),
  workloadRemoved: (index) =>
    set(({ scenario }) =>
      scenario.workloads.length <= 1
        ? {}
        : {
            scenario: withWorkloads(
              scenario,
              scenario.workloads.filter((_, i) => i !== index),
            ),
          },
    ),
  versionToggled: (version) =>
    set(({ scenario }) => {
      const current = scenario.versions ?? LINES.defaults.versions;
      const next = current.includes(version) ? current.filter((v) => v !== version) : [...current, version];
      return next.length === 0 ? {} : { scenario: { ...scenario, versions: LINES.ids.filter((v) => next.includes(v)) } };
    }),
  baselineChosen: (baseline) => set(({ scenario }) => ({ scenario: { ...scenario, baseline } })),
  targetChosen: (target) => set(({ scenario }) => ({ scenario: { ...scenario, target } })),
  allocatorChosen: (allocator) =>
    set(({ scenario: { allocator: _, ...rest } }) => ({ scenario: allocator ? { ...rest, allocator } : rest })),
  clusterToggled: (cluster) =>
    set(({ scenario }) => ({ scenario: { ...scenario, deployment: { ...scenario.deployment, cluster } } })),
  deploymentEdited: (patch) =>
    set(({ scenario }) => {
      // More than one shard is cluster mode: asking for shards turns it on, unless it was set either way.
      const cluster = scenario.deployment?.cluster ?? ((patch.shards ?? 1) > 1 ? true : undefined);
      const deployment = withRuleKept({ ...scenario.deployment, ...patch, ...(cluster === undefined ? {} : { cluster }) });
      return { scenario: { ...scenario, deployment } };
    }),
  encodingConfigEdited: (patch) =>
    set(({ scenario }) => ({ scenario: { ...scenario, config: { ...scenario.config, ...patch } } })),
  costEdited: (patch) =>
    set(({ scenario }) => {
      const { cost: _, ...rest } = scenario;
      const cost = Object.fromEntries(Object.entries({ ...scenario.cost, ...patch }).filter(([, v]) => v !== undefined));
      return { scenario: Object.keys(cost).length ? { ...rest, cost } : rest };
    }),
  scenarioGrowthChosen: (growth) =>
    set(({ scenario: { growth: _, ...rest } }) => ({ scenario: growth ? { ...rest, growth } : rest })),
  churnEdited: (workload, patch) =>
    set(({ scenario }) => {
      const { churn: earlier = [], ...rest } = scenario;
      const own = earlier.find((c) => c.workload === workload);
      const churn =
        patch === null
          ? earlier.filter((c) => c !== own)
          : own
            ? earlier.map((c) => (c === own ? { ...c, ...patch } : c))
            : [...earlier, { workload, ...patch }];
      return { scenario: churn.length ? { ...rest, churn } : rest };
    }),
  unitsChosen: (units) => set(({ view }) => ({ view: { ...view, units } })),
  chartChosen: (chart) => set(({ view }) => ({ view: { ...view, chart } })),
  entityEdited: (entity) =>
    set(({ view }) => {
      const { entity: _, ...rest } = view;
      return { view: entity ? { ...rest, entity } : rest };
    }),
  coresChosen: (cores) => set(({ view }) => ({ view: { ...view, cores } })),
  presetLoaded: (preset) =>
    set(({ steps }) => ({ scenario: preset.scenario, view: preset.view ?? {}, notice: null, steps: steps + 1 })),
  scenarioUsed: (scenario) => set(({ steps }) => ({ scenario, notice: null, steps: steps + 1 })),
  scenarioLoaded: (scenario, view, notice) => set({ scenario, view, notice }),
  noticeDismissed: () => set({ notice: null }),
}));

/** The scenario with defaults filled in, computed once per scenario for all components. */
export function useResolvedScenario(): ResolvedScenario {
  return resolvedOf(usePlannerStore((s) => s.scenario));
}

/**
 * One part of the resolved scenario (a value or an object of it, which resolvedOf keeps while it
 * is unchanged): the component renders again when that part changes, not on every edit.
 */
export function useResolved<T>(pick: (resolved: ResolvedScenario) => T): T {
  return usePlannerStore((s) => pick(resolvedOf(s.scenario)));
}

/** The estimate for the current scenario, computed once per scenario for all components. */
export function useEstimate(): ScenarioEstimate {
  return estimateOf(usePlannerStore((s) => s.scenario));
}
