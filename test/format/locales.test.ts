import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/format/count';
import { formatList } from '../../src/format/list';
import { formatUsd, formatUsdPerHour } from '../../src/format/money';
import {
  formatBilledGigabytes,
  formatBytes,
  formatBytesPerKey,
  formatShare,
  formatSignedPercent,
} from '../../src/format/quantities';

/** No-break space (between a figure and its unit) and narrow no-break space (Intl's grouping in Russian). */
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('figures in each language', () => {
  it.each([
    ['en', '64.02 B', '1.50 GiB', '1.61 GB', '632,000', '−37.5 %', '40 %', '$2,144.45', '$0.0816/h', '7.2, 8.0 and 9.1'],
    [
      'ru',
      `64,02${NBSP}Б`,
      `1,50${NBSP}ГиБ`,
      `1,61${NBSP}ГБ`,
      `632${NBSP}000`,
      `−37,5${NBSP}%`,
      `40${NBSP}%`,
      `2${NBSP}144,45${NBSP}$`,
      `0,0816${NBSP}$/ч`,
      '7.2, 8.0 и 9.1',
    ],
    [
      'zh-CN',
      '64.02\u00a0B',
      '1.50\u00a0GiB',
      '1.61\u00a0GB',
      '632,000',
      '−37.5%',
      '40%',
      'US$2,144.45',
      'US$0.0816/小时',
      '7.2、8.0和9.1',
    ],
    [
      'de',
      `64,02${NBSP}B`,
      `1,50${NBSP}GiB`,
      `1,61${NBSP}GB`,
      '632.000',
      `−37,5${NBSP}%`,
      `40${NBSP}%`,
      `2.144,45${NBSP}$`,
      `0,0816${NBSP}$/h`,
      '7.2, 8.0 und 9.1',
    ],
  ] as const)('%s', (locale, perKey, gib, gb, count, change, share, usd, perHour, list) => {
    expect(formatBytesPerKey(64.02, locale)).toBe(perKey);
    expect(formatBytes(1.5 * 2 ** 30, 'binary', locale)).toBe(gib);
    expect(formatBytes(1.5 * 2 ** 30, 'decimal', locale)).toBe(gb);
    // Russian groups digits with a (narrow) no-break space, whichever the runtime's ICU uses.
    expect(formatCount(632_000, locale).replace(NNBSP, NBSP)).toBe(count);
    expect(formatSignedPercent(-37.5, locale)).toBe(change);
    expect(formatShare(0.4, locale)).toBe(share);
    expect(formatUsd(2144.448, locale).replace(NNBSP, NBSP)).toBe(usd);
    expect(formatUsdPerHour(0.0816, locale)).toBe(perHour);
    expect(formatList(['7.2', '8.0', '9.1'], locale)).toBe(list);
  });

  it('writes Russian binary units in Cyrillic, as the readers do', () => {
    expect(formatBytes(512 * 2 ** 20, 'binary', 'ru')).toBe(`512,0${NBSP}МиБ`);
    expect(formatBytes(3 * 2 ** 40, 'binary', 'ru')).toBe(`3,00${NBSP}ТиБ`);
    expect(formatBytes(1234, 'decimal', 'ru')).toBe(`1,23${NBSP}кБ`);
  });

  it("writes the gigabytes a serverless offering bills in the language's own way", () => {
    // The minimum ElastiCache Serverless bills for Valkey: 100 MB.
    expect(formatBilledGigabytes(0.1, 'binary', 'en')).toBe('0.10 GiB');
    expect(formatBilledGigabytes(0.1, 'binary', 'ru')).toBe(`0,10${NBSP}ГиБ`);
    expect(formatBilledGigabytes(0.1, 'binary', 'de')).toBe(`0,10${NBSP}GiB`);
    expect(formatBilledGigabytes(0.1, 'binary', 'zh-CN')).toBe(`0.10${NBSP}GiB`);
  });

  it('writes the billed gigabytes in the units the reader chose: 27.79 GiB is 29.84 GB', () => {
    expect(formatBilledGigabytes(27.79, 'binary', 'en')).toBe('27.79 GiB');
    expect(formatBilledGigabytes(27.79, 'decimal', 'en')).toBe('29.84 GB');
    expect(formatBilledGigabytes(27.79, 'decimal', 'ru')).toBe(`29,84${NBSP}ГБ`);
  });

  it('keeps English as it always was: the command line and the pinned figures rely on it', () => {
    expect(formatBytes(1234, 'decimal', 'en')).toBe('1.23 KB');
    expect(formatShare(0.125, 'en')).toBe('12.5 %');
    expect(formatSignedPercent(0, 'en')).toBe('0.0 %');
  });
});
