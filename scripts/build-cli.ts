/**
 * npm run build:cli: the estimate command bundled into one file for Node (dist-cli/estimate.mjs,
 * the package's `bin`), so that it starts without compiling TypeScript on every run.
 */
import { chmodSync } from 'node:fs';
import { build } from 'vite';

const OUT_DIR = 'dist-cli';
const FILE = 'estimate.mjs';

await build({
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: 'src/cli/estimateCommand.ts',
    target: 'node20',
    outDir: OUT_DIR,
    emptyOutDir: true,
    minify: true,
    rollupOptions: { output: { entryFileNames: FILE, banner: '#!/usr/bin/env node' } },
  },
});
chmodSync(`${OUT_DIR}/${FILE}`, 0o755);
