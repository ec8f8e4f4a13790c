import type { ScenarioEstimate, ResolvedScenario, LineId } from '../../model';
import type { CostEstimate } from '../../model/plan';
import { providerRules } from '../../data/providerRules';
import type { Scenario } from '../../scenario/schema';
import { appliesTo, labelOf, sizeFigure, workloadFields, type SizeDistribution } from '../../scenario/workloadFields';
import { formatCount } from '../../format/count';
import { formatLocale, numberFormat } from '../../format/locale';
import { formatBytes, formatExactBytes, formatPercent } from '../../format/quantities';
import { fieldText } from '../common/fieldText';
import { lineFullName } from '../common/lineLabel';
import { ALLOCATOR_MESSAGES } from '../common/modelMessages';
import { t } from '../../i18n';

/**
 * One description of what a plan assumes, read from the scenario that was planned and the
 * figures made of it: every workload's inputs with their distributions, the deployment (shards
 * per line, replicas, cluster mode, allocator, reserve and its rule, headroom, fragmentation,
 * instance type, empty server), the prices' region and source, and the lines compared, named in
 * full. "Why this number", the exports and the printed plan all say it in these words.
 */
export interface PlanDescription {
  workloads: string[];
  deployment: string[];
  price: string;
  lines: string;
}

const SHAPE_MESSAGES = {
  uniform: 'workload.shapeUniform',
  normal: 'workload.shapeNormal',
  lognormal: 'workload.shapeLognormal',
} as const;

/** A size or count as its field writes it: "4,000 B", "1,000". */
type Write = (n: number) => string;

/** A distribution in words: "lognormal from 10 B to 4,000 B, mean 900 B". */
export function distributionText(d: SizeDistribution, write: Write): string {
  switch (d.kind) {
    case 'range': {
      const range = t('assumptions.plan.range', { shape: t(SHAPE_MESSAGES[d.shape]), min: write(d.min), max: write(d.max) });
      // A mean given is the shape's, as typed; else the mean of the sizes the range gives.
      return t('assumptions.plan.withMean', { text: range, mean: write(d.mean ?? sizeFigure(d)) });
    }
    case 'percentiles':
      return t('assumptions.plan.percentiles', {
        min: write(d.min ?? 1),
        p50: write(d.p50),
        p90: write(d.p90),
        p99: write(d.p99),
        max: write(d.max),
      });
    case 'histogram': {
      const [first, last] = [Math.min(...d.buckets.map((b) => b.from)), Math.max(...d.buckets.map((b) => b.to))];
      const text = t('assumptions.plan.histogram', { count: d.buckets.length, min: write(first), max: write(last) });
      return t('assumptions.plan.withMean', { text, mean: write(sizeFigure(d)) });
    }
  }
}

/** "sessions: 1,000,000 string keys; Key length (bytes) 20 B; Value length (bytes) lognormal from 10 B to 4,000 B, mean 900 B; keys with a TTL 10 %". */
export function workloadDescription(w: Scenario['workloads'][number]): string {
  const parts = [t('assumptions.plan.keys', { name: w.name, count: w.keys, type: w.type })];
  for (const field of workloadFields) {
    if (!appliesTo(field, w.type) || (field.input !== 'bytes' && field.input !== 'count' && field.input !== 'share')) continue;
    if (field.key === 'keys') continue;
    const value = (w as Record<string, unknown>)[field.key] as number | SizeDistribution | undefined;
    if (value === undefined) continue;
    const write: Write =
      field.input === 'bytes' && !(field.key === 'valueBytes' && w.valueKind === 'int') ? formatExactBytes : formatCount;
    const text =
      typeof value === 'object'
        ? distributionText(value, write)
        : field.input === 'share'
          ? formatPercent(value * 100)
          : write(value);
    parts.push(t('assumptions.plan.field', { field: fieldText(labelOf(field, w.type)), value: text }));
  }
  if (w.valueKind === 'int') parts.push(t('assumptions.plan.integerValues'));
  return parts.join(t('assumptions.plan.separator'));
}

/** Lines grouped by what they share, each group named in full: "jemalloc …: Valkey 7.2, Valkey 8.0". */
function byValue<V>(lines: readonly LineId[], valueOf: (line: LineId) => V, write: (v: V) => string): string {
  const groups = new Map<V, LineId[]>();
  for (const line of lines) {
    const value = valueOf(line);
    groups.set(value, [...(groups.get(value) ?? []), line]);
  }
  if (groups.size === 1) return write([...groups.keys()][0]!);
  return [...groups]
    .map(([value, members]) =>
      t('assumptions.plan.onLines', { value: write(value), lines: members.map(lineFullName).join(', ') }),
    )
    .join(t('assumptions.plan.separator'));
}

