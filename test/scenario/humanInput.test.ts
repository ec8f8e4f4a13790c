import { describe, expect, it } from 'vitest';
import { parseBytes, parseCount, parseDecimal, parseShare, parseSignedCount, type Parsed } from '../../src/scenario/humanInput';
import { inputProblemText } from '../../src/scenario/inputProblem';

const value = (r: Parsed) => (r.ok ? r.value : inputProblemText(r.error));

describe('what people type', () => {
  it.each([
    ['632k', 632_000],
    ['1.5M', 1_500_000],
    ['2,000,000', 2_000_000],
    ['2.7k', 2700],
    ['1e6', 1_000_000],
  ])('count %s = %d', (text, n) => expect(value(parseCount(text, 'Keys', 0, 1e12))).toBe(n));

  it.each([
    ['16', 16],
    ['2 KiB', 2048],
    ['1.5kb', 1500],
    ['700 B', 700],
    ['1M', 1024 ** 2],
  ])('size %s = %d bytes', (text, n) => expect(value(parseBytes(text, 'Value', 0, 1e9))).toBe(n));

  // One rule for every percentage and share field: a number is a percent, with or without its sign.
  it.each([
    ['40%', 0.4],
    ['40', 0.4],
    ['0.4', 0.004],
    ['1', 0.01],
    ['2', 0.02],
    ['100 %', 1],
  ])('share %s = %f', (text, n) => expect(value(parseShare(text, 'TTL', 'en'))).toBeCloseTo(n, 10));

  it('names the problem instead of clamping', () => {
    expect(value(parseCount('-5', 'Keys', 0, 1e12))).toBe('Keys cannot be negative');
    expect(value(parseCount('1e15', 'Keys', 0, 1e12))).toMatch(/above the supported maximum of 1,000,000,000,000/);
    expect(value(parseCount('1.5', 'Keys', 0, 10))).toBe('Keys must be a whole number');
    expect(value(parseCount('lots', 'Keys', 0, 10))).toMatch(/not a number/);
    expect(value(parseCount('', 'Keys', 0, 10))).toBe('Keys is empty');
    expect(value(parseShare('150%', 'TTL'))).toMatch(/from 0 to 100 %/);
    expect(value(parseBytes('3 parsecs', 'Value', 0, 10))).toMatch(/not a size/);
  });

  it('decimals and signed counts', () => {
    expect(value(parseDecimal('1.15', 'Ratio', 1, 5))).toBe(1.15);
    expect(value(parseDecimal('0.9', 'Ratio', 1, 5))).toBe('Ratio is at least 1');
    expect(value(parseDecimal('x', 'Ratio', 1, 5))).toMatch(/a number/);
    expect(value(parseSignedCount('-2', 'list-max-listpack-size', -5, 1e6))).toBe(-2);
    expect(value(parseSignedCount('-6', 'list-max-listpack-size', -5, 1e6))).toBe('list-max-listpack-size is at least -5');
    expect(value(parseSignedCount('128', 'size', -5, 1e6))).toBe(128);
  });

  it('says what is wrong as a code and its figures, for the page to put in its language', () => {
    expect(parseCount('-5', 'Keys', 0, 1e12)).toEqual({ ok: false, error: { code: 'negative', field: 'Keys' } });
    expect(parseCount('1e15', 'Keys', 0, 1e12)).toEqual({
      ok: false,
      error: { code: 'aboveMaximum', field: 'Keys', limit: 1e12 },
    });
    expect(parseShare('lots', 'TTL')).toEqual({ ok: false, error: { code: 'notAShare', field: 'TTL', text: 'lots' } });
  });
});
