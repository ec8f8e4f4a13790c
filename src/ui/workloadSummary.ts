import type { Workload } from '../scenario/schema';
import { formatCount } from '../format/count';
import { formatShare } from '../format/quantities';

const TYPE_NAMES: Record<Workload['type'], string> = {
  string: 'string',
  hash: 'hash',
  set: 'set',
  zset: 'sorted set',
  list: 'list',
};
const ELEMENT_NAMES: Record<Workload['type'], string> = {
  string: 'value',
  hash: 'value',
  set: 'member',
  zset: 'member',
  list: 'element',
};

/** A workload in one line, as a collapsed card shows it: "hash · 200,000 keys × 10 fields · key 12 B · …". */
export function workloadSummary(w: Workload): string {
  const keys = `${formatCount(w.keys)} keys`;
  const elements =
    w.type === 'string' ? keys : `${keys} × ${formatCount(w.fields ?? 1)} ${w.type === 'hash' ? 'fields' : 'elements'}`;
  const element =
    w.valueKind === 'int'
      ? `${ELEMENT_NAMES[w.type]} ${w.valueBytes}-digit integer`
      : `${ELEMENT_NAMES[w.type]} ${formatCount(w.valueBytes)} B`;
  return [
    TYPE_NAMES[w.type],
    elements,
    `key ${formatCount(w.keyBytes)} B`,
    ...(w.type === 'hash' && w.fieldBytes !== undefined ? [`field name ${formatCount(w.fieldBytes)} B`] : []),
    element,
    `TTL ${formatShare(w.ttlFraction)}`,
  ].join(' · ');
}
