import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortIds } from '../../scripts/messageCatalogs';
import { activateLocale, t as runtimeT, withLaterMessages, type MessageId, type MessageValues } from '../../src/i18n';
import { describeGrowth } from '../../src/ui/common/growthText';
import { infoRefusalMessage } from '../../src/ui/serverInfo/infoMessages';

/**
 * Russian has three forms of a counted noun: 1 and 21 ключ, 2 and 1 234 ключа, 5 ключей. A message
 * can choose the form only when it gets the count itself, not a figure already written out.
 */
/** The page's modules name a message by its short id (the build rewrites them); a test names it in full. */
const SHORT = shortIds();
const t = (id: MessageId, values: MessageValues) => runtimeT(SHORT.get(id) as MessageId, values);

const COUNTS = [1, 2, 5, 21, 1234] as const;
type Form = 'one' | 'few' | 'many';
const russianForm = (n: number) => new Intl.PluralRules('ru').select(n) as Form;
const written = (n: number) => new Intl.NumberFormat('ru').format(n);

interface Counted {
  id: MessageId;
  /** The message's values with the count `n` where the noun is counted. */
  values: (n: number) => MessageValues;
  /** The counted words in each form, `#` standing for the figure. */
  forms: Record<Form, string>;
}

const KEYS = { one: '# ключ', few: '# ключа', many: '# ключей' };
const BYTES = { one: '# байт', few: '# байта', many: '# байт' };
const COUNTED: Counted[] = [
  { id: 'capacity.mixKeys', values: (n) => ({ keys: n }), forms: KEYS },
  { id: 'cost.growth.keysPerMonth', values: (n) => ({ keys: n }), forms: KEYS },
  { id: 'growth.keysAddedNote', values: (n) => ({ keys: n }), forms: KEYS },
  { id: 'cost.growth.writesTimesTtl', values: (n) => ({ writes: 3, ttl: '60', keys: n }), forms: KEYS },
  {
    id: 'cost.growth.writesTimesTtl',
    values: (n) => ({ writes: n, ttl: '60', keys: 7 }),
    forms: { one: '# запись/с', few: '# записи/с', many: '# записей/с' },
  },
  {
    id: 'info.refusal.tooLong',
    values: (n) => ({ length: n }),
    forms: { one: '# символ', few: '# символа', many: '# символов' },
  },
  { id: 'info.refusal.tooManyKeysInTotal', values: (n) => ({ keys: n, limit: 9e12 }), forms: KEYS },
  { id: 'info.refusal.keysAboveMemory', values: (n) => ({ keys: n, usedMemory: 9, minBytesPerKey: 9 }), forms: KEYS },
  { id: 'info.refusal.keysAboveMemory', values: (n) => ({ keys: 9, usedMemory: n, minBytesPerKey: 9 }), forms: BYTES },
  { id: 'info.refusal.keysAboveMemory', values: (n) => ({ keys: 9, usedMemory: 9, minBytesPerKey: n }), forms: BYTES },
  { id: 'info.refusal.fieldTooLarge', values: (n) => ({ field: 'used_memory', value: n, limit: 9e15 }), forms: BYTES },
  {
    id: 'info.refusal.partsAboveUsedMemory',
    values: (n) => ({ fields: 'a, b', total: n, usedMemory: 9 }),
    forms: BYTES,
  },
  {
    id: 'advice.cost.listpackLimit',
    values: (n) => ({ entries: n }),
    forms: { one: 'до # записи', few: 'до # записей', many: 'до # записей' },
  },
  {
    id: 'advice.hashBuckets',
    values: (n) => ({ workload: 'w', bucket: n, digits: 2 }),
    forms: { one: 'по # полю', few: 'по # поля', many: 'по # полей' },
  },
  {
    id: 'advice.hashBuckets',
    values: (n) => ({ workload: 'w', bucket: 100, digits: n }),
    forms: { one: 'последняя # цифра', few: 'последние # цифры', many: 'последние # цифр' },
  },
  {
    id: 'advice.cost.hashBuckets',
    values: (n) => ({ bucket: n }),
    forms: { one: 'до # поля', few: 'до # полей', many: 'до # полей' },
  },
  {
    id: 'advice.shorterKeys',
    values: (n) => ({ workload: 'w', to: n, from: 40 }),
    forms: { one: 'по # байту', few: 'по # байта', many: 'по # байт' },
  },
  {
    id: 'rdb.unplannedStream',
    values: (n) => ({ key: 'k', entries: n, bytes: '1 KB' }),
    forms: { one: 'из # записи', few: 'из # записей', many: 'из # записей' },
  },
  {
    id: 'cost.requestsNote',
    values: (n) => ({ requests: n }),
    forms: { one: '# операция', few: '# операции', many: '# операций' },
  },
  {
    id: 'workload.distributionBins',
    values: (n) => ({ field: 'f', count: n, from: '1', to: '9' }),
    forms: { one: '# размер', few: '# размера', many: '# размеров' },
  },
  {
    id: 'linkError.tooLong',
    values: (n) => ({ length: n, limit: 9 }),
    forms: { one: '# символ', few: '# символа', many: '# символов' },
  },
  {
    id: 'summary.valueDigits',
    values: (n) => ({ digits: n }),
    forms: { one: 'из # цифры', few: 'из # цифр', many: 'из # цифр' },
  },
  {
    id: 'breakdown.measuredPoint',
    values: (n) => ({ measured: '64 B', release: '7.2', keys: n, under: '1 B' }),
    forms: { one: 'при # ключе', few: 'при # ключах', many: 'при # ключах' },
  },
  { id: 'workload.keysNote', values: (n) => ({ keys: n }), forms: KEYS },
  { id: 'workload.bytes', values: (n) => ({ count: n }), forms: BYTES },
  {
    id: 'workload.digitIntegers',
    values: (n) => ({ digits: n }),
    forms: { one: 'из # цифры', few: 'из # цифр', many: 'из # цифр' },
  },
  {
    id: 'capacity.intro',
    values: (n) => ({ shards: n, instance: 'cache.r7g.large', baseline: '7.2', room: '10 GB' }),
    forms: { one: 'В # шарде', few: 'В # шардах', many: 'В # шардах' },
  },
  {
    id: 'throughput.nearest',
    values: (n) => ({ named: n, threads: '3', cores: '9' }),
    forms: { one: 'для # ядра', few: 'для # ядер', many: 'для # ядер' },
  },
];

