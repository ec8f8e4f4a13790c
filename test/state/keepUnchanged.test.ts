import { describe, expect, it } from 'vitest';
import { TWENTY_WORKLOADS } from '../support/twentyWorkloads';
import { estimateOf, resolvedOf } from '../../src/state/derived';
import { costOf } from '../../src/state/costDerived';
import { keepUnchanged } from '../../src/state/keepUnchanged';
import { estimateScenario } from '../../src/model';
import type { Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

describe('keepUnchanged', () => {
  it('keeps the previous objects where the values are the same, and takes the new ones where they differ', () => {
    const previous = { a: { x: 1, list: [1, 2] }, b: { y: 'old' }, c: [{ z: 1 }, { z: 2 }] };
    const next = { a: { x: 1, list: [1, 2] }, b: { y: 'new' }, c: [{ z: 1 }, { z: 3 }] };
    const kept = keepUnchanged(previous, next);
    expect(kept).toEqual(next);
    expect(kept).not.toBe(previous);
    expect(kept.a).toBe(previous.a);
    expect(kept.b).toBe(next.b);
    expect(kept.c[0]).toBe(previous.c[0]);
    expect(kept.c[1]).toBe(next.c[1]);
  });

  it('returns the previous value itself when nothing changed, null and absent keys included', () => {
    const previous = { a: null, b: [1, { c: undefined }], d: 'x' };
    expect(keepUnchanged(previous, { a: null, b: [1, { c: undefined }], d: 'x' })).toBe(previous);
  });

  it('sees a key added or removed, and an array grown or shortened, as a change', () => {
    const previous: Record<string, number> = { a: 1 };
    expect(keepUnchanged(previous, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(keepUnchanged({ a: 1, b: 2 } as Record<string, number>, { a: 1 })).toEqual({ a: 1 });
    expect(keepUnchanged([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(keepUnchanged([1, 2, 3], [1, 2])).toEqual([1, 2]);
    expect(keepUnchanged([1], { 0: 1 } as unknown as number[])).toEqual({ 0: 1 });
  });
});

describe('derived results keep what an edit of one workload leaves unchanged', () => {
  const edited: Scenario = {
    ...TWENTY_WORKLOADS,
    workloads: TWENTY_WORKLOADS.workloads.map((w, i) => (i === 0 ? { ...w, keys: w.keys + 137 } : w)),
  };

  it('the resolved deployment and lines stay the same objects', () => {
    const before = resolvedOf(TWENTY_WORKLOADS);
    const after = resolvedOf(edited);
    expect(after.workloads[0]!.keys).toBe(TWENTY_WORKLOADS.workloads[0]!.keys + 137);
    expect(after.deployment).toBe(before.deployment);
    expect(after.versions).toBe(before.versions);
    expect(after.thresholds).toBe(before.thresholds);
  });

  it('the estimate is the model’s, number for number, and the price stays the same object', () => {
    const priceBefore = costOf(TWENTY_WORKLOADS).prices;
    expect(estimateOf(edited)).toEqual(estimateScenario(resolveScenario(edited)));
    expect(costOf(edited).prices).toBe(priceBefore);
  });
});
