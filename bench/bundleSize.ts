import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * Budgets in KiB of gzip for the JavaScript of the first screen and for all of it (every chunk
 * but the first screen's loads lazily). All of it is back at 260: the data files' schemas, which
 * the build now checks instead of the page, left the bundle.
 */
export const BUNDLE_BUDGETS = { firstScreenKiB: 120, allKiB: 260 } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Gzip sizes of a production build from its manifest: the entry with its static imports (what
 * the first screen needs; lazy chunks load after it) and every JavaScript file.
 */
export function bundleSizes(dist = 'dist'): { firstScreenKiB: number; allKiB: number; firstScreenFiles: string[] } {
  const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const gz = (file: string) => gzipSync(readFileSync(`${dist}/${file}`)).length / 1024;
  const first = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (first.has(chunk.file)) return;
    first.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const js = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js'));
  const firstScreenFiles = js(first);
  return {
    firstScreenKiB: firstScreenFiles.reduce((s, f) => s + gz(f), 0),
    allKiB: js(new Set(Object.values(manifest).map((c) => c.file))).reduce((s, f) => s + gz(f), 0),
    firstScreenFiles,
  };
}
