import type { Workload } from '../../scenario/schema';
import { numericDefault, oneSizeOf } from '../../scenario/workloadFields';
import { formatCount } from '../../format/count';
import { formatExactBytes, formatShare } from '../../format/quantities';
import { t, type MessageId } from '../../i18n';

/** The data types as the page names them ("sorted set" for zset). */
export const TYPE_MESSAGES: Record<Workload['type'], MessageId> = {
  string: 'type.string',
  hash: 'type.hash',
  set: 'type.set',
  zset: 'type.zset',
  list: 'type.list',
};
const ELEMENT_MESSAGES: Record<Workload['type'], { bytes: MessageId; digits: MessageId }> = {
  string: { bytes: 'summary.valueBytes', digits: 'summary.valueDigits' },
  hash: { bytes: 'summary.valueBytes', digits: 'summary.valueDigits' },
  set: { bytes: 'summary.memberBytes', digits: 'summary.memberDigits' },
  zset: { bytes: 'summary.memberBytes', digits: 'summary.memberDigits' },
  list: { bytes: 'summary.elementBytes', digits: 'summary.elementDigits' },
};

/** A workload in one line, as a collapsed card shows it: "hash · 200,000 keys × 10 fields · key 12 B · …". */
export function workloadSummary(workload: Workload): string {
  // A size that varies reads as its mean, to the whole size, as the model's one figure does.
  const w = oneSizeOf(workload);
  const keys = formatCount(w.keys);
  const fields = w.fields ?? numericDefault('fields');
  const count = formatCount(fields);
  // n and m choose the word ("1 key", "2 keys"); keys and count are the figures as written.
  const plurals = { n: w.keys, m: fields };
  const elements =
    w.type === 'string'
      ? t('summary.keys', { keys, ...plurals })
      : w.type === 'hash'
        ? t('summary.keysTimesFields', { keys, count, ...plurals })
        : t('summary.keysTimesElements', { keys, count, ...plurals });
  const messages = ELEMENT_MESSAGES[w.type];
  const element =
    w.valueKind === 'int'
      ? t(messages.digits, { digits: w.valueBytes })
      : t(messages.bytes, { size: formatExactBytes(w.valueBytes) });
  return [
    t(TYPE_MESSAGES[w.type]),
    elements,
    t('summary.keyBytes', { size: formatExactBytes(w.keyBytes) }),
    ...(w.type === 'hash' && w.fieldBytes !== undefined
      ? [t('summary.fieldNameBytes', { size: formatExactBytes(w.fieldBytes) })]
      : []),
    element,
    t('summary.ttl', { share: formatShare(w.ttlFraction) }),
  ].join(' · ');
}
