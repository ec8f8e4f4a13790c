/**
 * The import order of src/, enforced in `npm test`: each layer imports only the layers below it.
 *
 *   ui   cli        (side by side; neither imports the other)
 *   i18n             (message catalogs: for ui only, so the model and the command line stay English)
 *   state
 *   info   rdb       (side by side)
 *   scenario
 *   model
 *   data   format   (the bottom; format imports nothing of ours)
 *
 * main.tsx and prerender.tsx are entry points above everything.
 */
const BELOW = {
  format: [],
  data: ['format'],
  model: ['data', 'format'],
  scenario: ['model', 'data', 'format'],
  info: ['scenario', 'model', 'data', 'format'],
  rdb: ['scenario', 'model', 'data', 'format'],
  state: ['info', 'rdb', 'scenario', 'model', 'data', 'format'],
  i18n: ['format'],
  ui: ['i18n', 'state', 'info', 'rdb', 'scenario', 'model', 'data', 'format'],
  cli: ['state', 'info', 'rdb', 'scenario', 'model', 'data', 'format'],
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...Object.entries(BELOW).map(([layer, allowed]) => ({
      name: `${layer}-imports-only-below`,
      comment: `src/${layer} may import only ${allowed.length ? allowed.join(', ') : 'itself'} (see the order at the top of this file)`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: '^src/', pathNot: [`^src/(${[layer, ...allowed].join('|')})/`] },
    })),
    {
      name: 'no-circular',
      comment: 'a cycle hides which file depends on which',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.css$' },
  },
};
