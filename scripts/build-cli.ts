/**
 * npm run build:cli: the command-line tools bundled into one file each for Node (dist-cli/, the
 * package's `bin`), so that they start without compiling TypeScript on every run: the estimate
 * command (estimate.mjs) and the RDB reader (rdb.mjs).
 */
import { chmodSync } from 'node:fs';
import { build } from 'vite';

const OUT_DIR = 'dist-cli';
const ENTRIES = [
  { source: 'src/cli/estimateCommand.ts', file: 'estimate.mjs' },
  { source: 'src/cli/rdbCommand.ts', file: 'rdb.mjs' },
];

for (const [i, { source, file }] of ENTRIES.entries()) {
  await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: source,
      target: 'node20',
      outDir: OUT_DIR,
      emptyOutDir: i === 0,
      minify: true,
      rollupOptions: { output: { entryFileNames: file, banner: '#!/usr/bin/env node' } },
    },
  });
  chmodSync(`${OUT_DIR}/${file}`, 0o755);
}
