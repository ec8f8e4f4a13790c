import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { contentSecurityPolicy } from './scripts/contentSecurityPolicy.ts';
import { chunkFileNames, messageCatalogs } from './scripts/messageCatalogs.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const ENTRY = fileURLToPath(new URL('src/main.tsx', import.meta.url));

/** The first screen's markup, rendered in Node by src/prerender.tsx. */
async function renderFirstScreen(): Promise<string> {
  const renderer = await createServer({
    root: ROOT,
    configFile: false,
    plugins: [react(), messageCatalogs()],
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const module = (await renderer.ssrLoadModule('/src/prerender.tsx')) as typeof import('./src/prerender');
    return module.renderFirstScreen();
  } finally {
    await renderer.close();
  }
}

/**
 * A plain visit shows the default scenario's results before any JavaScript runs: the first
 * screen is rendered into index.html at build time with its styles inline, and no script of the
 * app is requested until that first frame is on the screen (the browser's first-paint report):
 * started any sooner (after the frame's animation callback, with the charts' code once the
 * document was parsed), their download and compile competed with the frame's layout and raster
 * on a 2-core machine and it was drawn about 50 ms later, after 253 kB of gzip instead of 13. The
 * app's chunks then come at once, and main.tsx takes the markup over, keeping what was typed in
 * it meanwhile; the charts' code is requested by the app once it has taken over (ChartPanel).
 * A page opened from a link or in another language (class "from-link" or "translated", set in
 * index.html's head) has nothing to show before its code has run: it requests that at once.
 */
function prerenderFirstScreen(): Plugin {
  return {
    name: 'prerender-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        const stylesheet = /<link rel="stylesheet" crossorigin href="\.\/([^"]+)">/.exec(html);
        const css = stylesheet && bundle?.[stylesheet[1]!];
        if (!entry || !css || css.type !== 'asset')
          throw new Error('prerender: entry script or stylesheet not found in index.html');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        // The entry with the chunks it imports, so that they are not found one by one.
        const firstScreen = [entry[1]!, ...preloads.map((p) => p[1]!)];
        const preload = (urls: string[]) => `${JSON.stringify(urls)}.forEach(function (url) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
  });`;
        // A link's state is read by chunks main.tsx imports on demand (the schemas, the address
        // bar's sync): fetched with the first screen's, not after it has run.
        const linkReader = new Set<string>();
        for (const module of ['/src/scenario/link.ts', '/src/state/urlSync.ts']) {
          const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(module));
          if (!chunk || chunk.type !== 'chunk') throw new Error(`prerender: no chunk for ${module}`);
          for (const file of [chunk.fileName, ...chunk.imports])
            if (!firstScreen.includes(`./${file}`)) linkReader.add(`./${file}`);
        }
        // After index.html's own head script, which sets the classes: such a page needs the code at once.
        const preloadEarly = `<script>
(function () {
  var classes = document.documentElement.classList;
  if (classes.contains('from-link') || classes.contains('translated')) ${preload(firstScreen)}
  if (/(?:^#|&)[vs](?:=|&|$)/.test(location.hash)) ${preload([...linkReader])}
})();
</script>`;
        const start = `<script>
(function () {
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ${JSON.stringify(entry[1])};
    document.head.appendChild(script);
  }
  // The first plural or number in an English message (the fields' descriptions) loads the
  // browser's locale data, 30-40 ms on a 2-core machine: done while the code downloads, that is
  // no longer in the first render. Another language's page loads its catalog first anyway.
  function warmEnglishFormats() {
    if (classes.contains('translated')) return;
    try {
      new Intl.PluralRules('en').select(1);
      new Intl.NumberFormat('en').format(1.5);
    } catch (e) {}
  }
  var classes = document.documentElement.classList;
  if (classes.contains('from-link') || classes.contains('translated')) {
    start();
    return warmEnglishFormats();
  }
  var started = false;
  function afterFirstPaint() {
    if (started) return;
    started = true;
    ${preload(firstScreen)}
    start();
    warmEnglishFormats();
  }
  // After the first frame: a message posted from the frame callback is handled once the frame
  // is painted on the main thread (before it is rastered and shown).
  function afterFrame() {
    var channel = new MessageChannel();
    channel.port1.onmessage = afterFirstPaint;
    requestAnimationFrame(function () {
      channel.port2.postMessage(null);
    });
  }
  // The browser reports the first paint once that frame is on the screen. A page loaded in a
  // hidden tab paints when it is shown and reports no first paint, and a browser without the
  // report reports none: those start after their first frame. And every page within 2 s.
  var reported = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (reported && document.visibilityState === 'visible') {
    new PerformanceObserver(afterFirstPaint).observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', afterFrame, { once: true });
  } else afterFrame();
  setTimeout(afterFirstPaint, 2000);
})();
</script>`;
        let page = html
          .replace(entry[0], '')
          .replace(stylesheet[0], `<style>${String(css.source)}</style>`)
          .replace('</head>', `${preloadEarly}\n  </head>`);
        for (const p of preloads) page = page.replace(p[0], '');
        return page.replace('<div id="root"></div>', `<div id="root">${await renderFirstScreen()}</div>${start}`);
      },
    },
  };
}

