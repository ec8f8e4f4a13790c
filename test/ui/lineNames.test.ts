import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { describePostponed } from '../../src/ui/common/growthText';
import { lineMove } from '../../src/ui/common/lineLabel';

describe('texts name lines as the page does, never by their ids', () => {
  beforeAll(async () => {
    await withLaterMessages(Promise.resolve());
    await activateLocale('en');
  });

  it('a change request from Redis 7.0 reads "Redis 7.0 → Valkey 9.1", not "Valkey redis-7.0 → 9.1"', () => {
    expect(lineMove('redis-7.0', '9.1')).toEqual({ from: 'Redis 7.0', to: 'Valkey 9.1' });
    expect(lineMove('7.2', '9.1')).toEqual({ from: 'Valkey 7.2', to: '9.1' });
  });

  it('the growth text names the baseline by its label', () => {
    const text = describePostponed({ months: 3, atLeast: false }, 'redis-7.0', '9.1')!;
    expect(text).toContain('Redis 7.0');
    expect(text).not.toContain('redis-7.0');
  });
});
