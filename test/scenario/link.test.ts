import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { toBase64Url } from '../../src/scenario/base64url';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { decodeLink, encodeLink, LINK_FORMAT, LINK_MIGRATIONS, type LinkState } from '../../src/scenario/link';
import { FORMAT_1_LINE_CHOICE, pinFormat1Lines, withLineChoice } from '../../src/scenario/linkCompat';
import { PRESETS } from '../../src/scenario/presets';
import { noticeFor } from '../../src/state/urlSync';
import { linkErrorText, linkNoticeText, pageNoticeText } from '../../src/scenario/linkNotice';
import { scenarioSchema, type Workload } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';

/** A link of the current format whose payload is exactly this JSON text, for hand-made hostile payloads. */
const rawLink = (json: string, format = LINK_FORMAT) => `v=${format}&s=${toBase64Url(deflateSync(strToU8(json)))}`;

describe('share links round-trip', () => {
  it.each(PRESETS)('$id opens with the same scenario (its lines written out), view and numbers', (preset) => {
    const state: LinkState = { scenario: preset.scenario, view: preset.view ?? {} };
    const result = decodeLink(encodeLink(state));
    expect(result.ok).toBe(true);
    expect(result.state).toEqual({ ...state, scenario: withLineChoice(state.scenario) });
    expect(estimateScenario(resolveScenario(result.state.scenario))).toEqual(estimateScenario(resolveScenario(state.scenario)));
  });

  it('the defaults make an empty fragment, and an empty fragment opens the defaults without a notice', () => {
    expect(encodeLink({ scenario: DEFAULT_SCENARIO, view: {} })).toBe('');
    expect(decodeLink('')).toEqual({ ok: true, state: { scenario: DEFAULT_SCENARIO, view: {} }, embed: false, notices: [] });
  });

  it('a 20-workload scenario still fits in a chat message (under 2,000 characters)', () => {
    const workloads: Workload[] = Array.from({ length: 20 }, (_, i) => ({
      name: `family:${i}:{id}`,
      keys: 1000 * (i + 7),
      keyBytes: 20 + i,
      type: (['string', 'hash', 'set', 'zset', 'list'] as const)[i % 5]!,
      valueBytes: 10 * (i + 1),
      ttlFraction: (i % 4) / 4,
      ...(i % 5 !== 0 && { fields: 5 + i }),
      ...(i % 5 === 1 && { fieldBytes: 6 }),
    }));
    const fragment = encodeLink({ scenario: { schema: 1, workloads }, view: { chart: 'valueSize' } });
    expect(fragment.length).toBeLessThan(2000);
    expect(decodeLink(fragment).state.scenario.workloads).toEqual(workloads);
  });

  it('carries the embed flag', () => {
    const fragment = encodeLink({ scenario: PRESETS[0]!.scenario, view: {} }, { embed: true });
    expect(fragment).toMatch(/&embed=1$/);
    expect(decodeLink(`#${fragment}`).embed).toBe(true);
  });
});

describe('links made by released versions keep opening with the same numbers', () => {
  const frozen = (format: number) =>
    (
      JSON.parse(readFileSync(`test/fixtures/links-format-${format}.json`, 'utf8')) as {
        links: Array<{ name: string; fragment: string; expected: Record<string, { datasetBytes: number; nodes: number }> }>;
      }
    ).links.map((link) => ({ ...link, name: `format ${format}: ${link.name}` }));

  it.each([...frozen(1), ...frozen(2), ...frozen(3)])('$name', ({ fragment, expected }) => {
    const result = decodeLink(fragment);
    expect(result.ok && result.notices).toEqual([]);
    const estimate = estimateScenario(resolveScenario(result.state.scenario));
    const got = Object.fromEntries(
      estimate.versions.map((v) => [v.version, { datasetBytes: Math.round(v.datasetBytes), nodes: v.deployment.nodes }]),
    );
    expect(got).toEqual(expected);
  });

  it('every older link format has a migration to the next', () => {
    for (let f = 1; f < LINK_FORMAT; f++) expect(LINK_MIGRATIONS[f], `migration from format ${f}`).toBeTypeOf('function');
  });

  it('format 1 -> 2 writes in the five Valkey lines, 7.2 against 9.1, where a link named none', () => {
    const before = { scenario: { schema: 1, workloads: [] }, view: { chart: 'intro' } };
    expect(pinFormat1Lines(before)).toEqual({
      scenario: { schema: 1, workloads: [], versions: ['7.2', '8.0', '8.1', '9.0', '9.1'], baseline: '7.2', target: '9.1' },
      view: { chart: 'intro' },
    });
    const chosen = { scenario: { schema: 1, workloads: [], versions: ['8.1'], baseline: '8.0', target: '8.1' } };
    expect(pinFormat1Lines(chosen)).toEqual(chosen);
    expect(pinFormat1Lines(42)).toBe(42);
    expect(pinFormat1Lines({ scenario: 'x' })).toEqual({ scenario: 'x' });
    expect(FORMAT_1_LINE_CHOICE.versions).toHaveLength(5);
  });

  it('a format-2 link writes out the lines it compares, so lines added later leave it as it was', () => {
    const fragment = encodeLink({ scenario: PRESETS[0]!.scenario, view: {} });
    expect(fragment).toMatch(/^v=3&/);
    expect(decodeLink(fragment).state.scenario).toMatchObject({
      versions: ['7.2', '8.0', '8.1', '9.0', '9.1'],
      baseline: '7.2',
      target: '9.1',
    });
  });

  it('opens a link whose instance type has left the catalog on the default type, keeping the rest', () => {
    const scenario = { ...PRESETS[0]!.scenario, deployment: { instanceType: 'cache.r5.retired', replicas: 2 } };
    const result = decodeLink(rawLink(JSON.stringify({ scenario })));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.notices.map(linkNoticeText)).toEqual([
      'ignored deployment.instanceType: unknown instance type "cache.r5.retired"',
    ]);
    expect(result.state.scenario.workloads).toEqual(PRESETS[0]!.scenario.workloads);
    expect(result.state.scenario.deployment).toEqual({ replicas: 2 });
  });
});

