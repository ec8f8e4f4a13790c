import { describe, expect, it } from 'vitest';
import de from '../../src/i18n/catalogs/de.json';
import en from '../../src/i18n/catalogs/en.json';
import ru from '../../src/i18n/catalogs/ru.json';
import zh from '../../src/i18n/catalogs/zh-CN.json';
import { LINES } from '../../src/model/lineRegistry';

/** Colour words a caption could name a bar by, in each language. */
const COLOUR_WORDS = /grey|gray|green|red|grau|grün|rot|сер|зел|красн|灰|绿|红/i;

describe("the versions chart's caption", () => {
  it('names no colour for the baseline or the target: every line has its own (7.2, the usual baseline, is red)', () => {
    // The bars take each line's registry colour, so no one colour word is right for every baseline.
    expect(new Set(LINES.ids.map((id) => LINES.entry(id).color)).size).toBe(LINES.ids.length);
    for (const catalog of [en, de, ru, zh]) {
      const caption = (catalog as Record<string, string>)['versionsChart.caption']!;
      expect(caption).not.toMatch(COLOUR_WORDS);
      expect(caption).toContain('{baseline}');
      expect(caption).toContain('{target}');
    }
  });
});
