import { memo, useId } from 'react';
import { ENGINE_LABELS, type Engine } from '../../data/vocabulary';
import { ecpusPerRequest, pricedRegions, type NodeHourPrice } from '../../model/plan';
import { parseDecimal, type ParseResult } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/limits';
import type { CostInput } from '../../scenario/schema';
import { usePlannerStore, useResolved } from '../../state/store';
import { formatUsdPerHour } from '../../format/money';
import { formatPlainNumber } from '../../format/count';
import { ParsedField } from '../common/ParsedField';
import { PercentField } from '../common/PercentField';
import { formatLimit } from '../common/inputProblemMessages';
import { t } from '../../i18n';
import { dataText } from '../common/dataText';
import { ELASTICACHE_OFFERING_TEXTS, NODE_OFFERING_TEXTS } from './priceTexts';

const optionalText = (v: number | undefined) => (v === undefined ? '' : formatLimit(v));
/** A hundredth of a cent: the least price a node-hour is quoted in (the schema takes any price above 0). */
const MIN_PRICE = 0.0001;

/** An empty field is no value: the listed price, or no request rate. */
function optional(parse: (text: string) => ParseResult<number>): (text: string) => ParseResult<number | undefined> {
  return (text) => (text.trim() === '' ? { ok: true, value: undefined } : parse(text));
}

const ENGINE_FIELD = { 'redis-oss': 'pricePerNodeHourRedisOss', valkey: 'pricePerNodeHourValkey' } as const;

/** The price an engine's lines use: its own, else the one typed for every engine (older links carry that). */
function ownPrice(settings: CostInput | undefined, engine: Engine): number | undefined {
  return settings?.[ENGINE_FIELD[engine]] ?? settings?.pricePerNodeHour;
}

/** A price typed for one engine: every engine's price becomes its own field, the shared one goes. */
function priceEdit(settings: CostInput | undefined, engine: Engine, price: number | undefined): CostInput {
  return {
    pricePerNodeHour: undefined,
    pricePerNodeHourRedisOss: ownPrice(settings, 'redis-oss'),
    pricePerNodeHourValkey: ownPrice(settings, 'valkey'),
    [ENGINE_FIELD[engine]]: price,
  };
}

/**
 * Region, the user's own price per node-hour for each engine the compared lines run, a reserved or
 * committed-use discount, and the request rate serverless bills in ECPUs. Given the prices alone,
 * which an edit of the workloads leaves as they were (costOf keeps them).
 */
export const CostSettingsForm = memo(function CostSettingsForm({ prices, region }: { prices: NodeHourPrice[]; region: string }) {
  const settings = usePlannerStore((s) => s.scenario.cost);
  const edit = usePlannerStore((s) => s.costEdited);
  const instanceType = useResolved((r) => r.deployment.instanceType);
  const regionId = useId();
  const regions = [...new Set([...pricedRegions(), region])];
  return (
    <fieldset className="cost-settings">
      <legend>{t('cost.prices')}</legend>
      <div className="field">
        <label htmlFor={regionId}>{t('cost.region')}</label>
        <select id={regionId} value={region} onChange={(e) => edit({ region: e.target.value })}>
          {regions.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      {prices.map((price) => {
        const label = t('cost.yourEnginePrice', { engine: ENGINE_LABELS[price.engine] });
        const listed = price.listed
          ? t('cost.listed', {
              price: formatUsdPerHour(price.listed.usdPerHour),
              offering: price.listed.engine
                ? t(ELASTICACHE_OFFERING_TEXTS[price.listed.engine])
                : dataText(NODE_OFFERING_TEXTS[price.listed.offering], price.listed.offering),
            })
          : null;
        return (
          <ParsedField<number | undefined>
            key={`${instanceType}:${price.engine}`}
            label={label}
            value={ownPrice(settings, price.engine)}
            toText={optionalText}
            parse={optional((text) => parseDecimal(text.replace('$', ''), label, MIN_PRICE, LIMITS.pricePerNodeHour))}
            describe={(v) =>
              v !== undefined
                ? listed
                  ? t('cost.yourPriceAndListed', { listed })
                  : t('cost.yourPriceNote')
                : (listed ??
                  t('cost.noSourcedPriceNote', {
                    instance: instanceType,
                    region: price.region,
                    engine: ENGINE_LABELS[price.engine],
                  }))
            }
            onValid={(v) => edit(priceEdit(settings, price.engine, v))}
          />
        );
      })}
      <PercentField
        label={t('cost.discount')}
        value={settings?.discountPercent ?? 0}
        scale="percent"
        min={0}
        max={LIMITS.discountPercent}
        describe={(v) => (v === 0 ? t('cost.onDemandReserved') : t('cost.discountNote', { percent: formatPlainNumber(v) }))}
        onValid={(discountPercent) => edit({ discountPercent: discountPercent === 0 ? undefined : discountPercent })}
      />
      <ParsedField<number | undefined>
        label={t('cost.requestsPerSecond')}
        value={settings?.requestsPerSecond}
        toText={optionalText}
        parse={optional((text) => parseDecimal(text, t('cost.requestsPerSecond'), 0, LIMITS.requestsPerSecond))}
        describe={(v) => (v === undefined ? t('cost.requestsNone') : t('cost.requestsNote', { requests: v }))}
        onValid={(requestsPerSecond) => edit({ requestsPerSecond })}
      />
      <ParsedField<number | undefined>
        label={t('cost.kbPerRequest')}
        value={settings?.kbPerRequest}
        toText={optionalText}
        parse={optional((text) => parseDecimal(text, t('cost.kbPerRequest'), 0.001, LIMITS.kbPerRequest))}
        describe={(v) => t('cost.kbPerRequestNote', { ecpus: formatPlainNumber(ecpusPerRequest({ kbPerRequest: v })) })}
        onValid={(kbPerRequest) => edit({ kbPerRequest })}
      />
    </fieldset>
  );
});
