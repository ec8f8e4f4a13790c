import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { scenarioSchema, workloadSchema } from '../../src/scenario/schema';
import { schemaIssue } from '../../src/scenario/schemaIssue';
import { schemaIssueMessage } from '../../src/ui/sharing/linkNoticeMessages';

const workload = DEFAULT_SCENARIO.workloads[0]!;
const said = (raw: unknown, schema: typeof workloadSchema | typeof scenarioSchema = workloadSchema) => {
  const result = schema.safeParse(raw);
  return result.success ? [] : result.error.issues.map((i) => schemaIssueMessage(schemaIssue(i)));
};

// The page words a damaged link's schema issues from their codes and figures in its language;
// English keeps the schema's own message, as the command line prints it.
describe('a damaged link’s schema issues in the reader’s language', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  afterAll(() => activateLocale('en'));

  it('English: the schema’s own words', async () => {
    await activateLocale('en');
    expect(said({ ...workload, keys: -5 })).toEqual(['keys: keys cannot be negative']);
  });

  it('German: ranges, types and choices from the issue’s figures, fields by their JSON names', async () => {
    await activateLocale('de');
    expect(said({ ...workload, keys: -5 })).toEqual(['keys: darf nicht negativ sein']);
    expect(said({ ...workload, keys: 2e12 })).toEqual(['keys: höchstens 1.000.000.000.000']);
    expect(said({ ...workload, keys: 'viele' })).toEqual(['keys: erwartet: eine Zahl']);
    expect(said({ ...workload, keys: 1.5 })).toEqual(['keys: erwartet: eine ganze Zahl']);
    expect(said({ ...workload, valueKind: 'x' })).toEqual(['valueKind: einer der Werte bytes, int']);
    expect(said({ ...workload, growth: { kind: 'x' } })).toEqual([
      'growth.kind: einer der Werte keysPerMonth, percentPerMonth, writesTimesTtl',
    ]);
    expect(said({ ...workload, evil: 1 })).toEqual(['unbekannte Felder: evil']);
    expect(said({ ...workload, name: '' })).toEqual(['name: darf nicht leer sein']);
    expect(said({ ...workload, name: 'x'.repeat(81) })).toEqual(['name: höchstens 80 Zeichen']);
  });

  it('Russian, Chinese and German: a check of our own says its reason, with its figures, the field named', async () => {
    await activateLocale('ru');
    expect(said({ ...workload, fieldBytes: 3 })).toEqual(['fieldBytes: применимо только к группам ключей типа hash']);
    await activateLocale('zh-CN');
    const scenario = { ...DEFAULT_SCENARIO, deployment: { instanceType: 'cache.x9' } };
    expect(said(scenario, scenarioSchema)).toEqual(['deployment.instanceType：未知的实例类型“cache.x9”']);
    await activateLocale('de');
    expect(said({ ...workload, type: 'set', fieldBytes: undefined })).toEqual([
      'fields: ein Workload vom Typ set braucht fields (Elemente pro Schlüssel)',
    ]);
    const twice = { ...DEFAULT_SCENARIO, workloads: [workload, workload] };
    expect(said(twice, scenarioSchema)).toEqual([`workloads.1.name: der Name „${workload.name}“ ist doppelt vergeben`]);
  });

  it('every reason the schema gives has its wording, so none falls back to "not valid"', async () => {
    await activateLocale('de');
    const cases: unknown[][] = [
      [{ ...workload, valueKind: 'int', valueBytes: 25 }],
      [{ ...workload, type: 'string', fields: 3 }],
      [{ ...workload, type: 'hash', fields: 3, fieldBytes: undefined }],
      [{ ...workload, fieldTtlFraction: 0.5 }],
      [{ ...DEFAULT_SCENARIO, versions: ['7.2', '7.2'] }, scenarioSchema],
      [{ ...DEFAULT_SCENARIO, config: { listMaxListpackSize: 0 } }, scenarioSchema],
    ];
    for (const [raw, schema] of cases) {
      const messages = said(raw, schema as typeof scenarioSchema | undefined);
      expect(messages.length, JSON.stringify(raw)).toBeGreaterThan(0);
      for (const m of messages) expect(m).not.toContain('kein gültiger Wert');
    }
  });
});
