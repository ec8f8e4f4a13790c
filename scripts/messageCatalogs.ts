import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalog/';
const RESOLVED = '\0catalog:';
const CATALOGS = fileURLToPath(new URL('../src/i18n/catalogs/', import.meta.url));

/** A catalog file's messages, compiled to the form Lingui's runtime reads without a parser. */
export function compileCatalog(locale: string): Record<string, unknown> {
  const source = JSON.parse(readFileSync(`${CATALOGS}${locale}.json`, 'utf8')) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      // Always the token list: the runtime takes a plain string for an uncompiled message.
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`catalog ${locale}: message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}

/**
 * `import messages from 'virtual:catalog/de'` gives src/i18n/catalogs/de.json compiled at build
 * time, so the page ships no message parser. Lazily imported catalogs become chunks named
 * `locale-<language>-<hash>.js`.
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
      const locale = id.slice(RESOLVED.length);
      this.addWatchFile(`${CATALOGS}${locale}.json`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(locale)))});`;
    },
  };
}

/** Output names that make a catalog's chunk recognisable (`locale-de-…js`). */
export function chunkFileNames(chunk: { facadeModuleId?: string | null }): string {
  const id = chunk.facadeModuleId ?? '';
  return id.startsWith(RESOLVED) ? `assets/locale-${id.slice(RESOLVED.length)}-[hash].js` : 'assets/[name]-[hash].js';
}
