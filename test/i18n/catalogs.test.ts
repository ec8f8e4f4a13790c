import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalog, shortIds } from '../../scripts/messageCatalogs';
import { LOCALES } from '../../src/i18n/locales';
import { LINES } from '../../src/model/lineRegistry';
import { LINE_TEXTS, lineMessageId } from '../../src/ui/common/lineTexts';
import { workloadFields } from '../../src/scenario/workloadFields';

const CATALOGS = 'src/i18n/catalogs';
const read = (locale: string) => JSON.parse(readFileSync(join(CATALOGS, `${locale}.json`), 'utf8')) as Record<string, string>;
const english = read('en');
/** A release line's texts: English in the line registry only, translated in every other catalog. */
const lineMessages = LINES.ids.flatMap((line) => LINE_TEXTS.map((text) => lineMessageId(line, text)));

/** Every source file of the page, catalogs excepted: where message ids must be written out. */
function sources(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === CATALOGS ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

type Token = string | [string, string?, unknown?];

/** The arguments a compiled message uses, with their kind ("name", "count:plural"). */
function argumentsOf(tokens: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (message: unknown) => {
    if (!Array.isArray(message)) return;
    for (const token of message as Token[]) {
      if (!Array.isArray(token)) continue;
      const [name, kind, choices] = token;
      found.add(kind ? `${name}:${kind}` : name);
      if (choices && typeof choices === 'object') for (const choice of Object.values(choices)) visit(choice);
    }
  };
  visit(tokens);
  return found;
}

/** The plural categories each plural argument of a compiled message spells out. */
function pluralCategories(tokens: unknown): Array<{ name: string; categories: string[] }> {
  const found: Array<{ name: string; categories: string[] }> = [];
  const visit = (message: unknown) => {
    if (!Array.isArray(message)) return;
    for (const token of message as Token[]) {
      if (!Array.isArray(token) || !token[2] || typeof token[2] !== 'object') continue;
      const choices = token[2] as Record<string, unknown>;
      if (token[1] === 'plural') found.push({ name: token[0], categories: Object.keys(choices).filter((k) => k !== 'offset') });
      Object.values(choices).forEach(visit);
    }
  };
  visit(tokens);
  return found;
}

describe('message catalogs', () => {
  it('has a catalog for every language and nothing else', () => {
    expect(readdirSync(CATALOGS).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  it('leaves the English of release lines to the line registry', () => {
    expect(Object.keys(english).filter((id) => id.startsWith('line.'))).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English message, every line text and no other', (locale) => {
    const catalog = read(locale);
    const wanted = new Set([...Object.keys(english), ...lineMessages]);
    expect(
      Object.keys(catalog).filter((id) => !wanted.has(id)),
      'ids English and the line registry do not have',
    ).toEqual([]);
    expect(
      [...wanted].filter((id) => !(id in catalog)),
      'ids missing',
    ).toEqual([]);
    expect(
      Object.entries(catalog)
        .filter(([, text]) => text.trim() === '')
        .map(([id]) => id),
      'empty messages',
    ).toEqual([]);
  });

  it('has every message the workload field specification names', () => {
    const named = workloadFields.flatMap((field) => [
      ...(typeof field.label === 'string' ? [field.label] : Object.values(field.label)),
      ...(field.note ? [field.note.id] : []),
      ...(field.assumedWhenUnset ? [field.assumedWhenUnset.id] : []),
    ]);
    expect(named.length).toBeGreaterThan(workloadFields.length);
    // The build shortens an id the English catalog has ('~f3'); one it lacks stays as written.
    const longIds = new Map([...shortIds()].map(([long, short]) => [short, long]));
    const missing = named.filter((id) => !longIds.has(id));
    expect(missing, 'not in the English catalog').toEqual([]);
    for (const locale of LOCALES) {
      const catalog = read(locale);
      expect(
        named.filter((id) => !(longIds.get(id)! in catalog)),
        locale,
      ).toEqual([]);
    }
  });

  it('uses every message: each id is written out in the sources', () => {
    const code = sources().join('\n');
    const unused = Object.keys(english).filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s fills in the same placeholders as English', (locale) => {
    const en = compileCatalog('en');
    const translated = compileCatalog(locale);
    const mismatched = Object.keys(en).filter((id) => {
      const want = [...argumentsOf(en[id])].sort();
      const got = [...argumentsOf(translated[id])].sort();
      return JSON.stringify(want) !== JSON.stringify(got);
    });
    expect(mismatched).toEqual([]);
  });

  it.each(LOCALES)('%s spells out every plural form the language has', (locale) => {
    const required = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const catalog = compileCatalog(locale);
    const missing = Object.entries(catalog).flatMap(([id, tokens]) =>
      pluralCategories(tokens)
        .filter((p) => !required.every((c) => p.categories.includes(c)))
        .map((p) => `${id}: ${p.name} has ${p.categories.join(', ')}; ${locale} needs ${required.join(', ')}`),
    );
    expect(missing).toEqual([]);
  });
});
