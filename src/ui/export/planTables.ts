import { change, type ScenarioEstimate, type VersionEstimate, type WorkloadEstimate, type ResolvedScenario } from '../../model';
import type { CostEstimate, LineCost, GrowthLine, GrowthProjection, LoadedLine, WriteHistoryRange } from '../../model/plan';
import { ENGINE_LABELS } from '../../data/vocabulary';
import type { Scenario } from '../../scenario/schema';
import { DEFAULT_VIEW, type Units } from '../../scenario/viewOptions';
import type { View } from '../../scenario/view';
import { asLoadedOf } from '../../state/asLoadedDerived';
import { costOf, growthOf } from '../../state/costDerived';
import { estimateOf, resolvedOf } from '../../state/derived';
import { t } from '../../i18n';
import { lineLabel } from '../common/lineLabel';
import { describeFull } from '../common/growthText';
import { appliedAdviceTexts } from '../advice/changeText';
import {
  estimateRatioPerLine,
  planDescription,
  planDescriptionItems,
  ratioModelled,
  shardsPerLine,
} from '../assumptions/planDescription';

/**
 * What a column holds, which decides how its figures are written: as data (a CSV: a plain number
 * per cell, the unit in the header) or as text (Markdown, wiki markup, print: as the page writes it).
 */
export type Quantity =
  'bytes' | 'signedBytes' | 'bytesPerKey' | 'signedPercent' | 'percent' | 'count' | 'ratio' | 'usd' | 'usdPerHour' | 'text';

/** A cell: a figure in the column's quantity (bytes, USD...), a text, or nothing (a line that does not fit). */
export type Cell = number | string | null;

export interface PlanTable {
  title: string;
  /** `series`: columns of one series (the months), written in one unit. */
  columns: Array<{ header: string; quantity: Quantity; series?: boolean }>;
  rows: Cell[][];
}

interface Column<R> {
  header: string;
  quantity: Quantity;
  value: (row: R) => Cell;
  series?: boolean;
}

function planTable<R>(title: string, columns: Array<Column<R> | false>, rows: readonly R[]): PlanTable {
  const shown = columns.filter((c): c is Column<R> => c !== false);
  return {
    title,
    columns: shown.map(({ header, quantity, series }) => ({ header, quantity, ...(series ? { series } : {}) })),
    rows: rows.map((row) => shown.map((c) => c.value(row))),
  };
}

/** The figures the panels show for a scenario, from the same derived state they read. */
export interface PlanFigures {
  resolved: ResolvedScenario;
  estimate: ScenarioEstimate;
  cost: CostEstimate;
  growth: GrowthProjection;
  units: Units;
  /** The advice applied to the plan, in the page's words: its figures include these changes. */
  applied: string[];
  /** What the plan assumes: its inputs and settings as planned, in the page's words (the "Assumed" list's). */
  assumed: string[];
  /** Each line's fragmentation ratio is modelled from the churn (the deployment's `fragmentationRatio` is not used). */
  ratioModelled: boolean;
  /** The lines whose figure depends on how the collections were written, as written and as loaded. */
  asLoaded: WriteHistoryRange;
}

export function planFiguresOf(scenario: Scenario, view: View): PlanFigures {
  const resolved = resolvedOf(scenario);
  return {
    applied: appliedAdviceTexts(scenario.appliedAdvice),
    assumed: planDescriptionItems(planDescription(scenario, resolved, estimateOf(scenario), costOf(scenario))),
    resolved: resolvedOf(scenario),
    estimate: estimateOf(scenario),
    cost: costOf(scenario),
    growth: growthOf(scenario),
    units: view.units ?? DEFAULT_VIEW.units,
    ratioModelled: ratioModelled(scenario),
    asLoaded: asLoadedOf(scenario),
  };
}

/**
 * A table for a file of its own (a CSV), with the advice applied to the plan and what the plan
 * assumes in last columns of every row, so that the figures say what they include and rest on
 * wherever the rows go.
 */
export function withPlanNotes(table: PlanTable, applied: readonly string[], assumed: readonly string[]): PlanTable {
  const notes: Array<[string, readonly string[]]> = [
    [t('export.appliedColumn'), applied],
    [t('assumptions.plan.title'), assumed],
  ];
  const shown = notes.filter(([, items]) => items.length > 0);
  return {
    ...table,
    columns: [...table.columns, ...shown.map(([header]) => ({ header, quantity: 'text' as const }))],
    rows: table.rows.map((row) => [...row, ...shown.map(([, items]) => items.join('; '))]),
  };
}

const role = (version: string, e: ScenarioEstimate) =>
  version === e.baseline ? t('results.baselineTag') : version === e.target ? t('results.targetTag') : '';
const versionColumn = <R extends { version: VersionEstimate['version'] }>(): Column<R> => ({
  header: t('results.version'),
  quantity: 'text',
  value: (r) => lineLabel(r.version),
});

