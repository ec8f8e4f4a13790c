import { memo, useId } from 'react';
import { pricedRegions, type NodeHourPrice } from '../../model/cost';
import { parseDecimal, type ParseResult } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/limits';
import { usePlannerStore, useResolved } from '../../state/store';
import { formatUsdPerHour } from '../../format/money';
import { formatPlainNumber } from '../../format/count';
import { ParsedField } from '../ParsedField';
import { PercentField } from '../PercentField';
import { formatLimit } from '../inputProblemMessages';
import { t } from '../../i18n';
import { dataText } from '../dataText';
import { NODE_OFFERING_TEXTS } from './priceTexts';

const priceText = (v: number | undefined) => (v === undefined ? '' : formatLimit(v));
/** A hundredth of a cent: the least price a node-hour is quoted in (the schema takes any price above 0). */
const MIN_PRICE = 0.0001;

function parsePrice(text: string): ParseResult<number | undefined> {
  const price = text.replace('$', '').trim();
  return price === ''
    ? { ok: true, value: undefined }
    : parseDecimal(price, t('cost.yourPrice'), MIN_PRICE, LIMITS.pricePerNodeHour);
}

/**
 * Region, the user's own price per node-hour, and a reserved or committed-use discount. Given
 * the price alone, which an edit of the workloads leaves as it was (costOf keeps it).
 */
export const CostSettingsForm = memo(function CostSettingsForm({ price }: { price: NodeHourPrice }) {
  const settings = usePlannerStore((s) => s.scenario.cost);
  const edit = usePlannerStore((s) => s.costEdited);
  const instanceType = useResolved((r) => r.deployment.instanceType);
  const regionId = useId();
  const regions = [...new Set([...pricedRegions(), price.region])];
  const listed = price.listed
    ? t('cost.listed', {
        price: formatUsdPerHour(price.listed.usdPerHour),
        offering: dataText(NODE_OFFERING_TEXTS[price.listed.offering], price.listed.offering),
      })
    : null;
  return (
    <fieldset className="cost-settings">
      <legend>{t('cost.prices')}</legend>
      <div className="field">
        <label htmlFor={regionId}>{t('cost.region')}</label>
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
        label={t('cost.yourPrice')}
        value={settings?.pricePerNodeHour}
        toText={priceText}
        parse={parsePrice}
        describe={(v) =>
          v !== undefined
            ? listed
              ? t('cost.yourPriceAndListed', { listed })
              : t('cost.yourPriceNote')
            : (listed ?? t('cost.noSourcedPriceNote', { instance: instanceType, region: price.region }))
        }
        onValid={(pricePerNodeHour) => edit({ pricePerNodeHour })}
      />
      <PercentField
        label={t('cost.discount')}
        value={settings?.discountPercent ?? 0}
        scale="percent"
        min={0}
        max={LIMITS.discountPercent}
        describe={(v) => (v === 0 ? t('cost.onDemand') : t('cost.discountNote', { percent: formatPlainNumber(v) }))}
        onValid={(discountPercent) => edit({ discountPercent: discountPercent === 0 ? undefined : discountPercent })}
      />
    </fieldset>
  );
});
