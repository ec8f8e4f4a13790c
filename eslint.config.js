// Lint for the whole project: typescript-eslint's recommended rules everywhere, React's hooks rules
// (including the React Compiler's checks of purity, refs and memo dependencies) wherever components
// and hooks live. Run by `npm run lint`, part of `npm test`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Build outputs and caches (as in .gitignore): generated, not written by hand.
  {
    ignores: [
      'dist/',
      'dist-single/',
      'dist-cli/',
      'test-results/',
      'bench/results/',
      'bench/.model-build/',
      'bench/.profile-build/',
      'bench/.page-build/',
      'bench/.timeline-build/',
      '.serve/',
      '.scratch/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `const { name: _, ...rest } = scenario` is how the store drops a key without mutating:
      // the named sibling of a rest element exists to be left out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Path references stay allowed: src/i18n/virtualCatalogs.d.ts declares Vite's virtual catalog
      // modules as an ambient module, which has nothing to import; the reference brings it into
      // every program that compiles i18n.ts (app, node and test configs alike).
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'always' }],
    },
  },
  {
    // Where React code lives: the app's sources and the component tests. The browser tests'
    // `useBrowser` (test/e2e) is a vitest fixture, not a React hook, and their files hold no React.
    files: ['src/**/*.{ts,tsx}', '**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
