import { lineMove, type AdviceChange } from '../../model/plan';
import { t } from '../../i18n';

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
