import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import glossary from '../../src/i18n/glossary.json';
import { LINES } from '../../src/model/lineRegistry';
import { LINE_TEXTS, lineMessageId } from '../../src/ui/common/lineTexts';

type Translated = 'de' | 'ru' | 'zh-CN';
const LANGUAGES: Translated[] = ['de', 'ru', 'zh-CN'];

interface Term {
  term: string;
  en: string;
  de: string;
  ru: string;
  'zh-CN': string;
  avoid?: Partial<Record<Translated, string>>;
  avoidUnlessEnglish?: string;
  notTheTerm?: string[];
}

const read = (locale: string) => JSON.parse(readFileSync(`src/i18n/catalogs/${locale}.json`, 'utf8')) as Record<string, string>;
/**
 * A message's words without its argument names ("{baseline}", "{count, plural, …"): a term counts
 * where the reader sees it, not where a placeholder happens to be named after it.
 */
const words = (message: string) => message.replace(/\{\s*\w+\s*(?=[,}])/g, '{');
/** Every English text a catalog translates: the English catalog's and each release line's (the line registry's). */
const english: Record<string, string> = {
  ...read('en'),
  ...Object.fromEntries(
    LINES.ids.flatMap((line) => LINE_TEXTS.map((text) => [lineMessageId(line, text), LINES.entry(line).release[text]])),
  ),
};
const terms = glossary.terms as Term[];

describe('the glossary', () => {
  it('names 40 to 60 terms, each once, with a word in every language', () => {
    expect(terms.length).toBeGreaterThanOrEqual(40);
    expect(terms.length).toBeLessThanOrEqual(60);
    expect(new Set(terms.map((t) => t.term)).size).toBe(terms.length);
    for (const term of terms) for (const language of LANGUAGES) expect(term[language], `${term.term} ${language}`).toBeTruthy();
  });

  it('has each term in use: some English message says it', () => {
    const unused = terms.filter((term) => !Object.values(english).some((m) => new RegExp(term.en, 'i').test(words(m))));
    expect(unused.map((t) => t.term)).toEqual([]);
  });
});

describe.each(LANGUAGES)('%s follows the glossary', (language) => {
  const catalog = read(language);

  it("uses the glossary's word wherever the English uses the term, and not the words it replaces", () => {
    const misses: string[] = [];
    for (const term of terms) {
      const inEnglish = new RegExp(term.en, 'i');
      const word = new RegExp(term[language], 'i');
      const avoid = term.avoid?.[language] ? new RegExp(term.avoid[language], 'i') : null;
      for (const [id, message] of Object.entries(english)) {
        if (!inEnglish.test(words(message)) || term.notTheTerm?.includes(id)) continue;
        const translated = words(catalog[id] ?? '');
        if (!word.test(translated)) misses.push(`${id}: no "${term[language]}" for ${term.term}`);
        const avoidHere = avoid && !(term.avoidUnlessEnglish && new RegExp(term.avoidUnlessEnglish, 'i').test(words(message)));
        if (avoidHere && avoid.test(translated)) misses.push(`${id}: "${term.avoid![language]}" for ${term.term}`);
      }
    }
    expect(misses).toEqual([]);
  });

  it(`addresses the reader one way throughout (${glossary.address[language].form})`, () => {
    const informal = new RegExp(glossary.address[language].avoid, language === 'de' ? '' : 'i');
    expect(Object.keys(catalog).filter((id) => informal.test(catalog[id]!))).toEqual([]);
  });
});
