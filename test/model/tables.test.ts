import { describe, expect, it } from 'vitest';
import { dictSlots, expectedChildBucketsPerBucket, hashtableBuckets } from '../../src/model/tables';

describe('keyspace table sizing', () => {
  it('dict slots: the power of two at or above the key count (minimum 4)', () => {
    expect(dictSlots(1, false)).toBe(4);
    expect(dictSlots(632_120, false)).toBe(1 << 20);
    expect(dictSlots(100_000, false)).toBe(131_072);
  });

  it('a full power-of-two dict stays full on 7.2 but the 8.0 cron grows it', () => {
    expect(dictSlots(524_288, false)).toBe(524_288);
    expect(dictSlots(524_288, true)).toBe(1_048_576);
    expect(dictSlots(524_289, true)).toBe(1_048_576);
  });

  it('hashtable buckets: smallest power of two with 7 slots each above the key count', () => {
    expect(hashtableBuckets(632_120)).toBe(1 << 17);
    expect(hashtableBuckets(917_504)).toBe(1 << 18); // exactly 7 x 2^17: the cron grows it
    expect(hashtableBuckets(917_503)).toBe(1 << 17);
    expect(hashtableBuckets(1)).toBe(1);
  });

  it.each([
    [3.5, 0.49],
    [4, 0.82],
    [4.82, 1.54],
    [5, 1.72],
    [6, 2.77],
    [7, 3.79],
  ])('expected child-bucket bytes per key at load %f is %f (memory-layout.md 2.3)', (lambda, perKey) => {
    expect((64 * expectedChildBucketsPerBucket(lambda)) / lambda).toBeCloseTo(perKey, 2);
  });
});
