import type { Workload } from '../../src/scenario/schema';

/**
 * A document hash: a 5-byte "title" field of 20 bytes and a 4-byte "body" of 200 in every key,
 * as two histograms (what a snapshot's export writes), with their field-value pairs apart.
 */
export const DOCUMENT_HASH = {
  type: 'hash',
  fields: 2,
  fieldBytes: {
    kind: 'histogram',
    buckets: [
      { from: 4, to: 4, weight: 1 },
      { from: 5, to: 5, weight: 1 },
    ],
  },
  valueBytes: {
    kind: 'histogram',
    buckets: [
      { from: 20, to: 20, weight: 1 },
      { from: 200, to: 200, weight: 1 },
    ],
  },
} as const satisfies Partial<Workload>;
