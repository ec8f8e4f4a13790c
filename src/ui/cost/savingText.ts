import type { Saving } from '../../model/cost';
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
