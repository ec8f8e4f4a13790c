import { useId } from 'react';
import { pricedRegions, type CostEstimate } from '../../model/cost';
import { parseDecimal, type ParseResult } from '../../scenario/humanInput';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { formatUsdPerHour } from '../../format/money';
import { ParsedField } from '../ParsedField';

const priceText = (v: number | undefined) => (v === undefined ? '' : String(v));

function parsePrice(text: string): ParseResult<number | undefined> {
  const t = text.replace('$', '').trim();
  return t === '' ? { ok: true, value: undefined } : parseDecimal(t, 'Price per node-hour', 0.0001, 1000);
}

/** Region, the user's own price per node-hour, and a reserved or committed-use discount. */
export function CostSettingsForm({ cost }: { cost: CostEstimate }) {
  const settings = usePlannerStore((s) => s.scenario.cost);
  const edit = usePlannerStore((s) => s.costEdited);
  const instanceType = useResolvedScenario().deployment.instanceType;
  const regionId = useId();
  const { price } = cost;
  const regions = [...new Set([...pricedRegions(), price.region])];
  const listed = price.listed ? `listed: ${formatUsdPerHour(price.listed.usdPerHour)} (${price.listed.offering})` : null;
  return (
    <fieldset className="cost-settings">
      <legend>Prices</legend>
      <div className="field">
        <label htmlFor={regionId}>Region</label>
        <select id={regionId} value={price.region} onChange={(e) => edit({ region: e.target.value })}>
          {regions.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <ParsedField<number | undefined>
        key={instanceType}
        label="Your price per node-hour (USD)"
        value={settings?.pricePerNodeHour}
        toText={priceText}
        parse={parsePrice}
        describe={(v) =>
          v !== undefined
            ? `your price${listed ? `; ${listed}` : ''}`
            : (listed ?? `no sourced price for ${instanceType} in ${price.region}: enter yours`)
        }
        onValid={(pricePerNodeHour) => edit({ pricePerNodeHour })}
      />
      <ParsedField
        label="Reserved or committed discount (%)"
        value={settings?.discountPercent ?? 0}
        parse={(t) => parseDecimal(t.replace('%', ''), 'Discount', 0, 99)}
        describe={(v) => (v === 0 ? 'on-demand prices' : `${v} % off every price`)}
        onValid={(discountPercent) => edit({ discountPercent: discountPercent === 0 ? undefined : discountPercent })}
      />
    </fieldset>
  );
}
