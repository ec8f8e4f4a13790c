import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { englishFromSource, partOf, type CatalogPart } from '../src/i18n/catalogParts.ts';

const PREFIX = 'virtual:catalog/';
const RESOLVED = '\0catalog:';
const CATALOGS = fileURLToPath(new URL('../src/i18n/catalogs/', import.meta.url));

/**
 * Short runtime ids for the message ids, as Lingui's own compiler replaces messages with short
 * generated ids: the English catalog's ids in order, numbered in base 36. Every catalog has the
 * same ids (test/i18n/catalogs.test.ts), so one numbering serves all.
 */
export function shortIds(): Map<string, string> {
  const ids = Object.keys(JSON.parse(readFileSync(`${CATALOGS}en.json`, 'utf8')) as Record<string, string>).sort();
  return new Map(ids.map((id, i) => [id, `~${i.toString(36)}`]));
}

/**
 * A catalog file's messages (or one part of them: src/i18n/catalogParts.ts), compiled to the
 * form Lingui's runtime reads without a parser.
 */
export function compileCatalog(locale: string, part?: CatalogPart): Record<string, unknown> {
  const source = JSON.parse(readFileSync(`${CATALOGS}${locale}.json`, 'utf8')) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
    if (part && partOf(id) !== part) continue;
    try {
      // Always the token list: the runtime takes a plain string for an uncompiled message.
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`catalog ${locale}: message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return compiled;
}

/**
 * `import messages from 'virtual:catalog/de/first'` gives the first-screen part of
 * src/i18n/catalogs/de.json compiled at build time, so the page ships no message parser
 * (`…/later`: the rest). Lazily imported catalogs become chunks named `locale-de-…js` and
 * `locale-de-later-…js`.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'message-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const [locale, part] = id.slice(RESOLVED.length).split('/') as [string, CatalogPart];
      this.addWatchFile(`${CATALOGS}${locale}.json`);
      const short = shortIds();
      // English shows some texts from their source (a data file, the schema): the catalog's copies stay out.
      const messages = Object.fromEntries(
        Object.entries(compileCatalog(locale, part))
          .filter(([key]) => locale !== 'en' || !englishFromSource(key))
          .map(([key, m]) => [short.get(key) ?? key, m]),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`;
    },
    // The sources name messages by their full ids (typed, readable, searched by the catalog
    // tests); the built page carries the short ones.
    transform(code, id) {
      // Only the page's own modules name messages, and the workload fields' specification, which
      // holds each field's wording; the command line and the model never do.
      if (!/\/src\/(ui|i18n)\/.*\.tsx?$|\/src\/scenario\/workloadFields\.ts$/.test(id)) return null;
      const short = shortIds();
      let changed = false;
      const result = code.replace(/(['"])([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)+)\1/g, (literal, quote: string, text: string) => {
        const replacement = short.get(text);
        if (!replacement) return literal;
        changed = true;
        return `${quote}${replacement}${quote}`;
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}

/** Output names that make a catalog's chunk recognisable (`locale-de-…js`). */
export function chunkFileNames(chunk: { facadeModuleId?: string | null }): string {
  const id = chunk.facadeModuleId ?? '';
  if (!id.startsWith(RESOLVED)) return 'assets/[name]-[hash].js';
  const [locale, part] = id.slice(RESOLVED.length).split('/');
  return `assets/locale-${locale}${part === 'later' ? '-later' : ''}-[hash].js`;
}
