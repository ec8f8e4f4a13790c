import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { parseScenario, type Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { bytesPerKey } from './helpers';

const HASH: Partial<Workload> = { type: 'hash', keys: 10_000, keyBytes: 16, fields: 4, fieldBytes: 5, valueBytes: 5 };

describe('hash fields with their own TTL (fieldTtlFraction)', () => {
  it('is accepted for hashes only, as a share from 0 to 1', () => {
    const workload = (w: Partial<Workload>) => ({
      schema: 1,
      workloads: [{ name: 'w', keys: 1, keyBytes: 8, type: 'string', valueBytes: 1, ttlFraction: 0, ...w }],
    });
    expect(parseScenario(workload({ ...HASH, fieldTtlFraction: 0.5 })).ok).toBe(true);
    const onString = parseScenario(workload({ fieldTtlFraction: 0.5 }));
    expect(onString.ok ? '' : onString.error).toMatch(/fieldTtlFraction applies to hash workloads only/);
    const tooMuch = parseScenario(workload({ ...HASH, fieldTtlFraction: 1.5 }));
    expect(tooMuch.ok ? '' : tooMuch.error).toMatch(/fieldTtlFraction is a share from 0 to 1/);
  });

  it('does not exist before 9.0: the estimate says so and counts the hashes without field TTLs', () => {
    const scenario = resolveScenario({
      schema: 1,
      workloads: [{ name: 'h', ttlFraction: 0, ...HASH, fieldTtlFraction: 1 } as Workload],
    });
    const flags = Object.fromEntries(
      estimateScenario(scenario).versions.map((v) => [v.version, v.workloads[0]!.fieldTtlNotOnLine]),
    );
    expect(flags).toEqual({ '7.2': true, '8.0': true, '8.1': true, '9.0': false, '9.1': false });
    const withTtl = bytesPerKey({ ...HASH, fieldTtlFraction: 1 });
    const without = bytesPerKey(HASH);
    expect(withTtl['8.1']).toBe(without['8.1']);
  });

  it('on 9.1 turns a 4-field listpack into a hashtable of entries with expiry, a pointer vector and a tracking slot', () => {
    const withTtl = bytesPerKey({ ...HASH, fieldTtlFraction: 1 });
    const without = bytesPerKey(HASH);
    // listpack 64 B -> hashtable struct 88 -> 96, one bucket 64, four entries (8 + 5+4 + 5+4 = 26 -> 32) = 128,
    // pointer vector 8 + 4 x 8 = 40, and 10,000 tracked keys in 2,048 buckets of 64 B (13.1 B a key) plus children.
    const added = withTtl['9.1'] - without['9.1'];
    expect(added).toBeGreaterThan(96 + 64 + 128 + 40 - 64 + 13);
    expect(added).toBeLessThan(96 + 64 + 128 + 40 - 64 + 20);
    expect(withTtl['9.0']).toBeGreaterThan(without['9.0'] + 200);
  });

  it('keeps the expected count of volatile fields when the share does not divide the fields', () => {
    const quarter = bytesPerKey({ ...HASH, fieldTtlFraction: 0.25 })['9.1'];
    const eighth = bytesPerKey({ ...HASH, fieldTtlFraction: 0.125 })['9.1'];
    const none = bytesPerKey(HASH)['9.1'];
    // an eighth of 4 fields: half of the keys have one volatile field, the other half none
    expect(eighth).toBeGreaterThan(none);
    expect(eighth).toBeLessThan(quarter);
  });
});
