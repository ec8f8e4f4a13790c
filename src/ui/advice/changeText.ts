import type { AdviceChange } from '../../model/plan';
import type { EncodingThresholds } from '../../model';
import type { AppliedAdvice } from '../../scenario/advice';
import { THRESHOLD_LIMITS } from '../../scenario/limits';
import { formatPercent } from '../../format/quantities';
import { t } from '../../i18n';
import { lineLabel } from '../common/lineLabel';
import { ALLOCATOR_MESSAGES } from '../common/modelMessages';

// Apart from the costs (adviceText.ts): the exports word what was applied, and need neither the
// costs nor the model's code for them.

/**
 * What a change is, in words, with the name of the workload it is for ('' for the line or the
 * allocator). A listpack change names the settings it carries: the model puts in only those that
 * change (src/model/advice.ts).
 */
export function changeText(change: AdviceChange | AppliedAdvice, workload: string): string {
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
          .map(([name, value]) => `${THRESHOLD_LIMITS[name as keyof EncodingThresholds].setting} ${value}`)
          .join(', '),
      });
  }
}

/** What a plan has had applied, in order, each item as the page words it: the record names its workload. */
export function appliedAdviceTexts(applied: readonly AppliedAdvice[] | undefined): string[] {
  return (applied ?? []).map((item) => changeText(item, 'workload' in item ? item.workload : ''));
}
