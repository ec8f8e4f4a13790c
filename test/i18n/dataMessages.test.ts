import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortIds } from '../../scripts/messageCatalogs';
import { caveats } from '../../src/data/caveats';
import { instanceTypes } from '../../src/data/instanceTypes';
import { prices } from '../../src/data/prices';
import { throughputReference } from '../../src/data/throughputReference';
import { activateLocale, t, withLaterMessages, type MessageId } from '../../src/i18n';
import { repeatsDataFile } from '../../src/i18n/catalogParts';
import { LOCALES } from '../../src/i18n/locales';
import { PRESETS } from '../../src/scenario/presets';
import { CAVEAT_TEXTS } from '../../src/ui/results/Caveat';
import { NODE_OFFERING_TEXTS, SERVERLESS_OFFERING_TEXTS, SOURCE_NOTE_TEXTS } from '../../src/ui/cost/priceTexts';
import { dataText } from '../../src/ui/common/dataText';
import { OFFERING_TEXTS } from '../../src/ui/cost/DeploymentForm';
import { PRESET_TITLES } from '../../src/ui/workload/PresetPicker';
import { POINT_TEXTS, SOURCE_TEXTS } from '../../src/ui/results/ThroughputPanel';

/** Texts that come with data (caveats, presets) are shown through the catalog, by id: none may be left out. */
describe('texts kept in data files', () => {
  it('every caveat has its message', () => {
    expect(caveats.caveats.map((c) => c.id).filter((id) => !(id in CAVEAT_TEXTS))).toEqual([]);
  });

  it('every preset has its title', () => {
    expect(PRESETS.map((p) => p.id).filter((id) => !(id in PRESET_TITLES))).toEqual([]);
    // The picker lists the titles' ids: exactly the presets, in their order.
    expect(Object.keys(PRESET_TITLES)).toEqual(PRESETS.map((p) => p.id));
  });
});

const catalogs = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(readFileSync(`src/i18n/catalogs/${l}.json`, 'utf8')) as Record<string, string>]),
);

const COMMANDS = /^[A-Z]+(\/[A-Z]+)*$/;

/** Each text a data file holds, with the message the page shows it by (undefined: none yet). */

const DATA_TEXTS: Array<{ where: string; english: string; message: MessageId | undefined }> = [
  ...throughputReference.points.flatMap((p) => [
    { where: `${p.id} setup`, english: p.setup, message: POINT_TEXTS[p.id]?.setup },
    // Command names (GET, GET/SET) are the server's words in every language.
    ...(COMMANDS.test(p.operation)
      ? []
      : [{ where: `${p.id} operation`, english: p.operation, message: POINT_TEXTS[p.id]?.operation }]),
    ...(p.note ? [{ where: `${p.id} note`, english: p.note, message: POINT_TEXTS[p.id]?.note }] : []),
  ]),
  { where: 'throughput source title', english: throughputReference.source.title, message: SOURCE_TEXTS.title },
  { where: 'throughput publisher', english: throughputReference.source.publisher!, message: SOURCE_TEXTS.publisher },
  { where: 'throughput method', english: throughputReference.method, message: SOURCE_TEXTS.method },
  ...instanceTypes.types.map((type) => ({ where: type.id, english: type.offering, message: OFFERING_TEXTS[type.offering] })),
  ...prices.nodePrices.map((p) => ({ where: p.instanceType, english: p.offering, message: NODE_OFFERING_TEXTS[p.offering] })),
  ...prices.serverless.map((s) => ({ where: s.id, english: s.offering, message: SERVERLESS_OFFERING_TEXTS[s.id] })),
  ...prices.sources
    .filter((s) => s.publishedNote)
    .map((s) => ({ where: s.id, english: s.publishedNote!, message: SOURCE_NOTE_TEXTS[s.id] })),
];