describe('damaged links keep everything but the bad field', () => {
  const fixture = JSON.parse(readFileSync('test/fixtures/links-format-1-damaged.json', 'utf8')) as {
    links: Array<{ name: string; fragment: string; workloads: string[]; kept: Record<string, unknown>; notices: string[] }>;
  };

  it.each(fixture.links)('$name', ({ fragment, workloads, kept, notices }) => {
    const result = decodeLink(fragment);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.scenario.workloads.map((w) => w.name)).toEqual(workloads);
    expect(result.state.scenario).toMatchObject(kept);
    expect(result.notices.map(linkNoticeText)).toEqual(notices);
  });

  it('an unknown instance type falls back to the default one, keeping the rest of the deployment', () => {
    const result = decodeLink(fixture.links[0]!.fragment);
    expect(resolveScenario(result.state.scenario).deployment).toMatchObject({
      replicas: 1,
      shards: 2,
      instanceType: 'cache.r7g.large',
    });
  });
});

describe('hostile and damaged links open the defaults or the valid part, with a specific notice', () => {
  it.each([
    ['v=1', /no scenario/],
    ['s=abc', /no valid format version/],
    ['v=x&s=abc', /no valid format version/],
    ['v=99&s=abc', /newer version of the planner \(format 99\)/],
    ['v=0&s=abc', /format 0 does not exist/],
    ['v=1&s=%%%', /damaged \(characters/],
    ['v=1&s=<script>alert(1)</script>', /damaged \(characters/],
    ['v=1&s=AAAAAAAA', /does not unpack/],
    [`v=1&s=${'A'.repeat(30_000)}`, /too long/],
    [rawLink('{"scenario": '), /not valid JSON/],
    [rawLink('42'), /holds no scenario/],
    [`v=1&s=${toBase64Url(deflateSync(new Uint8Array(2_000_000).fill(32)))}`, /unpacks to more data/],
  ])('%s', (fragment, message) => {
    const result = decodeLink(fragment);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(linkErrorText(result.error)).toMatch(message);
    expect(result.state.scenario).toEqual(DEFAULT_SCENARIO);
  });

  it('keeps the valid workloads and names what was left out', () => {
    const good = PRESETS.find((p) => p.id === 'mixed-cache')!.scenario;
    const tampered = structuredClone(good) as { workloads: Array<Record<string, unknown>> };
    tampered.workloads[2]!.keys = -1;
    tampered.workloads[4]!.type = 'stream';
    const result = decodeLink(rawLink(JSON.stringify({ scenario: tampered, view: { chart: 'pie', units: 'decimal' } })));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.scenario.workloads.map((w) => w.name)).toEqual([
      'session:{id}',
      'user:{id}',
      'tags:{user}',
      'ratelimit:{ip}',
    ]);
    expect(result.notices.map(linkNoticeText).join('\n')).toMatch(/left out workload 3: keys: keys cannot be negative/);
    expect(result.notices.map(linkNoticeText).join('\n')).toMatch(/left out workload 5: type/);
    expect(result.notices.map(linkNoticeText).join('\n')).toMatch(/ignored display setting "chart"/);
    expect(result.state.view).toEqual({ units: 'decimal' });
  });

  it('drops unknown and out-of-range settings but keeps the rest', () => {
    const result = decodeLink(
      rawLink(
        JSON.stringify({
          scenario: { ...PRESETS[0]!.scenario, allocator: 'tcmalloc', evil: '<img onerror=alert(1)>', baseline: '9.1' },
        }),
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.scenario.allocator).toBeUndefined();
    expect(result.state.scenario.baseline).toBe('9.1');
    expect(result.notices.map(linkNoticeText).join('\n')).toMatch(/ignored allocator/);
    expect(result.notices.map(linkNoticeText).join('\n')).toMatch(/ignored unknown setting "evil"/);
  });

  it('keeps names with markup as plain text (the UI renders them as text)', () => {
    const name = '<script>alert("x")</script>';
    const result = decodeLink(
      encodeLink({ scenario: { schema: 1, workloads: [{ ...DEFAULT_SCENARIO.workloads[0]!, name }] }, view: {} }),
    );
    expect(result.state.scenario.workloads[0]!.name).toBe(name);
  });

  it.each([
    ['a view of a 60,000-element array', { view: Array.from({ length: 60_000 }, () => 0) }, /ignored the display settings/],
    [
      'a view with 2,000 unknown settings',
      { view: Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])) },
      /and 1,995 more/,
    ],
    [
      'versions listing 30,000 lines',
      { scenario: { ...PRESETS[0]!.scenario, versions: Array.from({ length: 30_000 }, () => '6.0') } },
      /and 29,997 more/,
    ],
  ])('%s gives a notice of a few lines that counts the rest', (_, payload, counted) => {
    const result = decodeLink(rawLink(JSON.stringify({ scenario: PRESETS[0]!.scenario, view: {}, ...payload })));
    expect(result.ok).toBe(true);
    const notice = pageNoticeText(noticeFor(result)!);
    expect(notice.length).toBeLessThan(1500);
    expect(result.ok && result.notices.length).toBeLessThanOrEqual(6);
    expect(notice).toMatch(counted);
    expect(result.state.scenario.workloads).toEqual(PRESETS[0]!.scenario.workloads);
  });

  it('10^15 keys in a link is refused with the maximum named', () => {
    const result = decodeLink(
      rawLink(JSON.stringify({ scenario: { schema: 1, workloads: [{ ...DEFAULT_SCENARIO.workloads[0]!, keys: 1e15 }] } })),
    );
    expect(result.ok && result.notices.map(linkNoticeText).join(' ')).toMatch(/keys is above the supported maximum/);
    expect(result.state.scenario).toEqual(DEFAULT_SCENARIO);
  });
});