/**
 * The charts with recharts and the libraries only it uses, as two chunks loaded with the first
 * chart: d3's parts, and the rest. Split by the bundler, they made a chunk per chart and per
 * recharts chart type, each importing hundreds of names from the others: 3.5 KiB of gzip in import
 * lists and in what one gzip stream no longer shares with the next (d3 apart compresses better
 * than d3 within the rest, by 0.5 KiB). Dependencies are not pulled into the groups: React stays
 * in the first screen's chunks.
 */
const D3_CHUNK = { name: 'd3', test: /node_modules[\\/]d3-[a-z]+[\\/]/ };
const CHARTS_CHUNK = {
  name: 'charts',
  test: /src[\\/]ui[\\/](charts[\\/](?!ChartPanel)|export[\\/]ChartExport)|node_modules[\\/](recharts|victory-vendor|decimal\.js-light|es-toolkit|immer|redux|redux-thunk|@reduxjs|reselect|react-redux|eventemitter3|use-sync-external-store|react-is|clsx|tiny-invariant)[\\/]/,
};

/**
 * Every module the entry imports statically, as one chunk. The bundler otherwise splits off each
 * set of modules that the first screen shares with a different set of lazy chunks (the store,
 * the limits, the link writer, the catalogs' runtime...): the first screen came in eight files,
 * each requested, compressed and compiled on its own. (Found once per build configuration.)
 */
function firstScreenChunk() {
  let firstScreen: Set<string> | undefined;
  return {
    // Names the group in the bundler's timing report (a function name gives it none).
    debugName: 'first screen',
    name: (id: string, context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
      if (!firstScreen) {
        firstScreen = new Set();
        const visit = (module: string) => {
          if (firstScreen!.has(module)) return;
          firstScreen!.add(module);
          context.getModuleInfo(module)?.importedIds.forEach(visit);
        };
        visit(ENTRY);
      }
      return firstScreen.has(id) ? 'index' : null;
    },
  };
}

export default defineConfig(({ mode }) => ({
  // Relative base: the build works from any sub-path of a static server.
  base: './',
  resolve: {
    alias: [
      {
        find: /^victory-vendor\/d3-scale$/,
        replacement: fileURLToPath(new URL('src/ui/charts/rechartsScales.ts', import.meta.url)),
      },
    ],
  },
  // `--mode singlefile`: one self-contained HTML file for wikis that only take attachments.
  plugins:
    mode === 'singlefile'
      ? [react(), messageCatalogs(), viteSingleFile(), contentSecurityPolicy()]
      : [react(), messageCatalogs(), prerenderFirstScreen(), contentSecurityPolicy()],
  // The manifest lets the bundle budget find what the first screen loads.
  build:
    mode === 'singlefile'
      ? { outDir: 'dist-single' }
      : {
          manifest: true,
          rollupOptions: {
            output: {
              chunkFileNames,
              codeSplitting: { includeDependenciesRecursively: false, groups: [D3_CHUNK, CHARTS_CHUNK, firstScreenChunk()] },
            },
          },
        },
  // What the tests, the bench and scripts/serve.sh build must not reload a page open in `npm run dev`.
  server: {
    watch: { ignored: ['**/dist/**', '**/dist-single/**', '**/.serve/**', '**/bench/results/**', '**/test-results/**'] },
  },
  test: {
    reporters: ['default', './test/support/retriedTestsReporter.ts'],
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
          // A page's lazy parts (the panels below wait for the first chart) can take seconds to come
          // while the other suites run beside Chromium on 2 cores: expect.poll's default of 1 s
          // is too short there. A poll still fails when what it waits for never comes.
          expect: { poll: { timeout: 15_000 } },
          // A browser test that fails once on a busy machine runs again; the retried ones are named
          // at the end of the output (test/support/retriedTestsReporter.ts), so a flake stays in sight.
          retry: 1,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // Typing with user-event is slow on a busy 2-core machine: allow it. A test that times out
        // leaves its typing running into the next test, which then fails on figures it never typed.
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['test/ui/**/*.test.tsx'],
          setupFiles: ['test/ui/setup.ts'],
          testTimeout: 45_000,
        },
      },
    ],
  },
}));
