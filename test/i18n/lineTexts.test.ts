import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, translation } from '../../src/i18n';
import { LINES } from '../../src/model/lineRegistry';
import { LINE_TEXTS, lineMessageId, lineText } from '../../src/ui/common/lineTexts';

const german = JSON.parse(readFileSync('src/i18n/catalogs/de.json', 'utf8')) as Record<string, string>;

describe("a release line's texts", () => {
  afterAll(() => activateLocale('en'));

  it("are the registry's English on an English page", async () => {
    await activateLocale('en');
    for (const line of LINES.ids) {
      for (const text of LINE_TEXTS) expect(lineText(line, text)).toBe(LINES.entry(line).release[text]);
    }
  });

  it("are the catalog's translation, by line id, on a German page", async () => {
    await activateLocale('de');
    expect(lineText('redis-7.0', 'checkedAgainst')).toBe('redis-server 7.0.15 aus Debian, live (npm run validate: 54 Fälle)');
    for (const line of LINES.ids) {
      for (const text of LINE_TEXTS) expect(lineText(line, text)).toBe(german[lineMessageId(line, text)]);
    }
  });

  it('are missing, not invented, where a language has no translation (the page then shows the English)', async () => {
    await activateLocale('de');
    expect(translation(lineMessageId('9.1', 'memoryChange'))).toBe(german['line.9.1.memoryChange']);
    expect(translation(lineMessageId('9.9', 'memoryChange'))).toBeUndefined();
  });
});
