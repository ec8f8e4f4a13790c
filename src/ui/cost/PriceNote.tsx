import type { CostEstimate } from '../../model/cost';

/** Where the prices come from, when, and that they are to be checked before buying anything. */
export function PriceNote({ cost }: { cost: CostEstimate }) {
  const own = cost.price.origin === 'override';
  return (
    <div className="note price-note" role="note" aria-label="About these prices">
      <p>
        <strong>Check every price on the provider&apos;s pricing page before any purchase.</strong> Money is nodes × price per
        node-hour × {cost.hoursPerMonth} hours a month (× 12 a year)
        {cost.discountPercent > 0 ? `, less a ${cost.discountPercent} % discount` : ', on-demand'}
        {own ? ', at the price you entered' : ''}. Serverless bills the dataset per GB-hour, at least its minimum per cache.
      </p>
      {cost.sources.length > 0 && (
        <ul>
          {cost.sources.map((s) => (
            <li key={s.id}>
              <a href={s.url} rel="noreferrer noopener" target="_blank">
                {s.title}
              </a>
              , {s.publisher}: {s.published ? `published ${s.published}` : 'undated'}, prices read {s.retrieved}.
              {s.publishedNote ? ` ${s.publishedNote}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
