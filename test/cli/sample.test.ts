import { describe, expect, it } from 'vitest';
import { parseSampleArgs } from '../../src/cli/sample';
import { keyPattern, keyText } from '../../src/cli/sample/patterns';
import { scenarioFromFamilies, summarizeFamilies, type KeySample } from '../../src/cli/sample/summarize';

describe('key families', () => {
  it.each([
    ['user:1001:name', 'user:{n}:name'],
    ['session:8f14e45fceea167a5a36dedd4bea2543', 'session:{hex}'],
    ['order/3f2b1c9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f/items', 'order/{uuid}/items'],
    ['cache:v2:page:42', 'cache:v{n}:page:{n}'],
    ['token:Ab3dEf6hIj9kLm2nOp', 'token:{id}'],
    ['plain', 'plain'],
  ])('%s -> %s', (key, pattern) => {
    expect(keyPattern(key)).toBe(pattern);
  });

  it('escapes keys that are not UTF-8', () => {
    expect(keyText(new Uint8Array([0x61, 0xff, 0x3a]))).toEqual({ text: 'a\\xff:', utf8: false });
    expect(keyText(new TextEncoder().encode('ключ:1'))).toEqual({ text: 'ключ:1', utf8: true });
  });
});

describe('summaries', () => {
  const sample = (pattern: string, over: Partial<KeySample> = {}): KeySample => ({
    pattern,
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

  it('scales shares to DBSIZE with a Wilson interval, or counts exactly after a full scan', () => {
    const samples = [
      ...Array.from({ length: 900 }, () => sample('a:{n}')),
      ...Array.from({ length: 100 }, () => sample('b:{n}', { hasTtl: true })),
    ];
    const estimated = summarizeFamilies(samples, 1_000_000, false);
    expect(estimated[0]).toMatchObject({ pattern: 'a:{n}', estimatedKeys: 900_000 });
    expect(estimated[1]!.interval[0]).toBeLessThan(100_000);
    expect(estimated[1]!.interval[1]).toBeGreaterThan(100_000);
    expect(estimated[1]!.ttlFraction).toBe(1);
    const exact = summarizeFamilies(samples, 1000, true);
    expect(exact[1]).toMatchObject({ estimatedKeys: 100, interval: [100, 100] });
  });

  it('builds a scenario; types the model lacks are left out and said so', () => {
    const families = summarizeFamilies(
      [sample('a:{n}', { intValues: true, valueBytes: 3 }), sample('s:{n}', { type: 'other' })],
      2,
      true,
    );
    const { scenario, leftOut } = scenarioFromFamilies(families, 'test', 'jemalloc-system');
    expect(scenario.workloads).toEqual([
      { name: 'a:{n}', keys: 1, keyBytes: 10, type: 'string', valueBytes: 3, ttlFraction: 0, valueKind: 'int' },
    ]);
    expect(leftOut).toEqual(['s:{n} (a type the model does not cover)']);
  });
});

describe('sample arguments', () => {
  it('takes the password from the environment, never from a flag', () => {
    const { options } = parseSampleArgs(['redis://127.0.0.1:6390', '--sample', '500', '--timeout', '10'], {
      VALKEY_PASSWORD: 'pw',
    });
    expect(options).toMatchObject({ url: 'redis://127.0.0.1:6390', maxKeys: 500, timeoutMs: 10_000, password: 'pw' });
    expect(() => parseSampleArgs(['redis://x', '--password', 'pw'], {})).toThrow(/unknown option --password/);
    expect(() => parseSampleArgs(['redis://x', '--sample', '-3'], {})).toThrow(/--sample takes a whole number above 0/);
    expect(() => parseSampleArgs([], {})).toThrow(/usage/);
  });
});
