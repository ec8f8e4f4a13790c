import { withLineChoice } from '../../src/scenario/linkCompat';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../src/scenario/base64url';
import { decodeLink, encodeLink, type LinkState } from '../../src/scenario/link';
import { parseScenario, type Scenario } from '../../src/scenario/schema';
import { linkNoticeText } from '../../src/scenario/linkNotice';

const rawLink = (json: unknown) => `v=1&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(json))))}`;

const scenario: Scenario = {
  schema: 1,
  workloads: [
    {
      name: 'sessions',
      keys: 9_000_000,
      keyBytes: 40,
      type: 'string',
      valueBytes: 200,
      ttlFraction: 1,
      growth: { kind: 'writesTimesTtl', writesPerSecond: 5000, ttlSeconds: 1800 },
    },
    {
      name: 'profiles',
      keys: 2_000_000,
      keyBytes: 20,
      type: 'hash',
      fields: 8,
      fieldBytes: 8,
      valueBytes: 12,
      ttlFraction: 0,
      growth: { kind: 'keysPerMonth', keysPerMonth: 200_000 },
    },
    {
      name: 'feed',
      keys: 1000,
      keyBytes: 20,
      type: 'string',
      valueBytes: 20,
      ttlFraction: 0,
      growth: { kind: 'percentPerMonth', percentPerMonth: 3.5 },
    },
  ],
  deployment: { instanceType: 'cache.r7g.xlarge', replicas: 1 },
  cost: { region: 'us-east-1', pricePerNodeHour: 0.437, discountPercent: 30 },
};

describe('cost and growth settings in scenarios and share links', () => {
  it('round-trip through a share link unchanged', () => {
    const state: LinkState = { scenario, view: {} };
    const result = decodeLink(encodeLink(state));
    expect(result).toMatchObject({ ok: true, notices: [] });
    expect(result.state).toEqual({ ...state, scenario: withLineChoice(scenario) });
  });

  it('are optional: a scenario without them is valid', () => {
    expect(
      parseScenario({
        schema: 1,
        workloads: [{ name: 'a', keys: 1, keyBytes: 1, type: 'string', valueBytes: 1, ttlFraction: 0 }],
      }).ok,
    ).toBe(true);
  });

  it('a bad price in a link is left out with a notice naming it; the rest opens', () => {
    const result = decodeLink(rawLink({ scenario: { ...scenario, cost: { pricePerNodeHour: -1 } }, view: {} }));
    expect(result.ok).toBe(true);
    expect(result.state.scenario.cost).toBeUndefined();
    expect(result.state.scenario.workloads).toHaveLength(3);
    expect(result.ok && result.notices.map(linkNoticeText).join(' ')).toContain('pricePerNodeHour must be above 0');
  });

  it('a bad growth is ignored alone, with a notice naming it; its workload keeps the rest', () => {
    const broken = { ...scenario.workloads[1], growth: { kind: 'percentPerMonth', percentPerMonth: 250 } };
    const result = decodeLink(rawLink({ scenario: { ...scenario, workloads: [scenario.workloads[0], broken] }, view: {} }));
    expect(result.ok && result.notices.map(linkNoticeText).join(' ')).toBe(
      'workload 2: ignored growth.percentPerMonth: percentPerMonth: at most 100 (doubling every month)',
    );
    expect(result.state.scenario.workloads.map((w) => w.name)).toEqual(['sessions', 'profiles']);
    const { growth, ...withoutGrowth } = scenario.workloads[1]!;
    expect(growth).toBeDefined();
    expect(result.state.scenario.workloads[1]).toEqual(withoutGrowth);
  });

  it.each([
    [{ discountPercent: 120 }, 'discountPercent: at most 99'],
    [{ region: 'Mars' }, 'region is a cloud region id'],
  ])('rejects cost %j with a message naming the field', (cost, message) => {
    const parsed = parseScenario({ ...scenario, cost });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(message);
  });
});
