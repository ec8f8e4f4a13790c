import { lineMove, type AdviceChange } from '../../model/advice';
import type { EncodingThresholds } from '../../model/encodingThresholds';
import type { AppliedAdvice } from '../../scenario/advice';
import { THRESHOLD_LIMITS } from '../../scenario/limits';
import { formatPercent } from '../../format/quantities';
import { t } from '../../i18n';
import { lineLabel } from '../lineLabel';
import { ALLOCATOR_MESSAGES } from '../modelMessages';

/**
 * What a change is, in words, with the name of the workload it is for ('' for the line or the
 * allocator). Given the server's settings, a listpack change names only the settings it changes.
 */
export function changeText(
  change: AdviceChange | AppliedAdvice,
  workload: string,
  thresholds: EncodingThresholds | null,
): string {
  switch (change.kind) {
    case 'keyTtl':
      return t('advice.keyTtl', { workload });
    case 'dropTtl':
      return t('advice.dropTtl', { workload, share: formatPercent(change.ttlFraction * 100) });
    case 'line':
      return t('advice.line', { line: lineLabel(change.line), from: lineLabel(change.from) });
    case 'allocator':
      return t('advice.allocator', { allocator: t(ALLOCATOR_MESSAGES[change.allocator]) });
    case 'shorterKeys':
      return t('advice.shorterKeys', { workload, from: change.fromKeyBytes, to: change.keyBytes });
    case 'integerValues':
      return t('advice.integerValues', { workload });
    case 'hashBuckets':
      return t('advice.hashBuckets', { workload, bucket: change.bucket, digits: change.digits });
    case 'listpackLimit':
      return t('advice.listpackLimit', {
        workload,
        settings: Object.entries(change.config)
          .filter(([name, value]) => thresholds?.[name as keyof EncodingThresholds] !== value)
          .map(([name, value]) => `${THRESHOLD_LIMITS[name as keyof EncodingThresholds].setting} ${value}`)
          .join(', '),
      });
  }
}

/**
 * What a plan has had applied, in order, each item as the page words it: the record names its
 * workload, and a listpack change names every setting it set (they are the server's settings now).
 */
export function appliedAdviceTexts(applied: readonly AppliedAdvice[] | undefined): string[] {
  return (applied ?? []).map((item) => changeText(item, 'workload' in item ? item.workload : '', null));
}

const LINE_MOVE_COSTS = {
  upgrade: 'advice.cost.lineUpgrade',
  downgrade: 'advice.cost.lineDowngrade',
  migration: 'advice.cost.lineMigration',
} as const;

/** Its cost in plain words: what the application or the server pays for the bytes. */
export function costText(change: AdviceChange): string {
  switch (change.kind) {
    case 'keyTtl':
      return t('advice.cost.keyTtl');
    case 'dropTtl':
      return t('advice.cost.dropTtl');
    case 'line':
      return t(LINE_MOVE_COSTS[lineMove(change.from, change.line)]);
    case 'allocator':
      return t('advice.cost.allocator');
    case 'shorterKeys':
      return t('advice.cost.shorterKeys');
    case 'integerValues':
      return t('advice.cost.integerValues');
    case 'hashBuckets':
      return t('advice.cost.hashBuckets', { bucket: change.bucket });
    case 'listpackLimit':
      return t('advice.cost.listpackLimit', { entries: Math.max(0, ...Object.values(change.config).map(Number)) });
  }
}