/** The shards each line needs: "4", or "4 on Valkey 7.2; 3 on Valkey 9.1". */
export function shardsPerLine(estimate: ScenarioEstimate): string {
  const shards = new Map(estimate.versions.map((v) => [v.version, v.deployment.shards]));
  return byValue(
    [...shards.keys()],
    (l) => shards.get(l)!,
    (n) => formatCount(n),
  );
}

/** Whether the lines' ratios are modelled from the churn (RSS under churn): churn described, no ratio typed. */
export const ratioModelled = (given: Scenario): boolean =>
  Boolean(given.churn?.length) && given.deployment?.fragmentationRatio === undefined;

/**
 * The ratio each line's nodes are sized with: "1.1", or per line ("1.84 on Valkey 7.2; 1.88 on
 * Valkey 9.1"); a modelled ratio to two decimals, a typed one as typed.
 */
export function ratioPerLine(ratios: ReadonlyArray<{ line: LineId; ratio: number }>, modelled: boolean): string {
  const digits = modelled ? 2 : 3;
  const format = numberFormat(formatLocale(), { maximumFractionDigits: digits });
  const byLine = new Map(ratios.map((r) => [r.line, Math.round(r.ratio * 10 ** digits) / 10 ** digits]));
  return byValue(
    [...byLine.keys()],
    (line) => byLine.get(line)!,
    (r) => format.format(r),
  );
}

/** The ratio each line of the estimate is sized with, as ratioPerLine writes it. */
export const estimateRatioPerLine = (estimate: ScenarioEstimate, modelled: boolean): string =>
  ratioPerLine(
    estimate.versions.map((v) => ({ line: v.version, ratio: v.deployment.fragmentationRatio })),
    modelled,
  );

export function deploymentDescription(given: Scenario, used: ResolvedScenario, estimate: ScenarioEstimate): string[] {
  const d = used.deployment;
  const versions = estimate.versions;
  const lines = versions.map((v) => v.version);
  const of = (line: LineId) => versions.find((v) => v.version === line)!;
  const rule = providerRules.rules.find((r) => r.id === given.deployment?.providerRule) ?? null;
  return [
    t('assumptions.plan.shards', { perLine: shardsPerLine(estimate), asked: d.shards }),
    t('assumptions.plan.replicas', { count: d.replicas }),
    used.cluster ? t('assumptions.plan.clusterOn') : t('assumptions.plan.clusterOff'),
    t('assumptions.plan.allocator', {
      allocator: byValue(
        lines,
        (l) => of(l).allocator,
        (a) => t(ALLOCATOR_MESSAGES[a]),
      ),
    }),
    d.reservedPercent === 0
      ? t('assumptions.plan.noReserve')
      : rule
        ? t('assumptions.plan.reserveRule', { percent: d.reservedPercent, provider: rule.provider })
        : t('assumptions.plan.reserve', { percent: d.reservedPercent }),
    t('assumptions.plan.headroom', { percent: d.headroomPercent }),
    ratioModelled(given)
      ? t('assumptions.plan.fragmentationModelled', { perLine: estimateRatioPerLine(estimate, true) })
      : t('assumptions.plan.fragmentation', { ratio: estimateRatioPerLine(estimate, false) }),
    t('assumptions.plan.instance', { id: d.instanceType }),
    t('assumptions.plan.emptyServer', { size: formatBytes(d.processBaselineBytes) }),
  ];
}

/** Where the prices per node-hour come from: the region and the sources of the data, or the reader's own. */
export function priceDescription(cost: CostEstimate, instanceType: string): string {
  const region = cost.region;
  if (cost.prices.some((p) => p.origin === 'missing'))
    return t('assumptions.plan.priceMissing', { region, instance: instanceType });
  if (cost.prices.every((p) => p.origin === 'override')) return t('assumptions.plan.priceOwn', { region });
  const pages = cost.sources.map((s) => `${s.title} (${s.publisher}, ${s.retrieved})`);
  const repositories = cost.repositorySources.map(
    (s) => `${s.repository} ${s.path} (${s.commit.slice(0, 12)}, ${s.readOn ?? s.copiedOn})`,
  );
  return t('assumptions.plan.priceListed', { region, sources: [...repositories, ...pages].join('; ') });
}

export function linesDescription(used: ResolvedScenario): string {
  return t('assumptions.plan.lines', {
    lines: used.versions.map(lineFullName).join(', '),
    baseline: lineFullName(used.baseline),
    target: lineFullName(used.target),
  });
}

export function planDescription(
  given: Scenario,
  used: ResolvedScenario,
  estimate: ScenarioEstimate,
  cost: CostEstimate,
): PlanDescription {
  return {
    workloads: given.workloads.map(workloadDescription),
    deployment: deploymentDescription(given, used, estimate),
    price: priceDescription(cost, used.deployment.instanceType),
    lines: linesDescription(used),
  };
}

/** The description as one list: lines, workloads, deployment, prices. */
export function planDescriptionItems(p: PlanDescription): string[] {
  return [p.lines, ...p.workloads, ...p.deployment, p.price];
}
