import { describe, expect, it } from 'vitest';
import { fixedDecimals, formatCount, formatPlainNumber } from '../../src/format/count';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [632_120, '632,120'],
    [1_000_000_000_000, '1,000,000,000,000'],
    [-1234567, '-1,234,567'],
    [1499.5, '1,500'],
    [-0.2, '0'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('%s -> %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('matches the en-US grouping for whole numbers', () => {
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 98765432109])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves what is not a finite number readable', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Infinity)).toBe('Infinity');
  });

  it('writes every digit at any magnitude, never an exponent (5.78e+21 nodes)', () => {
    expect(formatCount(1e22)).toBe('10,000,000,000,000,000,000,000');
    expect(formatCount(5.78666286960447e21)).toBe('5,786,662,869,604,470,000,000');
    expect(formatCount(-1e21)).toBe('-1,000,000,000,000,000,000,000');
  });
});

describe('fixedDecimals', () => {
  it('is toFixed below 1e21 and the whole digits past it', () => {
    expect(fixedDecimals(1234.5, 2)).toBe('1234.50');
    expect(fixedDecimals(62507632629705547776, 2)).toBe('62507632629705547776.00');
    expect(fixedDecimals(3.8329680328535447e21, 2)).toBe('3832968032853544700000.00');
    expect(fixedDecimals(-2e21, 1)).toBe('-2000000000000000000000.0');
  });
});

describe('formatPlainNumber', () => {
  it('writes a typed number without an exponent: a discount of 1e-7 % is "0.0000001 %"', () => {
    expect(formatPlainNumber(1e-7, 'en')).toBe('0.0000001');
    expect(formatPlainNumber(12.5, 'en')).toBe('12.5');
    expect(formatPlainNumber(-0, 'en')).toBe('0');
    expect(formatPlainNumber(12.5, 'de')).toBe('12,5');
    expect(formatPlainNumber(5.78e21, 'en')).not.toMatch(/e/);
  });
});
