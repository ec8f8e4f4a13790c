import { t } from '../../i18n';
import { describePostponed } from '../common/growthText';
import type { Section } from './formats';
import { formatBytes } from '../../format/quantities';
import { moveDayOneText } from '../results/moveDayOne';
import {
  asLoadedTable,
  costTable,
  deploymentSettingsTable,
  deploymentTable,
  growthTable,
  resultsTable,
  workloadsTable,
  type PlanFigures,
  type PlanTable,
} from './planTables';
import { asTextGrid } from './planWriters';

/**
 * The plan as people read it in a ticket or on paper, in the page's language: the advice applied
 * to it (first: every figure after it includes those changes), what the plan assumes (its
 * workloads' inputs with their distributions, the deployment, prices and lines), results (and per workload when
 * there are several), the deployment as set and per line, the money per line with the saving,
 * and the month each line needs another shard.
 */
export type PlanPart =
  'applied' | 'assumed' | 'results' | 'workloads' | 'asLoaded' | 'settings' | 'deployment' | 'cost' | 'growth';
const ALL_PARTS: readonly PlanPart[] = [
  'applied',
  'assumed',
  'results',
  'workloads',
  'asLoaded',
  'settings',
  'deployment',
  'cost',
  'growth',
];

export function planSections(figures: PlanFigures, parts: readonly PlanPart[] = ALL_PARTS): Section[] {
  const { estimate, cost, growth, resolved, units } = figures;
  const section = (table: PlanTable, note?: string | null): Section => ({
    title: table.title,
    grid: asTextGrid(table, units),
    ...(note ? { note } : {}),
  });
  const build: Record<PlanPart, () => Section | null> = {
    applied: () => (figures.applied.length > 0 ? { title: t('export.appliedTitle'), items: figures.applied } : null),
    assumed: () => ({ title: t('assumptions.plan.title'), items: figures.assumed }),
    results: () => section(resultsTable(figures)),
    workloads: () => ((estimate.versions[0]?.workloads.length ?? 0) > 1 ? section(workloadsTable(figures)) : null),
    asLoaded: () => {
      const table = asLoadedTable(figures);
      const move = figures.asLoaded.move;
      const moveNote = move && moveDayOneText(move, (b) => formatBytes(b, units));
      if (table) return section(table, moveNote);
      return moveNote ? { title: t('asLoaded.title'), note: moveNote } : null;
    },
    settings: () => section(deploymentSettingsTable(figures)),
    deployment: () => section(deploymentTable(figures)),
    cost: () => {
      const money = costTable(figures);
      if (money) return section(money);
      const where = { instance: resolved.deployment.instanceType, region: cost.region };
      return { title: t('cost.perVersion'), note: t('export.noPrice', where) };
    },
    growth: () => section(growthTable(figures, false), describePostponed(growth.postponed, resolved.baseline, resolved.target)),
  };
  return parts.map((part) => build[part]()).filter((s): s is Section => s !== null);
}
