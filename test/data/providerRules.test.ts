import { describe, expect, it } from 'vitest';
import { providerRules, ruleOfDeployment } from '../../src/data/providerRules';
import { withLineChoice } from '../../src/scenario/linkCompat';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { linkNoticeText } from '../../src/scenario/linkNotice';
import { resolveScenario } from '../../src/scenario/resolve';
import { parseScenario, type Scenario } from '../../src/scenario/schema';
import { toBase64Url } from '../../src/scenario/base64url';
import { deflateSync, strToU8 } from 'fflate';

const rule = (id: string) => providerRules.rules.find((r) => r.id === id)!;
const sessions = { name: 's', keys: 632_000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 } as const;

describe("providers' rules (data/provider-rules.json)", () => {
  it('sets each reserve from the figure its page states, quoted', () => {
    // ElastiCache: reserved-memory-percent 25 % by default.
    expect(rule('elasticache')).toMatchObject({ reservedPercent: 25, headroomPercent: 0 });
    expect(rule('elasticache').quote).toContain('reserve 25% of a node type');
    // Azure: about 10 % maxmemory-reserved and another 10 % maxfragmentationmemory-reserved.
    expect(rule('azure-cache')).toMatchObject({ reservedPercent: 20, headroomPercent: 0 });
    expect(rule('azure-cache').quote).toMatch(
      /approximately 10% .* maxmemory-reserved\. Another 10% .* maxfragmentationmemory-reserved/,
    );
    // Memorystore: maxmemory at 80 % of the instance capacity.
    expect(rule('memorystore')).toMatchObject({ reservedPercent: 20, headroomPercent: 0 });
    expect(rule('memorystore').quote).toContain('80% of the instance capacity');
    // Self-managed: no reserve, the planner's own 25 % headroom (the default deployment's).
    expect(rule('self-managed')).toMatchObject({ reservedPercent: 0, headroomPercent: 25 });
    for (const r of providerRules.rules) {
      expect(r.source.url, r.id).toMatch(/^https:\/\//);
      expect(r.source.retrieved, r.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('the default deployment is the self-managed rule', () => {
    expect(ruleOfDeployment(resolveScenario({ schema: 1, workloads: [sessions] }).deployment)?.id).toBe('self-managed');
  });
});

describe("a provider's rule in a scenario", () => {
  const withRule: Scenario = { schema: 1, workloads: [sessions], deployment: { providerRule: 'elasticache' } };

  it('fills the reserve and headroom, and ElastiCache then needs more room than the planner default', () => {
    const d = resolveScenario(withRule).deployment;
    expect(d).toMatchObject({ reservedPercent: 25, headroomPercent: 0 });
    expect(d).not.toHaveProperty('providerRule');
  });

  it('refuses figures that contradict the rule, naming both, and an unknown rule', () => {
    const contradicted = parseScenario({ ...withRule, deployment: { providerRule: 'elasticache', reservedPercent: 10 } });
    expect(contradicted.ok).toBe(false);
    expect(!contradicted.ok && contradicted.error).toContain('reservedPercent 10 is not the 25 of providerRule elasticache');
    const unknown = parseScenario({ ...withRule, deployment: { providerRule: 'heroku' } });
    expect(!unknown.ok && unknown.error).toContain('deployment.providerRule');
  });

  it('travels in a share link, and a damaged one is left out with a notice', () => {
    const result = decodeLink(encodeLink({ scenario: withRule, view: {} }));
    expect(result).toMatchObject({ ok: true, notices: [] });
    expect(result.state.scenario).toEqual(withLineChoice(withRule));
    const raw = `v=1&s=${toBase64Url(deflateSync(strToU8(JSON.stringify({ scenario: { ...withRule, deployment: { providerRule: 'heroku' } }, view: {} }))))}`;
    const damaged = decodeLink(raw);
    expect(damaged.ok).toBe(true);
    expect(damaged.state.scenario.deployment?.providerRule).toBeUndefined();
    expect(damaged.ok && damaged.notices.map(linkNoticeText).join(' ')).toContain('providerRule');
  });
});
