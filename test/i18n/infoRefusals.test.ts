import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import { infoRefusalText, parseInfoFindings, type InfoRefusal } from '../../src/info/parse';
import { infoRefusalMessage } from '../../src/ui/serverInfo/infoMessages';

/** A paste for every way INFO output is refused. */
const PASTES: Record<InfoRefusal['code'], string> = {
  empty: '  \n ',
  tooLong: 'x'.repeat(2_000_001),
  sectionTwice: '# Memory\nused_memory:100\n# Memory\n',
  dbTwice: 'db3:keys=1,expires=0,avg_ttl=0\ndb3:keys=2,expires=0,avg_ttl=0',
  tooManyKeys: 'db0:keys=99999999999999999999,expires=0,avg_ttl=0',
  moreTtlThanKeys: 'db0:keys=1000,expires=1200,avg_ttl=0',
  keyspaceNotCount: 'db0:keys=1e400,expires=0,avg_ttl=0',
  tooManyKeysInTotal: 'db0:keys=1000000000000,expires=0\ndb1:keys=1000000000000,expires=0\nused_memory:1782579',
  keysAboveMemory: 'db0:keys=1000000,expires=0,avg_ttl=0\nused_memory:1782579',
  fieldTooLarge: 'used_memory:1782579\nmem_clients_normal:999999999999999999',
  partAboveUsedMemory: 'used_memory:1782579\nmem_clients_normal:2000000',
  partsAboveUsedMemory: 'used_memory:1782579\nused_memory_startup:900000\nmem_clients_normal:900000',
  fieldTwice: 'used_memory:100\nused_memory:200',
  fieldEmpty: 'used_memory:',
  fieldNotDecimal: 'used_memory:0x1A',
  nothingUsable: 'maxmemory:lots',
  noFields: 'lorem ipsum',
};

function refusal(code: InfoRefusal['code']): InfoRefusal {
  const found = parseInfoFindings(PASTES[code]);
  if (found.ok) throw new Error(`${code}: the paste was read`);
  expect(found.refusal.code).toBe(code);
  return found.refusal;
}

// A paste that cannot be read is refused on the page in the page's language, and on the command
// line in English; the English catalog says what the command line says (the page groups a
// count's digits, where the command line repeats the paste's).
describe('INFO refusals in each language', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));
  afterAll(() => activateLocale('en'));

  const ungrouped = (text: string) => text.replace(/(\d),(?=\d{3})/g, '$1');

  it.each(Object.keys(PASTES) as Array<InfoRefusal['code']>)('%s: the page’s English is the command line’s', async (code) => {
    await activateLocale('en');
    expect(ungrouped(infoRefusalMessage(refusal(code)))).toBe(ungrouped(infoRefusalText(refusal(code))));
  });

  it('English: the page groups the digits of a count', async () => {
    await activateLocale('en');
    expect(infoRefusalMessage(refusal('moreTtlThanKeys'))).toBe(
      'db0 has more keys with a TTL (1,200) than keys (1,000): the paste is damaged.',
    );
  });

  it('German: figures grouped the German way, the server’s names kept', async () => {
    await activateLocale('de');
    expect(infoRefusalMessage(refusal('moreTtlThanKeys'))).toBe(
      'db0 hat mehr Schlüssel mit TTL (1.200) als Schlüssel insgesamt (1.000): Die Eingabe ist beschädigt.',
    );
    expect(infoRefusalMessage(refusal('tooLong'))).toBe('Das sind 2.000.001 Zeichen; die Ausgabe von INFO ist weit kürzer.');
    expect(infoRefusalMessage(refusal('tooManyKeys'))).toContain('(1.000.000.000.000)');
    expect(infoRefusalMessage(refusal('noFields'))).toMatch(/^Keine INFO-Felder gefunden: .*„used_memory:1234“/);
  });

  it('Russian and Chinese: the section and the field named as INFO writes them', async () => {
    await activateLocale('ru');
    expect(infoRefusalMessage(refusal('sectionTwice'))).toBe(
      'Раздел «# Memory» встречается дважды: вставьте вывод одной команды INFO, а не двух.',
    );
    expect(infoRefusalMessage(refusal('moreTtlThanKeys'))).toContain('(1\u00a0200)');
    await activateLocale('zh-CN');
    expect(infoRefusalMessage(refusal('fieldNotDecimal'))).toBe(
      'used_memory 的值为“0x1A”，而 INFO 会将其输出为普通的十进制字节数。',
    );
  });
});
