import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../src/scenario/base64url';
import { decodeLink, LINK_FORMAT } from '../../src/scenario/link';
import { linkNoticeText } from '../../src/scenario/linkNotice';
import { parseScenario } from '../../src/scenario/schema';

const rawLink = (payload: unknown) => `v=${LINK_FORMAT}&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`;

const base = { name: 'cache', keys: 5000, keyBytes: 20, valueBytes: 25, ttlFraction: 0.5 };
const other = { name: 'sessions', keys: 10, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 };

/** Opens a link of two workloads, the first with `extra`; returns the first as opened and the notices in English. */
function open(first: Record<string, unknown>) {
  const result = decodeLink(rawLink({ scenario: { schema: 1, workloads: [first, other] }, view: {} }));
  if (!result.ok) throw new Error('the link did not open');
  return { workloads: result.state.scenario.workloads, notices: result.notices.map(linkNoticeText) };
}

describe('a link loses a bad field alone, with a notice naming it (issue 32, item 2)', () => {
  it.each([
    ['fieldTtlFraction on a string workload', { type: 'string', fieldTtlFraction: 0.5 }, 'fieldTtlFraction', 'string'],
    ['fieldTtlFraction on a list workload', { type: 'list', fields: 4, fieldTtlFraction: 0.5 }, 'fieldTtlFraction', 'list'],
    ['a growth of an unknown kind', { type: 'string', growth: { kind: 'doubling' } }, 'growth', 'string'],
    ['negative keys per month', { type: 'string', growth: { kind: 'keysPerMonth', keysPerMonth: -5 } }, 'growth', 'string'],
    ['an int value of 25 digits', { type: 'string', valueKind: 'int' }, 'valueKind', 'string'],
    ['an unknown workload key', { type: 'string', compression: 0.3 }, 'compression', 'string'],
    ['fieldBytes on a set workload', { type: 'set', fields: 3, fieldBytes: 8 }, 'fieldBytes', 'set'],
    ['a bad valueKind', { type: 'string', valueKind: 'float' }, 'valueKind', 'string'],
  ])('%s', (_, extra, field, type) => {
    const { workloads, notices } = open({ ...base, ...extra });
    expect(workloads.map((w) => w.name)).toEqual(['cache', 'sessions']);
    expect(workloads[0]).toMatchObject({ ...base, type });
    expect(workloads[0]).not.toHaveProperty(field);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(new RegExp(`^workload 1: ignored .*${field}`));
  });

  it('several bad fields go each alone, all named; the figures that hold stay', () => {
    const { workloads, notices } = open({
      ...base,
      type: 'string',
      valueKind: 'int',
      fieldTtlFraction: 0.2,
      growth: { kind: 'percentPerMonth', percentPerMonth: 500 },
      shade: 'blue',
    });
    expect(workloads[0]).toEqual({ ...base, type: 'string' });
    // A notice names three issues and counts the rest.
    expect(notices).toHaveLength(1);
    for (const field of ['growth', 'shade', 'valueKind', 'and 1 more']) expect(notices[0]).toContain(field);
  });

  it('a bad field the workload needs still leaves the workload out, saying why', () => {
    const { workloads, notices } = open({ ...base, type: 'hash', fields: -1, fieldBytes: 8 });
    expect(workloads.map((w) => w.name)).toEqual(['sessions']);
    expect(notices).toEqual(['left out workload 1: fields: fields cannot be negative; fields: fields must be at least 1']);
  });
});

describe("limit messages are the planner's own (issue 32, item 12)", () => {
  it.each([
    [{ deployment: { processBaselineBytes: 1e300 } }, 'processBaselineBytes: at most 1,000,000,000,000 bytes'],
    [{ deployment: { shards: 2 ** 60 } }, 'shards: at most 1,000'],
    [{ deployment: { replicas: 1.5 } }, 'replicas must be a whole number'],
    [{ config: { hashMaxListpackEntries: 1e20 } }, 'hashMaxListpackEntries: at most 1,000,000'],
    [{ config: { setMaxIntsetEntries: -1 } }, 'setMaxIntsetEntries cannot be negative'],
    [{ name: 'x'.repeat(81) }, 'name: at most 80 characters'],
  ])('%j', (setting, message) => {
    const parsed = parseScenario({ schema: 1, workloads: [other], ...setting });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toContain(message);
    expect(parsed.error).not.toMatch(/Too (big|small)|expected int|9007199254740991/);
  });

  it("keys of 10^17 says the maximum, not JavaScript's safe integers", () => {
    const parsed = parseScenario({ schema: 1, workloads: [{ ...other, keys: 1e17 }] });
    expect(parsed.ok ? '' : parsed.error).toBe(
      '✖ keys is above the supported maximum of 1,000,000,000,000\n  → at workloads[0].keys',
    );
  });
});
