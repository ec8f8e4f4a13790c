import type { Money, Saving } from '../../model/plan';
import type { LineId } from '../../model';
import { formatUsd } from '../../format/money';
import { lineLabel } from '../common/lineLabel';
import { savingFigures } from '../../format/money';
import { t } from '../../i18n';

/** "saves $119.14/month (50.0 %)", "экономия 119,14 $/мес. (50,0 %)": a saving against the baseline, in the page's language. */
export function savingText(saving: Saving | null): string {
  if (!saving) return '–';
  const figures = savingFigures(saving);
  if (figures.kind === 'same') return t('cost.saving.same');
  const text = t(figures.kind === 'saves' ? 'cost.saving.saves' : 'cost.saving.costs', { amount: figures.perMonth });
  return figures.percent === null ? text : t('cost.saving.withShare', { saving: text, share: figures.percent });
}

/**
 * The target's saving split into its two causes: the memory it needs (fewer nodes, or less data
 * stored) at the baseline's price, and the engine's price on what it still runs. They add up to
 * the saving; a negative amount is a cause that costs more.
 */
export function savingCausesText(saving: Saving, baseline: LineId, target: LineId, memory: 'nodes' | 'dataStored'): string {
  return t('cost.savingCauses', {
    target: lineLabel(target),
    baseline: lineLabel(baseline),
    total: formatUsd(saving.perMonth),
    memory: t(memory === 'nodes' ? 'cost.cause.nodes' : 'cost.cause.dataStored', {
      amount: formatUsd(saving.causes.byMemory.perMonth),
    }),
    engine: t('cost.cause.enginePrice', { amount: formatUsd(saving.causes.byEnginePrice.perMonth) }),
  });
}

/** A month's money of a cent or more, either way: what is less rounds to $0.00 and says nothing. */
const hasCents = (m: Money) => Math.abs(m.perMonth) >= 0.005;

/** Whether a saving has a cause worth naming: at the same cost on both lines there is nothing to split. */
export function savingHasCauses(saving: Saving): boolean {
  return hasCents(saving.causes.byMemory) || hasCents(saving.causes.byEnginePrice);
}
