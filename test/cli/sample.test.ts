import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSampleArgs } from '../../src/cli/sample';
import { keyPattern, keyText } from '../../src/cli/sample/patterns';
import { planBudget } from '../../src/cli/sample/sampler';
import { mergeFamilies, summarizeFamilies, workloadsFrom } from '../../src/cli/sample/summarize';
import { samplingAclRule } from '../../src/cli/sample/acl';
import { permissionError } from '../../src/cli/sample/errors';
import { parseTarget } from '../../src/cli/sample/connect';
import { keySample } from '../support/keySample';

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
  it('scales shares to DBSIZE with a Wilson interval, or counts exactly after a full scan', () => {
    const samples = [
      ...Array.from({ length: 900 }, () => keySample('a:{n}')),
      ...Array.from({ length: 100 }, () => keySample('b:{n}', { hasTtl: true })),
    ];
    const estimated = summarizeFamilies(samples, 1_000_000, false);
    expect(estimated[0]).toMatchObject({ pattern: 'a:{n}', estimatedKeys: 900_000 });
    expect(estimated[1]!.interval[0]).toBeLessThan(100_000);
    expect(estimated[1]!.interval[1]).toBeGreaterThan(100_000);
    expect(estimated[1]!.ttlFraction).toBe(1);
    const exact = summarizeFamilies(samples, 1000, true);
    expect(exact[1]).toMatchObject({ estimatedKeys: 100, interval: [100, 100] });
  });

  it('builds workloads; types the model lacks are left out and said so', () => {
    const families = summarizeFamilies(
      [keySample('a:{n}', { intValues: true, valueBytes: 3 }), keySample('s:{n}', { type: 'other' })],
      2,
      true,
    );
    const { workloads, leftOut } = workloadsFrom(families, []);
    expect(workloads).toEqual([
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
    expect(() => parseSampleArgs(['redis://x', '--sample', '-3'], {})).toThrow(/--sample takes a whole number from 1 to/);
    expect(() => parseSampleArgs([], {})).toThrow(/usage/);
  });
});

describe('big keys, long keys and clusters', () => {
  it('lists big keys first, as workloads of one key named after the key', () => {
    const families = summarizeFamilies([keySample('a:{n}')], 1000, false);
    const big = summarizeFamilies([keySample('report:2024', { type: 'list', elements: 1_000_000, valueBytes: 12 })], 1, true);
    const { workloads } = workloadsFrom(families, big);
    expect(workloads[0]).toMatchObject({ name: 'big: report:2024', keys: 1, type: 'list', fields: 1_000_000 });
    expect(workloads[1]).toMatchObject({ name: 'a:{n}', keys: 1000 });
  });

  it('a key longer than a scenario allows is counted at the limit, and the note says what is left out', () => {
    const families = summarizeFamilies([keySample('huge', { keyBytes: 70_000 })], 1, true);
    const { workloads, notes } = workloadsFrom(families, []);
    expect(workloads[0]!.keyBytes).toBe(65_536);
    expect(notes.join(' ')).toMatch(
      /key bytes 70,000 is past the 65,536 a scenario allows.*leaves out about 4,464 bytes per key/,
    );
  });

  it('merges the same family from several nodes: counts add, averages weigh by keys', () => {
    const a = summarizeFamilies(
      Array.from({ length: 3 }, () => keySample('s:{n}', { valueBytes: 10 })),
      3,
      true,
    );
    const b = summarizeFamilies([keySample('s:{n}', { valueBytes: 30 }), keySample('t:{n}')], 2, true);
    const merged = mergeFamilies([a, b]);
    expect(merged.find((f) => f.pattern === 's:{n}')).toMatchObject({ estimatedKeys: 4, avgValueBytes: 15 });
    expect(merged.find((f) => f.pattern === 't:{n}')!.estimatedKeys).toBe(1);
  });

  it('plans the budget: detail reads first, the rest sizes the other keys', () => {
    expect(planBudget(500_000, { maxKeys: 10_000, maxCommands: 1_000_000 })).toEqual({
      detailTarget: 10_000,
      sizeBudget: 1_000_000 - 130 - 501 - 60_000,
    });
    // a budget too small to scan everything still reads keys in detail
    expect(planBudget(1_240_000, { maxKeys: 100_000, maxCommands: 5_000 }).detailTarget).toBeGreaterThan(500);
  });
});

describe('targets and permissions', () => {
  it('reads IPv6 hosts, database numbers, and refuses a database that is not a number', () => {
    expect(parseTarget('redis://[::1]:6390', undefined)).toMatchObject({ host: '::1', port: 6390, db: 0 });
    expect(parseTarget('rediss://u:p%40ss@h:1/3', undefined)).toMatchObject({
      tls: true,
      username: 'u',
      password: 'p@ss',
      db: 3,
    });
    expect(() => parseTarget('redis://h:1/abc', undefined)).toThrow(/database in the URL is "abc": it is a whole number/);
    expect(() => parseTarget('redis://h:1/-1', undefined)).toThrow(/whole number/);
  });

  it('a NOPERM reply names the command and the rule that allows it', () => {
    const e = permissionError('memory|usage', "NOPERM User sampler has no permissions to run the 'memory|usage' command");
    expect(e.message).toMatch(/refused MEMORY USAGE.*ACL SETUSER <user> \+memory\|usage/);
    expect(e.message).toContain(samplingAclRule());
  });

  it('the README gives the rule the sampler is built for, word for word', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(samplingAclRule());
  });

  it('the sampling rule allows only read-only commands', () => {
    expect(samplingAclRule('s', 'pw')).toMatch(/^ACL SETUSER s on >pw resetkeys %R~\* resetchannels -@all \+ping /);
    expect(samplingAclRule()).not.toMatch(/\+@|\+set |\+del|\+config|\+debug|\+keys/);
  });
});
