import type { EncodingThresholds } from '../../model/encodingThresholds';
import type { ResolvedScenario } from '../../model/input';
import { allocatorOn } from '../../model/estimate';
import type { LineId } from '../../model/lineRegistry';
import type { Scenario } from '../../scenario/schema';
import { formatBytes } from '../../format/quantities';
import { formatCount } from '../../format/count';
import { lineLabel } from '../lineLabel';
import {
  allocatorAssumed,
  assumptionMessages,
  baselineAssumed,
  fragmentationAssumed,
  headroomAssumed,
  instanceAssumed,
  thresholdAssumed,
  uniformKeys,
} from './messages';
import { reserveAssumed } from '../deployment/messages';

/** The settings each type's encoding depends on, in valkey.conf's spelling. */
const THRESHOLDS_OF: Record<string, Array<[keyof EncodingThresholds, string]>> = {
  hash: [
    ['hashMaxListpackEntries', 'hash-max-listpack-entries'],
    ['hashMaxListpackValue', 'hash-max-listpack-value'],
  ],
  set: [
    ['setMaxIntsetEntries', 'set-max-intset-entries'],
    ['setMaxListpackEntries', 'set-max-listpack-entries'],
    ['setMaxListpackValue', 'set-max-listpack-value'],
  ],
  zset: [
    ['zsetMaxListpackEntries', 'zset-max-listpack-entries'],
    ['zsetMaxListpackValue', 'zset-max-listpack-value'],
  ],
  list: [['listMaxListpackSize', 'list-max-listpack-size']],
  string: [],
};

/**
 * What went into one workload's figures on one line without being typed: the defaults the
 * scenario leaves unset, and the model's own simplification that every key of a workload is
 * alike. Read from the scenario as given (what is unset) and as resolved (the value used).
 */
export function assumptionsFor(given: Scenario, used: ResolvedScenario, workloadIndex: number, line: LineId): string[] {
  const w = used.workloads[workloadIndex];
  const typed = given.workloads[workloadIndex];
  if (!w || !typed) return [];
  const value = w.valueKind === 'int' ? `${w.valueBytes}-digit integers` : `${formatCount(w.valueBytes)} B`;
  const list = [uniformKeys(w.name, w.type, w.fields, w.fieldBytes, value)];
  if (w.type === 'string' && typed.valueKind === undefined) list.push(assumptionMessages.stringValues);
  if (w.type === 'hash' && typed.fieldTtlFraction === undefined) list.push(assumptionMessages.noFieldTtl);
  if (!given.allocator) list.push(allocatorAssumed(allocatorOn(used, line), lineLabel(line)));
  if (given.deployment?.cluster === undefined) list.push(assumptionMessages.standalone);
  for (const [key, setting] of THRESHOLDS_OF[w.type] ?? []) {
    if (given.config?.[key] === undefined) list.push(thresholdAssumed(setting, used.thresholds[key]));
  }
  const d = given.deployment ?? {};
  if (d.fragmentationRatio === undefined) list.push(fragmentationAssumed(used.deployment.fragmentationRatio));
  if (d.headroomPercent === undefined) list.push(headroomAssumed(used.deployment.headroomPercent));
  if (d.reservedPercent === undefined) list.push(reserveAssumed);
  if (d.processBaselineBytes === undefined) list.push(baselineAssumed(formatBytes(used.deployment.processBaselineBytes)));
  if (d.instanceType === undefined) list.push(instanceAssumed(used.deployment.instanceType));
  if (d.replicas === undefined) list.push(assumptionMessages.replicas);
  if (d.shards === undefined) list.push(assumptionMessages.shards);
  return list;
}
