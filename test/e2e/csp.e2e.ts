import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkTo } from '../../src/state/shareLink';
import { PRESETS } from '../../src/scenario/presets';
import { openApp, useBrowser, useWikiPage } from './browser';
import { infoFixture } from '../support/infoFixture';

const browser = useBrowser();

/**
 * Every Content-Security-Policy violation the page or its frames report: the DOM event, and the
 * "Refused to ..." line Chromium logs (which also covers what is blocked before any script runs).
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) logged.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __policyViolations: string[] }).__policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => {
    const reported: string[] = [];
    for (const frame of page.frames()) {
      reported.push(
        ...(await frame.evaluate(() => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? [])),
      );
    }
    return [...reported, ...logged];
  };
}

const RESULTS = 'Results per version';
const wordpress = PRESETS.find((p) => p.id === 'wordpress-object-cache')!;

describe('the Content-Security-Policy of the built page', () => {
  it('is set before any script, and strict', async () => {
    for (const file of ['dist/index.html', 'dist-single/index.html']) {
      const html = readFileSync(file, 'utf8');
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(html.indexOf('Content-Security-Policy'), file).toBeLessThan(html.indexOf('<script'));
      for (const directive of ["default-src 'none'", "connect-src 'none'", "object-src 'none'", "base-uri 'none'"])
        expect(policy, file).toContain(directive);
      expect(policy, file).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
  });

  it('blocks an injected inline script (the check below can see a violation)', async () => {
    const page = await browser().newPage();
    const violations = await watchPolicy(page);
    await openApp(page, inject('baseUrl'));
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(violations).not.toEqual([]);
    await page.close();
  });

  it('the first screen, every preset and its chart, and a link run without a violation', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const violations = await watchPolicy(page);
    await openApp(page, inject('baseUrl'));
    await page.getByRole('table', { name: RESULTS }).waitFor();
    for (const preset of PRESETS) {
      await page.getByLabel('Start from').selectOption({ label: preset.title });
      await page.locator('.recharts-surface').first().waitFor();
    }
    await openApp(page, linkTo(inject('baseUrl'), { scenario: wordpress.scenario, view: { chart: 'valueSize' } }));
    await expect.poll(() => page.getByRole('table', { name: RESULTS }).innerText()).toContain('−0.6 %');
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('the INFO panel with a paste runs without a violation', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const violations = await watchPolicy(page);
    await openApp(page, inject('baseUrl'));
    await page.getByLabel(/Paste the output/).fill(infoFixture('strings'));
    await page.getByRole('button', { name: 'Use as scenario' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('s=');
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('the single-file build opens from file:// without a violation', async () => {
    const page = await browser().newPage();
    const violations = await watchPolicy(page);
    await openApp(page, linkTo(pathToFileURL('dist-single/index.html').href, { scenario: wordpress.scenario, view: {} }));
    await expect.poll(() => page.getByRole('table', { name: RESULTS }).innerText()).toContain('−0.6 %');
    expect(await violations()).toEqual([]);
    await page.close();
  });

  describe('embedded in a wiki page on another origin', () => {
    const wikiUrl = useWikiPage(() => {
      const src = linkTo(inject('baseUrl'), { scenario: wordpress.scenario, view: {} }, { embed: true });
      return `<!doctype html><title>wiki</title><iframe id="calc" src="${src}" title="calculator"></iframe>`;
    });

    it('runs without a violation', async () => {
      const page = await browser().newPage();
      const violations = await watchPolicy(page);
      await page.goto(wikiUrl());
      await expect.poll(() => page.frameLocator('#calc').getByRole('table', { name: RESULTS }).innerText()).toContain('−0.6 %');
      expect(await violations()).toEqual([]);
      await page.close();
    });
  });
});
