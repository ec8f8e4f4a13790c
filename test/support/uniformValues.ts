import type { Scenario } from '../../src/scenario/schema';

/** 200,000 strings of 14-byte names with values of 1-200 bytes, uniform: the first case issue 35 measured. */
export const UNIFORM_VALUES: Scenario = {
  schema: 1,
  workloads: [
    {
      name: 'strings',
      type: 'string',
      keys: 200_000,
      keyBytes: 14,
      valueBytes: { kind: 'range', shape: 'uniform', min: 1, max: 200 },
      ttlFraction: 0,
    },
  ],
};
