import type { ScenarioEstimate } from '../../model';
import type { CostEstimate, GrowthProjection } from '../../model/plan';
import { formatUsd, formatUsdPerHour } from '../../format/money';
import { formatList } from '../../format/list';
import { ENGINE_LABELS } from '../../data/vocabulary';
import { formatBytes, type ByteUnits } from '../../format/quantities';
import { savingCausesText, savingHasCauses, savingText } from './savingText';
import { DEFAULT_VIEW } from '../../scenario/viewOptions';
import { formatCount, formatPlainNumber } from '../../format/count';
import { t } from '../../i18n';
import { lineLabel, lineMove } from '../common/lineLabel';
import { describeFull, describePostponed } from '../common/growthText';

/** The figures a change request or a budget needs, as plain text to paste into a ticket, sizes in the reader's units. */
export function changeRequestText(
  estimate: ScenarioEstimate,
  cost: CostEstimate,
  growth: GrowthProjection,
  link: string,
  units: ByteUnits = DEFAULT_VIEW.units,
  /** What the plan assumes (planDescriptionItems), as the exports and "Assumed in these figures" say it. */
  assumed: readonly string[] = [],
): string {
  const bytes = (n: number) => formatBytes(n, units);
  const { baseline, target } = estimate;
  const b = estimate.versions.find((v) => v.version === baseline);
  const tv = estimate.versions.find((v) => v.version === target);
  const move = lineMove(baseline, target);
  const lines = [t('cost.request.title', { baseline: move.from, target: move.to })];
  if (b && tv) {
    const nodes = (v: typeof b) =>
      t('cost.request.nodesOf', {
        nodes: formatCount(v.deployment.nodes),
        instance: v.deployment.instance.id,
        shards: v.deployment.shards,
      });
    lines.push(t('cost.request.memory', { baseline: bytes(b.datasetBytes), target: bytes(tv.datasetBytes) }));
    lines.push(
      t('cost.request.clusterRam', {
        baseline: bytes(b.deployment.requiredTotalBytes),
        target: bytes(tv.deployment.requiredTotalBytes),
      }),
    );
    lines.push(t('cost.request.nodes', { baseline: nodes(b), target: nodes(tv) }));
  } else lines.push(t('cost.request.notCompared', { baseline: lineLabel(baseline), target: lineLabel(target) }));
  const money = (v: string) => cost.lines?.find((l) => l.version === v);
  const bm = money(baseline);
  const tm = money(target);
  if (bm && tm) {
    lines.push(
      t('cost.request.money', {
        baselineMonth: formatUsd(bm.perMonth),
        targetMonth: formatUsd(tm.perMonth),
        saving: savingText(cost.saving),
        targetYear: formatUsd(tm.perYear),
        perHour: formatList(
          cost.prices.map((p) =>
            t('cost.engineRate', { price: formatUsdPerHour(p.usdPerHour!), engine: ENGINE_LABELS[p.engine] }),
          ),
        ),
        hours: formatPlainNumber(cost.hoursPerMonth),
        terms: cost.discountPercent
          ? t('cost.request.discount', { percent: formatPlainNumber(cost.discountPercent) })
          : t('cost.termsOnDemand'),
        region: cost.region,
      }),
    );
    if (cost.saving && baseline !== target && savingHasCauses(cost.saving))
      lines.push(savingCausesText(cost.saving, baseline, target, 'nodes'));
  } else lines.push(t('cost.request.noMoney', { region: cost.region }));
  const full = (v: string) => growth.lines.find((l) => l.version === v);
  const bf = full(baseline);
  const tf = full(target);
  if (bf && tf) {
    lines.push(
      t('cost.request.monthsUntilFull', {
        shards: growth.shards,
        baseline,
        baselineFull: describeFull(bf, growth),
        target,
        targetFull: describeFull(tf, growth),
      }),
    );
    const postponed = describePostponed(growth.postponed, baseline, target);
    if (postponed) lines.push(postponed);
  }
  if (cost.sources.length) {
    const dates = cost.sources.map((s) => s.published ?? t('cost.request.undated', { retrieved: s.retrieved }));
    lines.push(t('cost.request.prices', { dates: dates.join('; ') }));
  }
  if (assumed.length > 0) lines.push(t('assumptions.plan.title') + ':', ...assumed.map((item) => `- ${item}`));
  lines.push(t('cost.request.link', { link }));
  return lines.join('\n');
}
