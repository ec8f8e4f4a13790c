import { describe, expect, it } from 'vitest';
import { applyAdvice } from '../../src/scenario/advice';
import type { Scenario } from '../../src/scenario/schema';
import { adviceOf } from '../../src/state/adviceDerived';
import { costOf } from '../../src/state/costDerived';
import '../../src/state/churnEstimate';

/** 300 M session strings, a tenth of them a day replaced by values four times as long. */
const churned: Scenario = {
  schema: 1,
  workloads: [{ name: 'sessions', keys: 300_000_000, keyBytes: 40, type: 'string', valueBytes: 100, ttlFraction: 0.5 }],
  versions: ['7.2', '9.1'],
  churn: [{ workload: 'sessions', replacedPerDay: 0.1, days: 7, newValueBytes: 400 }],
};

describe('advice on a scenario with churn', () => {
  it('prices the plan after a change with the modelled RSS, as the plan before it', () => {
    const advice = adviceOf(churned);
    expect(advice.length).toBeGreaterThan(0);
    const today = costOf(churned).lines!.find((l) => l.version === '9.1')!.perMonth;
    for (const a of advice) {
      const changed = applyAdvice(churned, a.change);
      const after = costOf(changed).lines!.find((l) => l.version === (changed.target ?? '9.1'))!.perMonth;
      expect(a.targetSavesPerMonth, a.change.kind).toBeCloseTo(today - after, 6);
    }
  });
});
