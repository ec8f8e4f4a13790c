import { describe, expect, it } from 'vitest';
import { workloadSummary } from '../../src/ui/workload/workloadSummary';

describe('a collapsed workload in one line', () => {
  it('a string family', () => {
    expect(workloadSummary({ name: 's', keys: 632_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 })).toBe(
      'string · 632,000 keys · key 16 B · value 16 B · TTL 0 %',
    );
  });

  it('a hash family names its fields and field-name length', () => {
    expect(
      workloadSummary({
        name: 'h',
        keys: 200_000,
        keyBytes: 12,
        type: 'hash',
        fields: 10,
        fieldBytes: 8,
        valueBytes: 12,
        ttlFraction: 0.25,
      }),
    ).toBe('hash · 200,000 keys × 10 fields · key 12 B · field name 8 B · value 12 B · TTL 25 %');
  });

  it('sorted sets and integer values', () => {
    expect(
      workloadSummary({ name: 'z', keys: 30, keyBytes: 20, type: 'zset', fields: 1_000_000, valueBytes: 12, ttlFraction: 1 }),
    ).toBe('sorted set · 30 keys × 1,000,000 elements · key 20 B · member 12 B · TTL 100 %');
    expect(
      workloadSummary({ name: 'i', keys: 5, keyBytes: 8, type: 'string', valueBytes: 3, valueKind: 'int', ttlFraction: 0 }),
    ).toBe('string · 5 keys · key 8 B · value 3-digit integer · TTL 0 %');
  });
});

describe('one of a thing is singular', () => {
  it('"1 key × 1 field", not "1 keys × 1 fields"', () => {
    expect(workloadSummary({ name: 's', keys: 1, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 })).toMatch(
      /^string · 1 key · /,
    );
    expect(
      workloadSummary({
        name: 'h',
        keys: 1,
        keyBytes: 12,
        type: 'hash',
        fields: 1,
        fieldBytes: 8,
        valueBytes: 12,
        ttlFraction: 0,
      }),
    ).toMatch(/^hash · 1 key × 1 field · /);
    expect(
      workloadSummary({ name: 'l', keys: 2, keyBytes: 12, type: 'list', fields: 1, valueBytes: 12, ttlFraction: 0 }),
    ).toMatch(/^list · 2 keys × 1 element · /);
  });
});
