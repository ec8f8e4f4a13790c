import type { KeySample } from '../../src/cli/sample/summarize';

/** One sampled key: a 10-byte string key with a 16-byte value unless `over` says otherwise. */
export const keySample = (pattern: string, over: Partial<KeySample> = {}): KeySample => ({
  pattern,
  keyName: pattern,
  keyBytes: 10,
  utf8: true,
  type: 'string',
  encoding: 'embstr',
  memoryUsage: 64,
  hasTtl: false,
  elements: 1,
  valueBytes: 16,
  fieldBytes: null,
  intValues: false,
  ...over,
});