/** The page's modules carry short message ids (scripts/messageCatalogs.ts): the catalog id of each. */
const catalogId = new Map([...shortIds()].map(([id, short]) => [short, id]));
const catalogIdOf = (message: MessageId | undefined) => (message && catalogId.get(message)) ?? message;

// The page shows a data file's texts in its language: a new entry without its message fails here.
describe('data files’ texts in every catalog', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('every entry shown on the page has its message, in every catalog', () => {
    expect(DATA_TEXTS.filter((d) => !d.message).map((d) => d.where)).toEqual([]);
    for (const locale of LOCALES) {
      expect(
        DATA_TEXTS.filter((d) => !(catalogIdOf(d.message)! in catalogs[locale]!)).map((d) => d.where),
        locale,
      ).toEqual([]);
    }
  });

  it('the English catalog says what the data file says (the file is the source of record)', () => {
    const english = catalogs.en!;
    expect(
      DATA_TEXTS.filter((d) => english[catalogIdOf(d.message)!] !== d.english).map(
        (d) => `${d.where}: ${english[catalogIdOf(d.message)!]}`,
      ),
    ).toEqual([]);
  });

  it('English shows the file’s own text; the English chunks leave the catalog’s copy out', async () => {
    await activateLocale('en');
    expect(dataText(POINT_TEXTS['r7g.2xlarge-managed-valkey']!.note, 'as the file says')).toBe('as the file says');
    const ids = Object.keys((await import('virtual:catalog/en/later')).default);
    expect(ids).not.toContain(shortIds().get('throughput.data.comparedWithIoThreads8'));
    expect(ids).toContain(shortIds().get('throughput.title'));
  });

  it('no message is left over from an entry that is gone, and no mapping names an entry that is not there', () => {
    const used = new Set(DATA_TEXTS.map((d) => catalogIdOf(d.message)));
    const orphans = Object.keys(catalogs.en!).filter((id) => repeatsDataFile(id) && !used.has(id));
    expect(orphans).toEqual([]);
    const pointIds = new Set(throughputReference.points.map((p) => p.id));
    expect(Object.keys(POINT_TEXTS).filter((id) => !pointIds.has(id))).toEqual([]);
    const offerings = new Set(instanceTypes.types.map((type) => type.offering));
    expect(Object.keys(OFFERING_TEXTS).filter((o) => !offerings.has(o))).toEqual([]);
    expect(Object.keys(NODE_OFFERING_TEXTS).filter((o) => !prices.nodePrices.some((p) => p.offering === o))).toEqual([]);
    expect(Object.keys(SERVERLESS_OFFERING_TEXTS).filter((id) => !prices.serverless.some((s) => s.id === id))).toEqual([]);
    expect(Object.keys(SOURCE_NOTE_TEXTS).filter((id) => !prices.sources.some((s) => s.id === id && s.publishedNote))).toEqual(
      [],
    );
  });

  it('German: a reference point and an offering read in German', async () => {
    await activateLocale('de');
    try {
      expect(t(POINT_TEXTS['r7g.2xlarge-selfmanaged-valkey8-get']!.note!)).toMatch(
        /^Selbst betriebenes Redis 7\.2 auf derselben Instanz: etwa 400\.000\./,
      );
      expect(dataText(OFFERING_TEXTS['EC2 (self-managed)'], 'EC2 (self-managed)')).toBe('EC2 (selbst betrieben)');
    } finally {
      await activateLocale('en');
    }
  });
});

describe('provider rules in the deployment form', () => {
  it('every rule of data/provider-rules.json has its short name in every catalog', async () => {
    const { RULE_LABELS } = await import('../../src/ui/cost/ProviderRuleField');
    const { providerRules } = await import('../../src/data/providerRules');
    expect(Object.keys(RULE_LABELS).sort()).toEqual(providerRules.rules.map((r) => r.id).sort());
    for (const locale of LOCALES)
      for (const id of Object.values(RULE_LABELS)) expect(catalogs[locale]![catalogIdOf(id)!], `${locale} ${id}`).toBeTruthy();
  });
});
