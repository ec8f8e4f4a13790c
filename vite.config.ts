import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';

export default defineConfig(({ mode }) => ({
  // Relative base: the build works from any sub-path of a static server.
  base: './',
  // `--mode singlefile`: one self-contained HTML file for wikis that only take attachments.
  plugins: mode === 'singlefile' ? [react(), viteSingleFile()] : [react()],
  // The manifest lets the bundle budget find what the first screen loads.
  build: mode === 'singlefile' ? { outDir: 'dist-single' } : { manifest: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/live/**'] },
      },
      {
        extends: true,
        test: {
          name: 'live',
          environment: 'node',
          include: ['test/live/**/*.live.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          globalSetup: ['test/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // Typing with user-event is slow on a busy 2-core machine: allow it.
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['test/ui/**/*.test.tsx'],
          setupFiles: ['test/ui/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
}));
