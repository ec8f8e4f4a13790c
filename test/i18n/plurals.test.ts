import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { describeFull, describePostponed } from '../../src/ui/common/growthText';
import type { GrowthLine, GrowthProjection } from '../../src/model/growth';

const projection = (shards: number, nodesPerShard: number) =>
  ({ months: 24, keys: [], shards, capacityBytes: 1, nodesPerShard, lines: [], postponed: null }) as GrowthProjection;
const line = (monthFull: number | null) => ({ version: '9.1', monthFull }) as unknown as GrowthLine;

// The growth texts count shards, nodes and months: each language's own plural forms, not an English "s".
describe('counted words in the growth texts', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  afterAll(() => activateLocale('en'));

  it('English: one shard, two shards', async () => {
    await activateLocale('en');
    expect(describeFull(line(null), projection(1, 1))).toBe('fits 1 shard for all 24 months');
    expect(describeFull(line(7), projection(2, 2))).toBe('needs another shard (2 nodes) in month 7');
    expect(describePostponed({ months: 1, atLeast: false }, '7.2', '9.1')).toBe(
      '9.1 postpones the next shard by 1 month against 7.2.',
    );
  });

  it('Russian: 1 месяц, 3 месяца, 5 месяцев; 1 узел, 2 узла', async () => {
    await activateLocale('ru');
    expect(describePostponed({ months: 1, atLeast: false }, '7.2', '9.1')).toContain('на 1 месяц ');
    expect(describePostponed({ months: 3, atLeast: false }, '7.2', '9.1')).toContain('на 3 месяца ');
    expect(describePostponed({ months: 5, atLeast: true }, '7.2', '9.1')).toContain('как минимум на 5 месяцев ');
    expect(describeFull(line(0), projection(1, 1))).toBe('уже нужен ещё один шард (1 узел)');
    expect(describeFull(line(4), projection(1, 2))).toBe('нужен ещё один шард (2 узла) на 4-й месяц');
    expect(describeFull(line(null), projection(5, 1))).toBe('помещается в 5 шардов все 24 мес.');
  });

  it('German: 1 Monat, 2 Monate', async () => {
    await activateLocale('de');
    expect(describePostponed({ months: 1, atLeast: false }, '7.2', '9.1')).toBe(
      '9.1 schiebt den nächsten Shard gegenüber 7.2 um 1 Monat hinaus.',
    );
    expect(describePostponed({ months: 2, atLeast: false }, '7.2', '9.1')).toContain('um 2 Monate hinaus');
  });
});

describe('a count of -0', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  afterAll(() => activateLocale('en'));

  it('reads as 0 in every language, never "-0 shards" or "-0 replicas"', async () => {
    for (const locale of ['en', 'de', 'ru', 'zh-CN'] as const) {
      await activateLocale(locale);
      const text = describeFull(line(null), projection(-0, 1));
      expect(text).toMatch(/0/);
      expect(text).not.toMatch(/[-−]0/);
    }
  });
});
