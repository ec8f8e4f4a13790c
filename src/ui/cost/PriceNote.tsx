import type { CostEstimate } from '../../model/plan';
import { t } from '../../i18n';
import { formatPlainNumber } from '../../format/count';
import { dataText } from '../common/dataText';
import { SOURCE_NOTE_TEXTS } from './priceTexts';

/** Where the prices come from, when, and that they are to be checked before buying anything. */
export function PriceNote({ cost }: { cost: CostEstimate }) {
  const own = cost.prices.some((p) => p.origin === 'override');
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
      <p>{t('cost.reservedNote')}</p>
      {cost.repositorySources.length > 0 && (
        <ul>
          {cost.repositorySources.map((s) => (
            <li key={s.id}>
              {t(s.readOn ? 'cost.repositorySource' : 'cost.repositorySourceUndated', {
                region: s.region,
                path: s.path,
                repository: s.repository,
                commit: s.commit.slice(0, 12),
                readOn: s.readOn ?? '',
                copiedOn: s.copiedOn,
              })}{' '}
              <a href={s.url} rel="noreferrer noopener" target="_blank">
                {t('cost.repositoryLink', { repository: s.repository })}
              </a>{' '}
              {t('cost.repositoryCaveat')}
            </li>
          ))}
        </ul>
      )}
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
