import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHARTS, type ChartId } from '../../src/scenario/viewOptions';

/** Debian's chromium; browser downloads are not possible on these machines. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-system-deps.sh`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Headless Chromium still builds a window's browser UI: each new context loaded the omnibox
      // popup's WebUI page in a renderer of its own, 300-450 ms of CPU beside every page a test or
      // the bench opened on these 2 cores. A person's browser has it loaded once, not per page.
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
}

/** Collects console errors and page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

export const SCREENSHOT_DIR = 'test-results/screenshots';

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The text of a version's row in a named table. */
/** Each chart tab's chart title, in the order of the tabs, in a language's catalog. */
export const chartTitles = (catalog: Record<string, string>): string[] => CHARTS.map((id) => catalog[CHART_TITLE_MESSAGES[id]]!);
const CHART_TITLE_MESSAGES: Record<ChartId, string> = {
  versions: 'versionsChart.title',
  intro: 'introChart.title',
  valueSize: 'valueSizeChart.title',
  stringsVsHash: 'stringsVsHash.title',
};

/**
 * Clicks a chart tab and resolves with the tab panel's chart once it is the one titled `title`.
 * The chart shown before can stay a moment, and a click made while the page hydrates is replayed
 * after it: a locator for "the panel's chart" could find the previous one meanwhile.
 */
export async function selectChartTab(page: Page, tab: Locator, title: string): Promise<Locator> {
  await tab.click();
  const chart = page.getByRole('tabpanel').getByRole('figure', { name: title, exact: true });
  await chart.waitFor();
  return chart;
}

export function rowText(page: Page, table: string, version: string): Promise<string> {
  return page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${version.replace('.', '\\.')}`) }) })
    .innerText();
}

/** One Chromium for the calling test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

/**
 * Opens the app and waits until it responds to input. The default view's results are in the
 * page before its script runs, so a test that types must wait for the app to take them over.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('vrp:interactive').length > 0);
}

/** Tables wider than the box they sit in, by name and pixels, and the page's own sideways overflow. */
export function overflows(page: Page) {
  return page.evaluate(() => ({
    tables: [...document.querySelectorAll('table')]
      .map((t) => ({
        name: t.getAttribute('aria-label'),
        over: Math.ceil(t.getBoundingClientRect().width - t.parentElement!.clientWidth),
      }))
      .filter((t) => t.over > 0),
    page: document.documentElement.scrollWidth - window.innerWidth,
  }));
}

/**
 * A wiki page on another origin (its own 127.0.0.1 port), serving the HTML `page()` returns,
 * for the calling test file's embed tests: started before them, stopped after. Returns its URL.
 */
export function useWikiPage(page: () => string): () => string {
  let wiki: Server | undefined;
  let url = '';
  beforeAll(async () => {
    const html = page();
    wiki = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    });
    await new Promise<void>((resolve) => wiki!.listen(0, '127.0.0.1', resolve));
    const address = wiki.address();
    if (!address || typeof address === 'string') throw new Error('the wiki page has no port');
    url = `http://127.0.0.1:${address.port}/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (wiki ? wiki.close(() => resolve()) : resolve()));
  });
  return () => url;
}
