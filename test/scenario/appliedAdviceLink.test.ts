import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { adviceFor } from '../../src/model/advice';
import { applyAdvice } from '../../src/scenario/advice';
import { toBase64Url } from '../../src/scenario/base64url';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { withLineChoice } from '../../src/scenario/linkCompat';
import { linkNoticeText } from '../../src/scenario/linkNotice';
import { resolveScenario } from '../../src/scenario/resolve';
import { MAX_APPLIED_ADVICE, parseScenario, type Scenario } from '../../src/scenario/schema';
import { CARTS_AND_USERS } from '../support/adviceWorkloads';

const rawLink = (json: unknown) => `v=3&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(json))))}`;

const scenario = CARTS_AND_USERS;

/** Every advice item of the scenario applied in turn, as Apply would (each priced on the scenario as it then is). */
function appliedInTurn(s: Scenario): Scenario {
  for (const kind of ['keyTtl', 'dropTtl', 'allocator', 'line', 'shorterKeys'] as const) {
    const item = adviceFor(resolveScenario(s)).find((a) => a.change.kind === kind);
    if (item) s = applyAdvice(s, item.change);
  }
  return s;
}

describe('applied advice travels with the scenario', () => {
  it('Apply records what it changed, the workload by name, in order', () => {
    const applied = appliedInTurn(scenario);
    expect(applied.appliedAdvice?.map((a) => a.kind)).toEqual(['keyTtl', 'dropTtl', 'allocator', 'line', 'shorterKeys']);
    expect(applied.appliedAdvice?.[0]).toEqual({ kind: 'keyTtl', workload: 'carts' });
    expect(applied.appliedAdvice?.[1]).toEqual({ kind: 'dropTtl', workload: 'users', ttlFraction: 0.02 });
    expect(applied.appliedAdvice?.[2]).toEqual({ kind: 'allocator', allocator: 'jemalloc-bundled' });
    expect(applied.appliedAdvice?.[3]).toMatchObject({ kind: 'line', from: '7.2' });
    expect(applied.appliedAdvice?.[4]).toMatchObject({ kind: 'shorterKeys', workload: 'carts', fromKeyBytes: 20 });
    // The record changes no figure: the model reads the scenario without it.
    expect(resolveScenario(applied)).toEqual(resolveScenario({ ...applied, appliedAdvice: undefined }));
    expect(parseScenario(applied)).toEqual({ ok: true, scenario: applied });
  });

  it('a link keeps the record whole, and a link without one opens as it always did', () => {
    const applied = appliedInTurn(scenario);
    const state = { scenario: applied, view: {} };
    const result = decodeLink(encodeLink(state));
    expect(result).toMatchObject({ ok: true, notices: [] });
    expect(result.state.scenario).toEqual(withLineChoice(applied));
    const old = decodeLink(encodeLink({ scenario, view: {} }));
    expect(old.state.scenario).toEqual(withLineChoice(scenario));
    expect(old.state.scenario.appliedAdvice).toBeUndefined();
  });

  it('a damaged record is named and dropped; the plan opens with its figures', () => {
    const bad = { ...scenario, appliedAdvice: [{ kind: 'magic', workload: 'carts' }] };
    const result = decodeLink(rawLink({ scenario: bad, view: {} }));
    expect(result.ok).toBe(true);
    expect(result.state.scenario.appliedAdvice).toBeUndefined();
    expect(result.state.scenario.workloads).toHaveLength(2);
    expect(result.ok && result.notices.map(linkNoticeText).join(' ')).toContain('an applied item is one of shorterKeys');
    const parsed = parseScenario({ ...scenario, appliedAdvice: [{ kind: 'line', line: '9.9', from: '7.2' }] });
    expect(!parsed.ok && parsed.error).toContain('a release line is one of');
  });

  it(`keeps the latest ${MAX_APPLIED_ADVICE} items`, () => {
    let s: Scenario = { ...scenario, target: '9.1' };
    const change = { kind: 'dropTtl', workload: 1, ttlFraction: 0.02 } as const;
    for (let i = 0; i < MAX_APPLIED_ADVICE + 5; i++) s = applyAdvice({ ...s, workloads: scenario.workloads }, change);
    expect(s.appliedAdvice).toHaveLength(MAX_APPLIED_ADVICE);
    expect(parseScenario(s).ok).toBe(true);
  });
});
