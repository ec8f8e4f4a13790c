import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/schema';
import { resolveChurn } from '../../src/scenario/resolveChurn';

const workloads = [
  { name: 'sessions', keys: 1000, keyBytes: 16, type: 'string', valueBytes: 100, ttlFraction: 0 },
  { name: 'carts', keys: 1000, keyBytes: 16, type: 'hash', valueBytes: 10, fields: 5, fieldBytes: 8, ttlFraction: 0 },
];
const parse = (churn: unknown) => parseScenario({ schema: 1, workloads, churn });

describe('churn input', () => {
  it('takes keys replaced per day, days, the new keys’ value sizes, deletes and rewrites', () => {
    const parsed = parse([
      {
        workload: 'sessions',
        replacedPerDay: 0.1,
        days: 7,
        newValueBytes: { kind: 'range', shape: 'uniform', min: 300, max: 900 },
        deletedShare: 0.2,
        rewrittenShare: 0.1,
        rewriteFactor: 2,
      },
    ]);
    expect(parsed.ok).toBe(true);
  });

  it.each([
    [[{ workload: 'nobody', deletedShare: 0.5 }], 'churn names workload "nobody", which the scenario does not have'],
    [[{ workload: 'carts', deletedShare: 0.5 }], 'churn is modelled for string workloads only, and "carts" is a hash'],
    [[{ workload: 'sessions' }, { workload: 'sessions' }], 'churn names workload "sessions" twice'],
    [
      [{ workload: 'sessions', deletedShare: 0.7, rewrittenShare: 0.5 }],
      'deletedShare and rewrittenShare together exceed all the keys',
    ],
    [[{ workload: 'sessions', replacedPerDay: 1.5 }], 'replacedPerDay is a share from 0 to 1'],
    [[{ workload: 'sessions', rewriteFactor: 0 }], 'rewriteFactor must be above 0'],
    [[{ workload: 'sessions', newValueBytes: 0 }], 'newValueBytes must be at least 1'],
  ])('rejects %j: %s', (churn, message) => {
    const parsed = parse(churn);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });

  it('replaces 1 - (1 - perDay)^days of the keys neither deleted nor rewritten', () => {
    const churn = resolveChurn({ workload: 'sessions', replacedPerDay: 0.1, days: 7, deletedShare: 0.2 });
    expect(churn.replacedShare).toBeCloseTo(0.8 * (1 - 0.9 ** 7), 12);
    expect(churn.newValueBins).toBeNull();
    expect(resolveChurn({ workload: 'sessions', newValueBytes: 300 }).newValueBins).toEqual([{ value: 300, weight: 1 }]);
  });
});
