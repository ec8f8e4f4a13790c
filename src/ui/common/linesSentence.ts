import { formatList } from '../../format/list';
import { t } from '../../i18n';
import { LINES, type LineFamily } from '../../model';

const FAMILY_NAMES: Record<LineFamily, string> = { valkey: 'Valkey', redis: 'Redis' };

/** The numbers of a family's lines: "7.2, 8.0 and 9.1" of "Valkey 7.2", "Valkey 8.0", "Valkey 9.1". */
function numbersOf(family: LineFamily): string[] {
  return LINES.entries.filter((e) => e.family === family).map((e) => e.fullName.slice(FAMILY_NAMES[family].length + 1));
}

/** The lines the planner knows, for the page header: "Valkey 7.2, …, 9.1, and Redis 7.0 and 7.2 to migrate from". */
export function linesSentence(): string {
  const redis = numbersOf('redis');
  const valkey = formatList(numbersOf('valkey'));
  return redis.length ? t('app.linesWithRedis', { valkey, redis: formatList(redis) }) : t('app.lines', { valkey });
}
