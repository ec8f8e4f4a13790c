import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, bundleSizes } from '../../bench/bundleSize';

// The production build made by the e2e setup; sizes are deterministic, so CI enforces them.
describe('bundle budgets', () => {
  const sizes = bundleSizes('dist');

  it(`the first screen needs at most ${BUNDLE_BUDGETS.firstScreenKiB} KiB of gzipped JavaScript`, () => {
    expect(sizes.firstScreenKiB).toBeLessThanOrEqual(BUNDLE_BUDGETS.firstScreenKiB);
  });

  it(`all JavaScript, with English, is at most ${BUNDLE_BUDGETS.allKiB} KiB gzipped`, () => {
    expect(sizes.allKiB).toBeLessThanOrEqual(BUNDLE_BUDGETS.allKiB);
  });

  it(`each other language's catalogs are at most ${BUNDLE_BUDGETS.otherLanguageKiB} KiB gzipped, and are found as such`, () => {
    expect(Object.keys(sizes.otherLanguagesKiB).sort()).toEqual(['de', 'ru', 'zh-CN']);
    for (const kib of Object.values(sizes.otherLanguagesKiB)) expect(kib).toBeLessThanOrEqual(BUNDLE_BUDGETS.otherLanguageKiB);
  });

  it(`each other language's first-screen catalog, which the page waits for, is at most ${BUNDLE_BUDGETS.otherLanguageFirstKiB} KiB gzipped`, () => {
    expect(Object.keys(sizes.otherLanguagesFirstKiB).sort()).toEqual(['de', 'ru', 'zh-CN']);
    for (const kib of Object.values(sizes.otherLanguagesFirstKiB))
      expect(kib).toBeLessThanOrEqual(BUNDLE_BUDGETS.otherLanguageFirstKiB);
  });

  it('charts are not in the first screen (recharts and d3 load lazily)', () => {
    expect(sizes.firstScreenFiles.some((f) => /chart|d3/i.test(f))).toBe(false);
  });

  it('zod is not in the first screen: only a link to read loads the schemas', () => {
    const firstScreen = sizes.firstScreenFiles.map((f) => readFileSync(`dist/${f}`, 'utf8')).join('\n');
    expect(firstScreen).not.toContain('Too small: expected');
    expect(firstScreen).not.toContain('safeParse');
  });
});

describe('the production bundle', () => {
  it("carries zod's English messages, which the schemas' own messages fall back on", () => {
    const js = readdirSync('dist/assets').filter((f) => f.endsWith('.js'));
    const text = js.map((f) => readFileSync(`dist/assets/${f}`, 'utf8')).join('\n');
    expect(text).toContain('Too small: expected');
    expect(text).toContain('Too big: expected');
  });
});
