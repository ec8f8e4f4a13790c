import { describe, expect, it } from 'vitest';
import { valueAxis } from '../../src/ui/charts/chartData';

describe('the versions chart value axis', () => {
  it('runs from zero to a nice top in four equal steps', () => {
    // 7.2.14's 102.48 B per key (Percona's table) and 9.1.1's 64.02 B.
    expect(valueAxis(102.48)).toEqual({ top: 120, ticks: [0, 30, 60, 90, 120] });
    expect(valueAxis(64.02)).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
    expect(valueAxis(1e9)).toEqual({ top: 1e9, ticks: [0, 2.5e8, 5e8, 7.5e8, 1e9] });
  });

  it('keeps the same top while an edit moves the tallest bar a little', () => {
    const tops = [100.2, 102.48, 108.2, 119.9].map((max) => valueAxis(max).top);
    expect(new Set(tops)).toEqual(new Set([120]));
  });

  it('always holds the tallest bar without leaving more than a third of the height empty', () => {
    for (let max = 0.37; max < 1e12; max *= 1.37) {
      const { top, ticks } = valueAxis(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(max / top).toBeGreaterThan(0.66);
      expect(ticks[4]).toBe(top);
    }
  });
});
