import { describe, expect, inject, it } from 'vitest';
import { linkTo } from '../../src/state/shareLink';
import type { Scenario } from '../../src/scenario/schema';
import { limitCases } from '../support/limitScenarios';
import { rowText, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

/** A scenario of the limits the command and the page are run through (test/support/limitScenarios.ts). */
const limitCase = (name: string) => limitCases().find((c) => c.name === name)!.scenario as Scenario;
/** The scenario: 1,000 hashes, fields a 1,000-bucket histogram up to 10^8, values one up to 5 x 10^8 bytes. */
const HISTOGRAMS = limitCase("the issue's hash: 1,000-bucket histograms of fields to 10^8 and of values to 5 x 10^8 bytes");
const FIELDS_UNIFORM = limitCase('set, fields uniform over 1-100000000, the rest at their most, default thresholds');

describe('a link with sizes at their limits', () => {
  it.each([
    ['every size a 1,000-bucket histogram', HISTOGRAMS],
    ['fields uniform from 1 to 10^8', FIELDS_UNIFORM],
  ])('%s: the page becomes interactive with its results, without an error', async (_, scenario) => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const started = Date.now();
    await page.goto(linkTo(inject('baseUrl'), { scenario, view: {} }));
    await page.waitForFunction(() => performance.getEntriesByName('vrp:interactive').length > 0, undefined, { timeout: 20_000 });
    await expect.poll(() => rowText(page, 'Results per version', '9.1'), { timeout: 20_000 }).toMatch(/\d B/);
    const seconds = (Date.now() - started) / 1000;
    console.log(`interactive with results after ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(10);
    expect(errors).toEqual([]);
    await page.close();
  });
});
