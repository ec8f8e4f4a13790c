import { describe, expect, it, vi } from 'vitest';
import { DATA_TYPES } from '../../src/data/vocabulary';
import type { ResolvedWorkload } from '../../src/model/input';
import type { KeyShape } from '../../src/model/keyShape';
import { addCompressedShareField } from '../support/compressedShareField';

/**
 * A field the model prices, added as its author would: an entry in the field spec and the model's
 * pricing of it in the key shape (here, in this test only: a share of each value stored
 * compressed to half its size). Nothing else is edited: the resolved workload must carry it to
 * the model, the model must price it, and the key-mix cache must tell its values apart.
 */
addCompressedShareField(DATA_TYPES, 'share of each value stored compressed to half its size');

vi.mock('../../src/model/keyShape', async (importOriginal) => {
  const keyShape = await importOriginal<typeof import('../../src/model/keyShape')>();
  const compressed = (w: ResolvedWorkload): ResolvedWorkload => {
    const share = (w as ResolvedWorkload & { compressedShare?: number }).compressedShare ?? 0;
    return { ...w, valueBytes: Math.round(w.valueBytes * (1 - share / 2)) };
  };
  return { ...keyShape, workloadShape: (w: ResolvedWorkload): KeyShape => keyShape.workloadShape(compressed(w)) };
});

const { estimateScenario } = await import('../../src/model');
const { resolveScenario } = await import('../../src/scenario/resolve');
const { scenarioSchema } = await import('../../src/scenario/schema');

const VALUE_SIZES = { kind: 'range', shape: 'uniform', min: 200, max: 1800 } as const;

type Scenario = ReturnType<typeof scenarioSchema.parse>;

function hashes(workload: Record<string, unknown>): Scenario {
  return scenarioSchema.parse({
    schema: 1,
    target: '9.1',
    versions: ['9.1'],
    workloads: [
      { name: 'sessions', keys: 100_000, keyBytes: 20, type: 'hash', fields: 40, fieldBytes: 8, ttlFraction: 0, ...workload },
    ],
  });
}

const bytesOn91 = (scenario: Scenario): number => estimateScenario(resolveScenario(scenario)).versions[0]!.datasetBytes;

/** The scenario after an edit of its one workload: the fields it did not touch, distributions too, are the same objects. */
const edited = (scenario: Scenario, fields: object): Scenario => ({
  ...scenario,
  workloads: [{ ...scenario.workloads[0]!, ...fields }],
});

describe('a field the model prices, added through the spec', () => {
  it('reaches the model resolved, with its default when unset', () => {
    const scenario = (extra: object) =>
      scenarioSchema.parse({
        schema: 1,
        workloads: [{ name: 'w', keys: 1, keyBytes: 10, type: 'string', valueBytes: 100, ttlFraction: 0, ...extra }],
      });
    expect(resolveScenario(scenario({ compressedShare: 0.5 })).workloads[0]).toMatchObject({ compressedShare: 0.5 });
    expect(resolveScenario(scenario({})).workloads[0]).toMatchObject({ compressedShare: 0 });
  });

  it('is priced: half the values compressed to half their size cost what values of three quarters the size cost', () => {
    expect(bytesOn91(hashes({ valueBytes: 1000, compressedShare: 0.5 }))).toBe(bytesOn91(hashes({ valueBytes: 750 })));
    expect(bytesOn91(hashes({ valueBytes: 1000, compressedShare: 0.5 }))).toBeLessThan(bytesOn91(hashes({ valueBytes: 1000 })));
  });

  it('is in the key mix cache: an edit of it alone, the distributions kept, is priced afresh', () => {
    const before = hashes({ valueBytes: VALUE_SIZES });
    const plain = bytesOn91(before);
    const after = edited(before, { compressedShare: 0.8 });
    expect(resolveScenario(after).workloads[0]!.distributions).toBe(resolveScenario(before).workloads[0]!.distributions);
    // As a scenario that never had the old value (nor its distribution objects) prices it.
    expect(bytesOn91(after)).toBe(bytesOn91(hashes({ valueBytes: structuredClone(VALUE_SIZES), compressedShare: 0.8 })));
    expect(bytesOn91(after)).toBeLessThan(plain * 0.8);
  });
});
