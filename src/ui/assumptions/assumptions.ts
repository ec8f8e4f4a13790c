import { fieldText } from '../fieldText';
import type { EncodingThresholds } from '../../model/encodingThresholds';
import type { ResolvedScenario } from '../../model/input';
import { allocatorOn } from '../../model/estimate';
import type { LineId } from '../../model/lineRegistry';
import type { Scenario } from '../../scenario/schema';
import { THRESHOLD_LIMITS } from '../../scenario/limits';
import { numericDefault, workloadFields } from '../../scenario/workloadFields';
import { formatBytes, formatExactBytes } from '../../format/quantities';
import { lineLabel } from '../lineLabel';
import { numberFormat, formatLocale } from '../../format/locale';
import type { DataType } from '../../data/vocabulary';
import { t, type MessageId } from '../../i18n';

/** The settings each type's encoding depends on (their valkey.conf names: THRESHOLD_LIMITS). */
const THRESHOLDS_OF: Record<DataType, Array<keyof EncodingThresholds>> = {
  hash: ['hashMaxListpackEntries', 'hashMaxListpackValue'],
  set: ['setMaxIntsetEntries', 'setMaxListpackEntries', 'setMaxListpackValue'],
  zset: ['zsetMaxListpackEntries', 'zsetMaxListpackValue'],
  list: ['listMaxListpackSize'],
  string: [],
};

/** How many fields, elements or members each key of a collection holds. */
const COUNT_EACH: Record<Exclude<DataType, 'string'>, MessageId> = {
  hash: 'assumptions.fieldsEach',
  set: 'assumptions.membersEach',
  zset: 'assumptions.membersEach',
  list: 'assumptions.elementsEach',
};

/** "every key of "sessions" alike, 10 fields each, field names of 8 B, field values of 100 B" */
function uniformKeys(name: string, type: DataType, count: number | undefined, fieldBytes: number | undefined, size: string) {
  return [
    t('assumptions.uniform', { name }),
    ...(type === 'string' ? [] : [t(COUNT_EACH[type], { count: count ?? numericDefault('fields') })]),
    ...(type === 'hash'
      ? [t('assumptions.fieldNames', { size: formatExactBytes(fieldBytes ?? numericDefault('fieldBytes')) })]
      : []),
    t('assumptions.values', { type, size }),
    ...(type === 'zset' ? [t('assumptions.zsetScores')] : []),
  ].join(t('assumptions.separator'));
}

/**
 * What went into one workload's figures on one line without being typed: the defaults the
 * scenario leaves unset, and the model's own simplification that every key of a workload is
 * alike. Read from the scenario as given (what is unset) and as resolved (the value used).
 */
export function assumptionsFor(given: Scenario, used: ResolvedScenario, workloadIndex: number, line: LineId): string[] {
  const w = used.workloads[workloadIndex];
  const typed = given.workloads[workloadIndex];
  if (!w || !typed) return [];
  const value = w.valueKind === 'int' ? t('assumptions.intDigits', { digits: w.valueBytes }) : formatExactBytes(w.valueBytes);
  const list = [uniformKeys(w.name, w.type, w.fields, w.fieldBytes, value)];
  // What the specification says the model assumes of a field left unset (values as bytes, no hash-field TTLs).
  for (const field of workloadFields) {
    const assumed = field.assumedWhenUnset;
    if (assumed?.types.includes(w.type) && (typed as Record<string, unknown>)[field.key] === undefined)
      list.push(fieldText(assumed.id));
  }
  if (!given.allocator) list.push(t('assumptions.allocator', { allocator: allocatorOn(used, line), line: lineLabel(line) }));
  if (given.deployment?.cluster === undefined) list.push(t('assumptions.standalone'));
  for (const key of THRESHOLDS_OF[w.type]) {
    const setting = THRESHOLD_LIMITS[key].setting;
    if (given.config?.[key] === undefined) list.push(t('assumptions.threshold', { setting, value: used.thresholds[key] }));
  }
  const d = given.deployment ?? {};
  const ratio = numberFormat(formatLocale(), { maximumFractionDigits: 3 }).format(used.deployment.fragmentationRatio);
  if (d.fragmentationRatio === undefined) list.push(t('assumptions.fragmentation', { ratio }));
  if (d.headroomPercent === undefined) list.push(t('assumptions.headroom', { percent: used.deployment.headroomPercent }));
  if (d.reservedPercent === undefined) list.push(t('assumptions.noReserve'));
  if (d.processBaselineBytes === undefined) {
    list.push(t('assumptions.baseline', { size: formatBytes(used.deployment.processBaselineBytes) }));
  }
  if (d.instanceType === undefined) list.push(t('assumptions.instance', { id: used.deployment.instanceType }));
  if (d.replicas === undefined) list.push(t('assumptions.replicas'));
  if (d.shards === undefined) list.push(t('assumptions.shards'));
  return list;
}
