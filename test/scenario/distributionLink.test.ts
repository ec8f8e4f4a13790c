import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { estimateScenario } from '../../src/model';
import { toBase64Url } from '../../src/scenario/base64url';
import { decodeLink, encodeLink, LINK_FORMAT } from '../../src/scenario/link';
import { linkNoticeText } from '../../src/scenario/linkNotice';
import { resolveScenario } from '../../src/scenario/resolve';
import type { Scenario } from '../../src/scenario/schema';
import { UNIFORM_VALUES } from '../support/uniformValues';

const rawLink = (payload: unknown, format = LINK_FORMAT) =>
  `v=${format}&s=${toBase64Url(deflateSync(strToU8(JSON.stringify(payload))))}`;

const datasetBytes = (s: Scenario) => estimateScenario(resolveScenario(s)).versions.map((v) => Math.round(v.datasetBytes));

describe('a link carries distributions (format 3)', () => {
  it('a uniform 1-200 B value size gives the same figures after a link round trip', () => {
    const fragment = encodeLink({ scenario: UNIFORM_VALUES, view: {} });
    expect(fragment).toMatch(/^v=3&/);
    const opened = decodeLink(fragment);
    expect(opened.ok && opened.notices).toEqual([]);
    expect(opened.state.scenario.workloads[0]!.valueBytes).toEqual(UNIFORM_VALUES.workloads[0]!.valueBytes);
    expect(datasetBytes(opened.state.scenario)).toEqual(datasetBytes(UNIFORM_VALUES));
  });

  it('a format-2 link of numbers opens through the migration as it did', () => {
    const numbers = { schema: 1, workloads: [{ ...UNIFORM_VALUES.workloads[0]!, valueBytes: 100 }] };
    const opened = decodeLink(rawLink({ scenario: numbers, view: {} }, 2));
    expect(opened.ok && opened.notices).toEqual([]);
    expect(opened.state.scenario.workloads[0]!.valueBytes).toBe(100);
  });

  it('a page that knows format 2 only would call a format-3 link newer, not damaged', () => {
    expect(decodeLink(`v=${LINK_FORMAT + 1}&s=abc`)).toMatchObject({ ok: false, error: { code: 'newerFormat' } });
  });
});

describe('a bad distribution in a link is dropped alone, with a notice naming it', () => {
  const other = { name: 'sessions', keys: 10, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 };
  const open = (first: Record<string, unknown>) => {
    const result = decodeLink(rawLink({ scenario: { schema: 1, workloads: [first, other] }, view: {} }));
    if (!result.ok) throw new Error('the link did not open');
    return { workloads: result.state.scenario.workloads, notices: result.notices.map(linkNoticeText) };
  };
  const hash = { name: 'h', type: 'hash', keys: 1000, keyBytes: 16, fields: 20, fieldBytes: 8, valueBytes: 16, ttlFraction: 0 };

  it('a field count whose range is upside down: the hash keeps its other distributions and takes 10 fields', () => {
    const keyBytes = { kind: 'range', shape: 'uniform', min: 10, max: 30 };
    const { workloads, notices } = open({ ...hash, keyBytes, fields: { kind: 'range', shape: 'uniform', min: 200, max: 50 } });
    expect(workloads.map((w) => w.name)).toEqual(['h', 'sessions']);
    expect(workloads[0]).toMatchObject({ ...hash, keyBytes, fields: 10 });
    expect(notices).toEqual(['workload 1: ignored fields: the fields distribution: min must not be above max']);
  });

  it('field names of a shape that does not exist: the hash takes 8-byte field names', () => {
    const { workloads, notices } = open({ ...hash, fieldBytes: { kind: 'range', shape: 'bimodal', min: 1, max: 9 } });
    expect(workloads[0]).toMatchObject({ ...hash, fieldBytes: 8 });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^workload 1: ignored fieldBytes\.shape: .*shape is one of uniform, normal, lognormal/);
  });

  it('a value size without a usable distribution has nothing to fall back to: its workload is left out, named', () => {
    const { workloads, notices } = open({ ...hash, valueBytes: { kind: 'percentiles', p50: 30, p90: 20, p99: 40, max: 50 } });
    expect(workloads.map((w) => w.name)).toEqual(['sessions']);
    expect(notices).toEqual([
      'left out workload 1: valueBytes: the valueBytes distribution: percentiles must not decrease (min <= p50 <= p90 <= p99 <= max)',
    ]);
  });
});

describe('the notice of a bad distribution in the page language', () => {
  it('German names the field and calls the distribution unusable', async () => {
    const { activateLocale, withLaterMessages } = await import('../../src/i18n');
    const { schemaIssueMessage } = await import('../../src/ui/sharing/linkNoticeMessages');
    const hash = { name: 'h', type: 'hash', keys: 1000, keyBytes: 16, fieldBytes: 8, valueBytes: 16, ttlFraction: 0 };
    const bad = { ...hash, fields: { kind: 'range', shape: 'uniform', min: 200, max: 50 } };
    const result = decodeLink(rawLink({ scenario: { schema: 1, workloads: [bad] }, view: {} }));
    const notice = result.ok ? result.notices[0] : undefined;
    if (notice?.code !== 'workloadPartIgnored') throw new Error('expected the field to be ignored');
    await withLaterMessages(Promise.resolve());
    await activateLocale('de');
    try {
      expect(schemaIssueMessage(notice.issues.issues[0]!)).toBe(
        'fields: keine brauchbare Verteilung (ihre Werte passen nicht zu den Grenzen des Felds oder zueinander)',
      );
    } finally {
      await activateLocale('en');
    }
  });
});