/**
 * Each line's dataset as its collections' writes leave it and once loaded, as the "As written and
 * as loaded" panel has it; null when no line's figure depends on the write history.
 */
export function asLoadedTable({ asLoaded }: PlanFigures): PlanTable | null {
  if (asLoaded.lines.length === 0) return null;
  return planTable<LoadedLine>(
    t('asLoaded.title'),
    [
      versionColumn(),
      { header: `${t('results.dataset')}: ${t('asLoaded.asWritten')}`, quantity: 'bytes', value: (l) => l.asWrittenDatasetBytes },
      { header: `${t('results.dataset')}: ${t('asLoaded.loaded')}`, quantity: 'bytes', value: (l) => l.loadedDatasetBytes },
      {
        header: t('asLoaded.change'),
        quantity: 'signedPercent',
        value: (l) => change(l.loadedDatasetBytes, l.asWrittenDatasetBytes).percent,
      },
    ],
    asLoaded.lines,
  );
}

/** Bytes per key, dataset and change against the baseline, per line: the results table. */
export function resultsTable({ estimate }: PlanFigures): PlanTable {
  const single = estimate.versions[0]?.workloads.length === 1;
  const measured = (v: VersionEstimate) => (single ? v.workloads[0]!.measured : null);
  const change = t('results.changeVs', { baseline: lineLabel(estimate.baseline) });
  return planTable<VersionEstimate>(
    t('results.perVersion'),
    [
      versionColumn(),
      { header: t('export.role'), quantity: 'text', value: (v) => role(v.version, estimate) },
      { header: t('results.bytesPerKey'), quantity: 'bytesPerKey', value: (v) => v.bytesPerKey },
      single && {
        header: t('results.measured'),
        quantity: 'bytesPerKey',
        value: (v) => measured(v)?.measuredBytesPerKey ?? null,
      },
      single && { header: t('export.measuredRelease'), quantity: 'text', value: (v) => measured(v)?.release ?? null },
      { header: t('results.dataset'), quantity: 'bytes', value: (v) => v.datasetBytes },
      { header: change, quantity: 'signedBytes', value: (v) => v.changeVsBaseline?.bytes ?? null },
      { header: change, quantity: 'signedPercent', value: (v) => v.changeVsBaseline?.percent ?? null },
      { header: t('results.keysPerGiB'), quantity: 'count', value: (v) => v.keysPerGiB },
    ],
    estimate.versions,
  );
}

/** One row per workload and line: bytes per key, its memory, its change against the baseline. */
export function workloadsTable({ estimate }: PlanFigures): PlanTable {
  const rows = (estimate.versions[0]?.workloads ?? []).flatMap((_, i) =>
    estimate.versions.map((v) => ({ version: v.version, workload: v.workloads[i]! })),
  );
  const anyNote = rows.some((r) => r.workload.fieldTtlNotOnLine);
  return planTable<{ version: VersionEstimate['version']; workload: WorkloadEstimate }>(
    t('results.perWorkload'),
    [
      { header: t('results.workload'), quantity: 'text', value: (r) => r.workload.name },
      versionColumn(),
      { header: t('results.bytesPerKey'), quantity: 'bytesPerKey', value: (r) => r.workload.bytesPerKey },
      { header: t('results.dataset'), quantity: 'bytes', value: (r) => r.workload.bytes },
      {
        header: t('results.changeVs', { baseline: lineLabel(estimate.baseline) }),
        quantity: 'signedPercent',
        value: (r) => (r.version === estimate.baseline ? null : r.workload.percentVsBaseline),
      },
      anyNote && {
        header: t('export.note'),
        quantity: 'text',
        value: (r) => (r.workload.fieldTtlNotOnLine ? t('results.noFieldTtls') : null),
      },
    ],
    rows,
  );
}

const HEADROOM_FROM = { 'copy-on-write': 'export.headroomFrom.copyOnWrite', reserve: 'export.headroomFrom.reserve' } as const;

/** Per node, shards, nodes and totals per line: the deployment table. */
export function deploymentTable({ estimate }: PlanFigures): PlanTable {
  const fitting = (value: (v: VersionEstimate) => Cell) => (v: VersionEstimate) => (v.deployment.fits ? value(v) : null);
  return planTable<VersionEstimate>(
    t('deployment.perVersion'),
    [
      versionColumn(),
      { header: t('deployment.usedMemoryPerNode'), quantity: 'bytes', value: (v) => v.deployment.usedMemoryPerNodeBytes },
      { header: t('deployment.rssPerNode'), quantity: 'bytes', value: (v) => v.deployment.rssPerNodeBytes },
      { header: t('deployment.withHeadroom'), quantity: 'bytes', value: (v) => v.deployment.requiredPerNodeBytes },
      { header: t('export.headroomFrom'), quantity: 'text', value: (v) => t(HEADROOM_FROM[v.deployment.headroomFrom]) },
      { header: t('deployment.shards'), quantity: 'count', value: fitting((v) => v.deployment.shards) },
      { header: t('deployment.nodes'), quantity: 'count', value: fitting((v) => v.deployment.nodes) },
      { header: t('deploymentForm.instanceType'), quantity: 'text', value: (v) => v.deployment.instance.id },
      { header: t('deployment.clusterRamNeeded'), quantity: 'bytes', value: fitting((v) => v.deployment.requiredTotalBytes) },
      { header: t('deployment.provisioned'), quantity: 'bytes', value: fitting((v) => v.deployment.provisionedTotalBytes) },
    ],
    estimate.versions,
  );
}

