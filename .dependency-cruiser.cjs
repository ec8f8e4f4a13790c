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
 *
 * Inside src/ui, folders by feature, in the same way (UI_BELOW):
 *
 *   shell                     (the page and the embed: everything below)
 *   cost                      (deployment, money, growth, capacity)
 *   charts
 *   export                    (the plan as files and text; its buttons sit under tables and charts)
 *   workload  results  advice  assumptions  serverInfo  snapshot   (side by side)
 *   sharing
 *   common                    (fields, tables, units, deferred rendering, shared wording)
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

const UI_BELOW = {
  common: [],
  sharing: ['common'],
  workload: ['common', 'sharing'],
  results: ['assumptions', 'common', 'sharing'],
  advice: ['common', 'sharing'],
  assumptions: ['common', 'sharing'],
  serverInfo: ['common', 'sharing'],
  snapshot: ['common', 'sharing'],
  export: ['workload', 'results', 'advice', 'assumptions', 'sharing', 'common'],
  charts: ['export', 'common', 'sharing'],
  cost: ['charts', 'export', 'workload', 'results', 'advice', 'assumptions', 'sharing', 'common'],
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
    ...Object.entries(UI_BELOW).map(([folder, allowed]) => ({
      name: `ui-${folder}-imports-only-below`,
      comment: `src/ui/${folder} may import only ${allowed.length ? allowed.join(', ') : 'itself'} of src/ui (see the order at the top of this file)`,
      severity: 'error',
      from: { path: `^src/ui/${folder}/` },
      to: { path: '^src/ui/', pathNot: [`^src/ui/(${[folder, ...allowed].join('|')})/`, '\\.css$'] },
    })),
    {
      name: 'model-through-its-entry',
      comment: 'outside src/model, the model is imported from its entries: index.ts (the estimate), plan.ts and churn.ts (panels that load later), snapshotPricing.ts (src/rdb)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/model/' },
      to: { path: '^src/model/', pathNot: '^src/model/(index|plan|churn|snapshotPricing)\\.ts$' },
    },
    {
      name: 'snapshot-pricing-for-snapshots',
      comment: "the model's per-key pricing entry is the snapshot sizer's (src/rdb); everyone else prices scenarios",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(model|rdb)/' },
      to: { path: '^src/model/snapshotPricing\\.ts$' },
    },
    {
      name: 'ui-in-feature-folders',
      comment: 'every file of src/ui sits in a feature folder (the order at the top of this file)',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/ui/[^/]+\\.(ts|tsx)$' },
    },
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
