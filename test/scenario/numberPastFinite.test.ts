import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../src/scenario/base64url';
import { decodeLink, LINK_FORMAT } from '../../src/scenario/link';
import { linkNoticeText, type LinkNotice } from '../../src/scenario/linkNotice';
import { parseScenario } from '../../src/scenario/schema';
import { viewSchema } from '../../src/scenario/view';

/** A link of one scenario written as JSON text: 1e400 must reach JSON.parse as written (JSON.stringify writes Infinity as null). */
const linkOf = (scenarioJson: string) =>
  `v=${LINK_FORMAT}&s=${toBase64Url(deflateSync(strToU8(`{"scenario":${scenarioJson},"view":{}}`)))}`;

const workload = (over: string) =>
  `{"name":"cache","type":"hash","keys":1000,"keyBytes":20,"fields":10,"fieldBytes":8,"valueBytes":25,"ttlFraction":0${over}}`;
const other = '{"name":"sessions","type":"string","keys":10,"keyBytes":16,"valueBytes":16,"ttlFraction":0}';

function notices(scenarioJson: string): LinkNotice[] {
  const result = decodeLink(linkOf(scenarioJson));
  if (!result.ok) throw new Error('the link did not open');
  return result.notices;
}
const noticeTexts = (scenarioJson: string) => notices(scenarioJson).map(linkNoticeText);

// JSON reads 1e400 as Infinity: a number too large for any field, which zod's number type called "not a number".
describe('a figure past any finite number is too large, with the bound (issue 32, item 14)', () => {
  it('"keys": 1e400 in a link: too large, with the supported maximum', () => {
    expect(noticeTexts(`{"schema":1,"workloads":[${workload(',"keys":1e400')},${other}]}`)).toEqual([
      'left out workload 1: keys: keys is too large (past any finite number): the supported maximum is 1,000,000,000,000',
    ]);
  });

  it('"keys": -1e400 cannot be negative; a bounded setting names its minimum', () => {
    expect(noticeTexts(`{"schema":1,"workloads":[${workload(',"keys":-1e400')},${other}]}`)).toEqual([
      'left out workload 1: keys: keys is too small (past any finite number): it cannot be negative',
    ]);
    expect(noticeTexts(`{"schema":1,"workloads":[${other}],"deployment":{"fragmentationRatio":-1e400,"replicas":1}}`)).toEqual([
      'ignored deployment: fragmentationRatio: fragmentationRatio is too small (past any finite number): the supported minimum is 1',
    ]);
  });

  it('an optional field past any number goes alone, the workload stays', () => {
    const result = decodeLink(linkOf(`{"schema":1,"workloads":[${workload(',"fieldTtlFraction":1e400')}]}`));
    if (!result.ok) throw new Error('the link did not open');
    expect(result.state.scenario.workloads.map((w) => w.name)).toEqual(['cache']);
    expect(result.notices.map(linkNoticeText)).toEqual([
      'workload 1: ignored fieldTtlFraction: fieldTtlFraction is too large (past any finite number): the supported maximum is 1',
    ]);
  });

  it("a distribution's size is told the field's bound; the view's figures too", () => {
    const range = '{"kind":"range","shape":"uniform","min":1,"max":1e400}';
    expect(noticeTexts(`{"schema":1,"workloads":[${workload(`,"valueBytes":${range}`)},${other}]}`)).toEqual([
      'left out workload 1: valueBytes.max: the valueBytes distribution: max is too large (past any finite number): the supported maximum is 536,870,912',
    ]);
    const view = viewSchema.safeParse({ cores: Infinity });
    expect(view.error?.issues.map((i) => i.message)).toEqual([
      'cores is too large (past any finite number): the supported maximum is 256',
    ]);
  });

  it('scenario JSON says the same (the schema the command line reads)', () => {
    const parsed = parseScenario(JSON.parse(`{"schema":1,"workloads":[${workload(',"keys":1e400')}]}`));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error).toContain('keys is too large (past any finite number): the supported maximum is 1,000,000,000,000');
    // Text still gets its own message: what it stands for.
    const text = parseScenario(JSON.parse(`{"schema":1,"workloads":[${workload(',"keys":"40M"')}]}`));
    expect(!text.ok && text.error).toContain('keys must be a number, not text: write "40M" as 40000000');
  });

  it('German words it as the limit, in its own figures', async () => {
    const { activateLocale, withLaterMessages } = await import('../../src/i18n');
    const { schemaIssueMessage } = await import('../../src/ui/sharing/linkNoticeMessages');
    const [notice] = notices(`{"schema":1,"workloads":[${workload(',"keys":1e400')},${other}]}`);
    if (notice?.code !== 'workloadLeftOut') throw new Error('expected the workload to be left out');
    await withLaterMessages(Promise.resolve());
    await activateLocale('de');
    try {
      expect(schemaIssueMessage(notice.issues.issues[0]!)).toBe('keys: höchstens 1.000.000.000.000');
    } finally {
      await activateLocale('en');
    }
  });
});