/** The deployment as set in the form, one column per setting: what the figures above assume. */
export function deploymentSettingsTable({ resolved, estimate, ratioModelled: modelled }: PlanFigures): PlanTable {
  const d = resolved.deployment;
  return planTable<typeof d>(
    t('export.settingsTitle'),
    [
      { header: t('deploymentForm.instanceType'), quantity: 'text', value: (s) => s.instanceType },
      // The shards each line needs, not only the least asked for: a line may need more.
      { header: t('deployment.shards'), quantity: 'text', value: () => shardsPerLine(estimate) },
      { header: t('deploymentForm.replicas'), quantity: 'count', value: (s) => s.replicas },
      // Per line where the churn model sets it, as the shards.
      modelled
        ? { header: t('deploymentForm.fragmentation'), quantity: 'text', value: () => estimateRatioPerLine(estimate, true) }
        : { header: t('deploymentForm.fragmentation'), quantity: 'ratio', value: (s) => s.fragmentationRatio },
      { header: t('deploymentForm.headroom'), quantity: 'percent', value: (s) => s.headroomPercent },
      { header: t('deploymentForm.reserve'), quantity: 'percent', value: (s) => s.reservedPercent },
      { header: t('deploymentForm.emptyServer'), quantity: 'bytes', value: (s) => s.processBaselineBytes },
    ],
    [d],
  );
}

/** Money per line: nodes, price per node-hour, per month and year, and the saving against the baseline; null without a price. */
export function costTable({ estimate, cost }: PlanFigures): PlanTable | null {
  if (!cost.lines) return null;
  const baseline = lineLabel(estimate.baseline);
  const instance = (l: LineCost) => estimate.versions.find((v) => v.version === l.version)?.deployment.instance.id ?? null;
  return planTable<LineCost>(
    t('cost.perVersion'),
    [
      versionColumn(),
      { header: t('deployment.nodes'), quantity: 'count', value: (l) => l.nodes },
      { header: t('deploymentForm.instanceType'), quantity: 'text', value: instance },
      { header: t('cost.engine'), quantity: 'text', value: (l) => ENGINE_LABELS[l.engine] },
      { header: t('cost.perNodeHour'), quantity: 'usdPerHour', value: (l) => l.usdPerHour },
      { header: t('cost.perMonth'), quantity: 'usd', value: (l) => l.perMonth },
      { header: t('cost.perYear'), quantity: 'usd', value: (l) => l.perYear },
      { header: t('export.savingPerMonth', { baseline }), quantity: 'usd', value: (l) => l.vsBaseline?.perMonth ?? null },
      { header: t('export.saving', { baseline }), quantity: 'percent', value: (l) => l.vsBaseline?.percent ?? null },
      {
        header: t('export.savingByNodes', { baseline }),
        quantity: 'usd',
        value: (l) => l.vsBaseline?.causes.byMemory.perMonth ?? null,
      },
      {
        header: t('export.savingByEnginePrice', { baseline }),
        quantity: 'usd',
        value: (l) => l.vsBaseline?.causes.byEnginePrice.perMonth ?? null,
      },
    ],
    cost.lines,
  );
}

/**
 * Per line: the month it needs another shard (empty while it fits throughout), what that means in
 * words, and its dataset month by month.
 */
export function growthTable({ growth }: PlanFigures, withSeries: boolean): PlanTable {
  const months = Array.from({ length: growth.months + 1 }, (_, month) => month);
  return planTable<GrowthLine>(
    t('export.growthTitle'),
    [
      versionColumn(),
      { header: t('export.monthsUntilFull'), quantity: 'count', value: (l) => l.monthFull },
      { header: t('cost.runsOut'), quantity: 'text', value: (l) => describeFull(l, growth) },
      { header: t('export.capacity'), quantity: 'bytes', value: (l) => l.capacityBytes, series: true },
      ...(withSeries
        ? months.map((month): Column<GrowthLine> => ({
            header: t('cost.monthN', { month }),
            quantity: 'bytes',
            value: (l) => l.datasetBytes[month]!,
            series: true,
          }))
        : []),
    ],
    growth.lines,
  );
}
