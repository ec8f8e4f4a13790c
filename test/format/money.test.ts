import { describe, expect, it } from 'vitest';
import { formatSaving, formatUsd, formatUsdPerHour } from '../../src/format/money';

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
});
