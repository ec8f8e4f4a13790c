import { describe, expect, it } from 'vitest';
import { formatSaving, formatUsd, formatUsdPerHour, savingFigures } from '../../src/format/money';

describe('money formatting', () => {
  it.each([
    [178.704, '$178.70'],
    [2144.448, '$2,144.45'],
    [0, '$0.00'],
    [-59.568, '-$59.57'],
    [1234567.891, '$1,234,567.89'],
    [0.004, '$0.00'],
  ])('%d reads %s', (amount, text) => expect(formatUsd(amount)).toBe(text));

  it.each([
    [0.0816, '$0.0816/h'],
    [0.25, '$0.25/h'],
    [1.5, '$1.50/h'],
    [0.43712, '$0.4371/h'],
    [0.084, '$0.084/h'],
  ])('%d per hour reads %s', (amount, text) => expect(formatUsdPerHour(amount)).toBe(text));
});

describe('a saving in words', () => {
  it.each([
    [{ perMonth: 59.568, percent: 100 / 3 }, 'saves $59.57/month (33.3 %)'],
    [{ perMonth: -12, percent: -5 }, 'costs $12.00/month (5.0 %)'],
    [{ perMonth: 0.001, percent: 0 }, 'same'],
    [null, '–'],
  ])('%j reads %s', (saving, text) => expect(formatSaving(saving)).toBe(text));

  it("gives the page the same figures in its language's format, for its own words", () => {
    expect(savingFigures({ perMonth: 119.136, percent: 50 }, 'ru')).toEqual({
      kind: 'saves',
      perMonth: formatUsd(119.136, 'ru'),
      percent: '50,0\u00a0%',
    });
    expect(savingFigures({ perMonth: -12, percent: null }, 'de')).toEqual({
      kind: 'costs',
      perMonth: '12,00\u00a0$',
      percent: null,
    });
    expect(savingFigures({ perMonth: 0.004, percent: 0 }, 'zh-CN')).toEqual({ kind: 'same' });
  });
});

describe('money and sizes at any magnitude', () => {
  it('an extreme but valid plan is written digit by digit, never "$3.8329680328535447e+21.12"', () => {
    expect(formatUsd(3.8329680328535447e21)).toBe('$3,832,968,032,853,544,700,000.00');
    expect(formatUsd(3.8329680328535447e21, 'de')).not.toMatch(/e\+/);
  });

  it('sizes, bytes per key and percentages past 1e21 have no exponent', async () => {
    const { formatBilledGigabytes, formatBytes, formatBytesPerKey, formatPercent } = await import('../../src/format/quantities');
    for (const text of [
      formatBytes(1e40),
      formatBytes(1e40, 'decimal'),
      formatBytesPerKey(1e22),
      formatBilledGigabytes(6.25e22),
      formatPercent(1e23),
    ])
      expect(text).not.toMatch(/e[+-]?\d/);
    expect(formatBytes(1e40)).toMatch(/^[\d.]+ PiB$/);
  });

  it('a negative percentage has the minus sign of the signed figures beside it, not a hyphen', async () => {
    const { formatPercent } = await import('../../src/format/quantities');
    expect(formatPercent(-0.94)).toBe('−0.9 %');
    expect(formatPercent(-0.04)).toBe('0.0 %');
    expect(formatPercent(-0.94, 'de')).toBe('−0,9\u00a0%');
  });
});