describe('the decoder under 10,000 generated and mutated links', () => {
  const valid = PRESETS.map((p) => encodeLink({ scenario: p.scenario, view: p.view ?? {} }));

  function checkTyped(fragment: string) {
    const result = decodeLink(fragment);
    expect(typeof result.ok).toBe('boolean');
    expect(scenarioSchema.safeParse(result.state.scenario).success).toBe(true);
    if (!result.ok) expect(linkErrorText(result.error).length).toBeGreaterThan(0);
    else expect(Array.isArray(result.notices)).toBe(true);
  }

  it('never throws on mutated valid links (5,000)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.oneof(fc.constant(''), fc.string({ maxLength: 3 }), fc.constantFrom('&', '=', '%', '#', 'v=2', 'A')),
          ),
          { maxLength: 6 },
        ),
        (link, edits) => {
          let s = link;
          for (const [at, text] of edits) {
            const i = at % (s.length + 1);
            s = s.slice(0, i) + text + s.slice(i + (text.length % 3));
          }
          checkTyped(s);
        },
      ),
      { numRuns: 5000 },
    );
  }, 60_000);

  it('never throws on generated payloads of arbitrary JSON (5,000)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ scenario: fc.jsonValue(), view: fc.jsonValue() }),
          fc.record({
            scenario: fc.record({
              schema: fc.constant(1),
              workloads: fc.array(
                fc.dictionary(
                  fc.constantFrom('name', 'keys', 'keyBytes', 'type', 'valueBytes', 'ttlFraction', 'fields'),
                  fc.jsonValue(),
                ),
              ),
            }),
          }),
        ),
        (json) => checkTyped(rawLink(JSON.stringify(json))),
      ),
      { numRuns: 5000 },
    );
  }, 60_000);
});
