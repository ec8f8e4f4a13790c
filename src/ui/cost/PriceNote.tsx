import type { CostEstimate } from '../../model/cost';
import { t } from '../../i18n';
import { formatPlainNumber } from '../../format/count';
import { dataText } from '../dataText';
import { SOURCE_NOTE_TEXTS } from './priceTexts';

/** Where the prices come from, when, and that they are to be checked before buying anything. */
export function PriceNote({ cost }: { cost: CostEstimate }) {
  const own = cost.price.origin === 'override';
  return (
    <div className="note price-note" role="note" aria-label={t('cost.aboutPrices')}>
      <p>
        <strong>{t('cost.checkPrices')}</strong>{' '}
        {t('cost.formula', {
          hours: formatPlainNumber(cost.hoursPerMonth),
          terms:
            (cost.discountPercent > 0
              ? t('cost.termsDiscount', { percent: formatPlainNumber(cost.discountPercent) })
              : t('cost.termsOnDemand')) + (own ? t('cost.termsOwnPrice') : ''),
        })}
      </p>
      {cost.sources.length > 0 && (
        <ul>
          {cost.sources.map((s) => (
            <li key={s.id}>
              <a href={s.url} rel="noreferrer noopener" target="_blank">
                {s.title}
              </a>
              {t('cost.source', {
                publisher: s.publisher,
                published: s.published ? t('cost.published', { date: s.published }) : t('cost.undated'),
                retrieved: s.retrieved,
              })}
              {s.publishedNote ? ` ${dataText(SOURCE_NOTE_TEXTS[s.id], s.publishedNote)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