describe('a counted noun in Russian agrees with its count', () => {
  beforeAll(async () => {
    await withLaterMessages(Promise.resolve());
    await activateLocale('ru');
  });
  afterAll(() => activateLocale('en'));

  it.each(COUNTED.map((c) => [c.id, Object.values(c.forms).join(' / '), c] as const))('%s: %s', (_id, _forms, counted) => {
    for (const n of COUNTS) {
      const words = counted.forms[russianForm(n)].replace('#', written(n));
      const text = t(counted.id, counted.values(n));
      // "1 ключ" must not pass inside "1 ключей": the counted word ends where the letters do.
      expect(text, `${n}`).toMatch(new RegExp(`${words.replace(/[/.]/g, (c) => `\\${c}`)}(?![а-яё])`));
    }
  });

  it('the growth assumption and an INFO refusal pass the count, not a written figure', () => {
    expect(describeGrowth({ kind: 'keysPerMonth', keysPerMonth: 21 })).toMatch(/21 ключ(?![а-яё])/);
    expect(describeGrowth({ kind: 'writesTimesTtl', writesPerSecond: 2, ttlSeconds: 617 })).toMatch(
      /2 записи\/с.* 1\u00a0234 ключа/,
    );
    expect(infoRefusalMessage({ code: 'tooLong', length: 2_000_001 })).toContain('2\u00a0000\u00a0001 символ,');
    expect(infoRefusalMessage({ code: 'keysAboveMemory', keys: 1_000_002, usedMemory: 1_782_579, minBytesPerKey: 52 })).toMatch(
      /^1\u00a0000\u00a0002 ключа .* 1\u00a0782\u00a0579 байт .* 52 байта/,
    );
  });
});

describe('a count written out before it reaches its message', () => {
  beforeAll(async () => {
    await withLaterMessages(Promise.resolve());
    await activateLocale('en');
  });

  it('is refused while developing and testing, naming the message and the argument', () => {
    expect(() => t('capacity.mixKeys', { keys: '1,234' })).toThrow(/\{keys\} is a count: pass the number, not "1,234"/);
    expect(() => t('info.refusal.moreTtlThanKeys', { db: '0', expires: '1,200', keys: 1000 })).toThrow(/\{expires\}/);
    expect(t('capacity.mixKeys', { keys: 1234 })).toBe('1,234 keys');
  });
});

describe('a month by its number in Russian', () => {
  beforeAll(async () => {
    await withLaterMessages(Promise.resolve());
    await activateLocale('ru');
  });
  afterAll(() => activateLocale('en'));

  // "в месяц 4" reads as "per month"; the month a thing happens in is an ordinal.
  it('reads "на 4-й месяц", never "в месяц 4"', () => {
    expect(t('cost.growthWorkload', { name: 'a', growth: 'b', now: '1', months: 24, later: '2' })).toContain('на 24-й месяц: 2');
    expect(t('cost.runsOut.inMonth', { nodes: 2, month: 4 })).toBe('нужен ещё один шард (2 узла) на 4-й месяц');
  });
});

describe('the same messages in English, German and Chinese', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  afterAll(() => activateLocale('en'));

  it('English: one key, 1,234 keys', async () => {
    await activateLocale('en');
    expect(t('capacity.mixKeys', { keys: 1 })).toBe('1 key');
    expect(t('capacity.mixKeys', { keys: 1234 })).toBe('1,234 keys');
    expect(describeGrowth({ kind: 'keysPerMonth', keysPerMonth: 2_000_000 })).toBe('adds 2,000,000 keys a month');
  });

  it('German: ein Schlüssel, 1.234 Bytes', async () => {
    await activateLocale('de');
    expect(t('growth.keysAddedNote', { keys: 1234 })).toBe('+1.234 Schlüssel im Monat');
    expect(t('info.refusal.fieldTooLarge', { field: 'x', value: 1234, limit: 5000 })).toContain('1.234 Bytes');
  });

  it('Chinese: the count written the Chinese way', async () => {
    await activateLocale('zh-CN');
    expect(t('capacity.mixKeys', { keys: 1234 })).toBe('1,234 个键');
  });
});
