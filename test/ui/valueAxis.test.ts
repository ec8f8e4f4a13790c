import { describe, expect, it } from 'vitest';
import { byteAxis, valueAxis } from '../../src/ui/charts/chartData';

const GIB = 2 ** 30;

describe('value axes', () => {
  it('run from zero to a round top in steps of 1, 2 or 5 times a power of ten', () => {
    // 7.2.14's 102.48 B per key (Percona's table) and 9.1.1's 64.02 B.
    expect(valueAxis(102.48)).toEqual({ top: 120, step: 20, ticks: [0, 20, 40, 60, 80, 100, 120], decimals: 0 });
    expect(valueAxis(64.02)).toEqual({ top: 80, step: 20, ticks: [0, 20, 40, 60, 80], decimals: 0 });
    expect(valueAxis(1e9).ticks).toEqual([0, 2e8, 4e8, 6e8, 8e8, 1e9]);
    expect(valueAxis(0.37)).toEqual({ top: 0.4, step: 0.1, ticks: [0, 0.1, 0.2, 0.3, 0.4], decimals: 1 });
  });

  it('step 1-2-5 in the unit shown: a growth chart up to 27.94 GiB reads 0, 5 ... 30 GiB, not 13.97 and 27.94', () => {
    const gib = byteAxis(27.94 * GIB, 'binary');
    expect(gib.ticks.map(gib.label)).toEqual(['0 GiB', '5 GiB', '10 GiB', '15 GiB', '20 GiB', '25 GiB', '30 GiB']);
    // The same bytes in decimal units: 30.00 GB, so the ticks are round in GB.
    const gb = byteAxis(27.94 * GIB, 'decimal');
    expect(gb.ticks.map(gb.label)).toEqual(['0 GB', '10 GB', '20 GB', '30 GB', '40 GB']);
    // Under 2 GiB: halves of a GiB, each written in GiB (not "512.0 MiB" beside "1.00 GiB").
    const small = byteAxis(1.4 * GIB, 'binary');
    expect(small.ticks.map(small.label)).toEqual(['0.0 GiB', '0.5 GiB', '1.0 GiB', '1.5 GiB']);
  });

  it('keeps the same top while an edit moves the tallest bar a little', () => {
    const tops = [100.2, 102.48, 108.2, 119.9].map((max) => valueAxis(max).top);
    expect(new Set(tops)).toEqual(new Set([120]));
  });

  it('holds the tallest bar in 3 to 6 round steps, leaving at most a third of the height empty, and a top is its own axis', () => {
    for (let max = 0.37; max < 1e12; max *= 1.37) {
      const axis = valueAxis(max);
      const { top, step, ticks } = axis;
      expect(top).toBeGreaterThanOrEqual(max);
      expect(max / top).toBeGreaterThan(0.66);
      expect(ticks.length - 1).toBeGreaterThanOrEqual(3);
      expect(ticks.length - 1).toBeLessThanOrEqual(6);
      const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
      expect(
        [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9),
        `step ${step}`,
      ).toBe(true);
      expect(ticks.at(-1)).toBe(top);
      // The versions chart hands recharts valueAxis(top): the same ticks as valueAxis(max).
      expect(valueAxis(top)).toEqual(axis);
    }
  });
});
