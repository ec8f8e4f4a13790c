import { describe, expect, it } from 'vitest';
import {
  parseBytes,
  parseCount,
  parseDecimal,
  parsePercent,
  parseShare,
  parseSignedCount,
  type Parsed,
} from '../../src/scenario/humanInput';
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

describe('numbers as each language writes them (issue 32, items 7 and 9)', () => {
  it.each([
    ['de', '0,250', 0.25],
    ['de', '1,250', 1.25],
    ['ru', '1,25', 1.25],
    ['de', '1,1', 1.1],
    ['de', '0,1001', 0.1001],
    ['de', '1.250,5', 1250.5],
    ['ru', '1 250,5', 1250.5],
    ['ru', '1\u00a0250,5', 1250.5],
    ['en', '1,250.5', 1250.5],
    ['zh-CN', '0.25', 0.25],
    // What the hints of every language write ("1.5M", "0.4") stays readable in German.
    ['de', '1.5', 1.5],
  ] as const)('%s: a decimal "%s" is %f', (locale, text, n) =>
    expect(value(parseDecimal(text, 'Ratio', 0, 1e6, {}, locale))).toBe(n),
  );

  it.each([
    ['de', '1.250', 1250],
    ['de', '1.000.000', 1_000_000],
    ['de', '1,5M', 1_500_000],
    ['ru', '1 000 000', 1_000_000],
    ['en', '1,250', 1250],
    ['en', '2,000,000', 2_000_000],
  ] as const)('%s: a count "%s" is %d', (locale, text, n) => expect(value(parseCount(text, 'Keys', 0, 1e12, locale))).toBe(n));

  it('a whole-number field refuses what two conventions read differently, naming both readings', () => {
    expect(parseCount('1,250', 'Keys', 0, 1e12, 'de')).toEqual({
      ok: false,
      error: { code: 'ambiguousNumber', field: 'Keys', text: '1,250', reading: 1.25, otherReading: 1250 },
    });
    expect(value(parseCount('1,250', 'Keys', 0, 1e12, 'ru'))).toBe(
      'Keys: "1,250" reads as 1.25 or as 1250: write the whole number without a separator',
    );
    expect(value(parseBytes('0,250', 'Value', 0, 1e9, 'de'))).toBe('Value must be a whole number');
  });

  it('headroom "0,250" in German is 0.25 %, not 250 %', () => {
    expect(value(parsePercent('0,250', 'Headroom', 0, 300, 'de'))).toBe(0.25);
    expect(value(parsePercent('0,250 %', 'Headroom', 0, 300, 'de'))).toBe(0.25);
  });

  it('a number in a percentage field is a percent, one rule everywhere (issue 32, item 10)', () => {
    expect(value(parsePercent('2', 'Discount', 0, 99, 'en'))).toBe(2);
    expect(value(parsePercent('0.5', 'Discount', 0, 99, 'en'))).toBe(0.5);
    expect(value(parsePercent('50 %', 'Discount', 0, 99, 'en'))).toBe(50);
    expect(value(parsePercent('120', 'Discount', 0, 99, 'en'))).toBe('Discount is a percentage from 0 to 99 %');
    expect(value(parseShare('1', 'TTL', 'en'))).toBe(0.01);
    expect(value(parseShare('2', 'TTL', 'en'))).toBe(0.02);
  });

  it('hexadecimal and other JavaScript number syntax is not a figure', () => {
    expect(parseDecimal('0x10', 'Price', 0, 1000, {}, 'en').ok).toBe(false);
    expect(parsePercent('0x10', 'Discount', 0, 99, 'en').ok).toBe(false);
    expect(parseDecimal('Infinity', 'Price', 0, 1000, {}, 'en').ok).toBe(false);
  });
});
