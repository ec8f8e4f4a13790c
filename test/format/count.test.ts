import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/format/count';

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
    expect(formatCount(1e22)).toBe('1e+22');
  });
});
