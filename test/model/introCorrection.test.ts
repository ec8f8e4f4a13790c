import { describe, expect, it } from 'vitest';
import { introCorrectionPerTerabyte } from '../../src/model';
import { LINES, type LineId } from '../../src/model/lineRegistry';
import { GB } from '../../src/model/units';

const byVersion = <T extends { version: string }>(rows: T[], version: string) => rows.find((r) => r.version === version)!;

describe('"1 TB on 7.2": intro, table and your keys for the same 1,000 GB', () => {
  // A scenario whose keys take 200 / 150 / 100 / 100 / 90 units on 7.2 ... 9.1 (and 7.2's on every other line).
  const units: Partial<Record<LineId, number>> = { '7.2': 200, '8.0': 150, '8.1': 100, '9.0': 100, '9.1': 90 };
  const rows = introCorrectionPerTerabyte(
    Object.fromEntries(LINES.ids.map((line) => [line, units[line] ?? units['7.2']!])) as Record<LineId, number>,
  );

  it("gives the intro's round figures with their change against 7.2", () => {
    expect(byVersion(rows, '7.2').intro).toEqual({ bytes: 1000 * GB, percent: 0 });
    expect(byVersion(rows, '8.0').intro!.bytes / GB).toBe(800);
    expect(byVersion(rows, '8.0').intro!.percent).toBeCloseTo(-20, 10);
    expect(byVersion(rows, '9.1').intro!.percent).toBeCloseTo(-37, 10);
    expect(byVersion(rows, '9.0').intro).toBeNull();
  });

  it("gives the table's ratio: 102.48 B per key on 7.2 against 64.02 B on 9.1 is 624.7 GB, −37.5 %", () => {
    expect(byVersion(rows, '8.0').table!.bytes / GB).toBeCloseTo(922.03, 2);
    expect(byVersion(rows, '8.0').table!.percent).toBeCloseTo(-7.8, 1);
    expect(byVersion(rows, '9.1').table!.bytes / GB).toBeCloseTo(624.71, 2);
    expect(byVersion(rows, '9.1').table!.percent).toBeCloseTo(-37.53, 2);
  });

  it('a line the table has no row for shows no table figure and no intro error', () => {
    expect(byVersion(rows, 'redis-7.0').table).toBeNull();
    expect(byVersion(rows, 'redis-7.0').introError).toBeNull();
    expect(byVersion(rows, 'redis-7.0').yourKeys!.bytes / GB).toBe(1000);
  });

  it('the intro error is intro minus table, in GB and as a share of the table', () => {
    expect(byVersion(rows, '8.0').introError!.bytes / GB).toBeCloseTo(-122.03, 2);
    expect(byVersion(rows, '8.0').introError!.percent).toBeCloseTo(-13.24, 2);
    expect(byVersion(rows, '8.1').introError!.bytes / GB).toBeCloseTo(-62.38, 2);
    expect(byVersion(rows, '9.1').introError!.bytes / GB).toBeCloseTo(5.29, 2);
    expect(byVersion(rows, '9.1').introError!.percent).toBeCloseTo(0.85, 2);
    expect(byVersion(rows, '7.2').introError).toBeNull();
    expect(byVersion(rows, '9.0').introError).toBeNull();
  });

  it("scales 1,000 GB by the scenario's own ratio to 7.2", () => {
    expect(byVersion(rows, '7.2').yourKeys).toEqual({ bytes: 1000 * GB, percent: 0 });
    expect(byVersion(rows, '8.0').yourKeys!.bytes / GB).toBeCloseTo(750, 10);
    expect(byVersion(rows, '8.0').yourKeys!.percent).toBeCloseTo(-25, 10);
    expect(byVersion(rows, '9.1').yourKeys!.percent).toBeCloseTo(-55, 10);
  });
});

describe('"1 TB on 7.2" for a scenario without keys', () => {
  // 0 keys (typed 0, -0 or 1e-400, or in a link) leave the model 0 bytes on every line: no ratio to scale by.
  const rows = introCorrectionPerTerabyte(Object.fromEntries(LINES.ids.map((line) => [line, 0])) as Record<LineId, number>);

  it('gives no figure for your keys instead of NaN, and keeps the intro and table figures', () => {
    for (const row of rows) expect(row.yourKeys).toBeNull();
    expect(byVersion(rows, '9.1').table!.bytes / GB).toBeCloseTo(624.71, 2);
    expect(JSON.stringify(rows)).not.toMatch(/NaN|null,"percent"/);
  });
});
