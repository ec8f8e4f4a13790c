import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../../src/i18n/catalogs/de.json';
import en from '../../src/i18n/catalogs/en.json';
import ru from '../../src/i18n/catalogs/ru.json';
import zh from '../../src/i18n/catalogs/zh-CN.json';
import { encodeLink } from '../../src/scenario/link';
import { linkTo } from '../../src/state/shareLink';
import { PRESETS } from '../../src/scenario/presets';
import { chartTitles, openApp, overflows, screenshot, selectChartTab, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const CATALOGS = { en, ru, 'zh-CN': zh, de } as const;
type Locale = keyof typeof CATALOGS;

/** How a figure of bytes per key reads in each language ("62,82 Б"). */
const BYTES_PER_KEY: Record<Locale, RegExp> = {
  en: /^[\d,]+\.\d\d B$/,
  ru: /^[\d\u00a0\u202f]+,\d\d\u00a0Б$/,
  'zh-CN': /^[\d,]+\.\d\d\u00a0B$/,
  de: /^[\d.]+,\d\d\u00a0B$/,
};

/** A page whose browser prefers `locale`, recording whether English text was ever visible in it. */
async function pageIn(locale: string, width = 1280): Promise<Page> {
  const context = await browser().newContext({ locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((english: string) => {
    const w = window as unknown as { englishShown?: boolean };
    w.englishShown = false;
    const look = () => {
      const root = document.getElementById('root');
      if (root && root.checkVisibility({ visibilityProperty: true }) && root.innerText.includes(english)) w.englishShown = true;
      if (!performance.getEntriesByName('vrp:interactive').length) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, en['results.perVersion']);
  return page;
}

const englishShown = (page: Page) => page.evaluate(() => (window as unknown as { englishShown: boolean }).englishShown);

/** The first cell of the target line's row in the results table: its bytes per key. */
async function bytesPerKeyOf(page: Page, locale: Locale): Promise<string> {
  const table = page.getByRole('table', { name: CATALOGS[locale]['results.perVersion'] });
  return (await table.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
}

/** Controls that stick out of the screen, or buttons too narrow for their words. */
function controlOverflows(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('button, select, input, label, legend, h1, h2, h3')]
      .filter((e) => e.getClientRects().length > 0)
      .filter((e) => e.getBoundingClientRect().right > width + 1 || (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1))
      .map((e) => `${e.tagName.toLowerCase()} "${e.innerText.trim().slice(0, 40)}"`);
  });
}

describe('the first screen in each language', () => {
  it.each(['en', 'ru', 'zh-CN', 'de'] as const)('%s: opens in the browser’s language, with its own figures', async (locale) => {
    const page = await pageIn(locale);
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    const catalog = CATALOGS[locale];
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    await page.getByRole('heading', { name: catalog['results.title'], exact: true }).waitFor();
    expect(await bytesPerKeyOf(page, locale)).toMatch(BYTES_PER_KEY[locale]);
    expect(await page.getByRole('combobox', { name: catalog['languageSwitch.label'] }).inputValue()).toBe(locale);
    if (locale !== 'en') expect(await englishShown(page), 'English showed before the catalog came').toBe(false);
    await screenshot(page, `locale-${locale}-first-screen`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('zh-CN: the Chinese text is drawn with a CJK font, not as empty boxes', async () => {
    const page = await pageIn('zh-CN');
    await openApp(page, inject('baseUrl'));
    const heading = page.getByRole('heading', { name: zh['results.title'], exact: true });
    await heading.waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.results-section h2' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const cjk = fonts.filter((f) => /CJK|Hei|Song|Kai|WenQuanYi|Droid Sans Fallback/i.test(f.familyName));
    expect(
      cjk.map((f) => f.glyphCount).reduce((a, b) => a + b, 0),
      JSON.stringify(fonts),
    ).toBe([...zh['results.title']].length);
    await page.context().close();
  });
});

describe('choosing a language', () => {
  it('the switcher changes the page at once and the choice is remembered', async () => {
    const page = await pageIn('en-US');
    await openApp(page, inject('baseUrl'));
    await page.getByRole('combobox', { name: en['languageSwitch.label'] }).selectOption('de');
    await page.getByRole('heading', { name: de['results.title'], exact: true }).waitFor();
    expect(await bytesPerKeyOf(page, 'de')).toMatch(BYTES_PER_KEY.de);
    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('vrp:interactive').length > 0);
    await page.getByRole('heading', { name: de['results.title'], exact: true }).waitFor();
    expect(await englishShown(page)).toBe(false);
    await page.context().close();
  });

  it('a shared link opens in the recipient’s language, unless it names one', async () => {
    const link = linkTo(inject('baseUrl'), { scenario: PRESETS.find((p) => p.id === 'php-sessions')!.scenario, view: {} });
    const page = await pageIn('de-DE');
    await openApp(page, link);
    await page.getByRole('heading', { name: de['results.title'], exact: true }).waitFor();
    await page.context().close();
    const named = await pageIn('de-DE');
    await openApp(named, `${link}&lang=ru`);
    await named.getByRole('heading', { name: ru['results.title'], exact: true }).waitFor();
    expect(await bytesPerKeyOf(named, 'ru')).toMatch(BYTES_PER_KEY.ru);
    await named.context().close();
  });

  it('the embed takes lang for its wiki page', async () => {
    const embed = encodeLink({ scenario: PRESETS[0]!.scenario, view: {} }, { embed: true });
    const page = await pageIn('en-US');
    await openApp(page, `${inject('baseUrl')}#${embed}&lang=zh-CN`);
    await page.getByRole('link', { name: zh['embed.openFull'] }).waitFor();
    expect(await bytesPerKeyOf(page, 'zh-CN')).toMatch(BYTES_PER_KEY['zh-CN']);
    await screenshot(page, 'locale-zh-CN-embed');
    await page.context().close();
  });
});

describe('errors and notices in the reader’s language', () => {
  it('Russian: a link from a newer planner says so in Russian; a field refuses text in Russian', async () => {
    const page = await pageIn('ru-RU');
    await openApp(page, `${inject('baseUrl')}#v=99&s=abc`);
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toContain('Ссылка создана более новой версией планировщика (формат 99); показаны значения по умолчанию.');
    const keys = page.getByRole('group', { name: /sessions$/ }).getByLabel(ru['workload.keys'], { exact: true });
    await keys.fill('много');
    await expect
      .poll(() => page.locator('.field-error').first().innerText())
      .toBe('Ключи: «много» — не число (например, 632k или 1,5M)');
    await screenshot(page, 'locale-ru-errors');
    await page.context().close();
  });

  it('German, named by the link: what is wrong inside a tampered link is said in German, its JSON fields by name', async () => {
    const page = await pageIn('en-US');
    const errors = watchErrors(page);
    const workload = PRESETS[0]!.scenario.workloads[0]!;
    const scenario = { ...PRESETS[0]!.scenario, workloads: [workload, { ...workload, name: 'kaputt', keys: -5 }] };
    await openApp(page, `${linkTo(inject('baseUrl'), { scenario: scenario as never, view: {} })}&lang=de`);
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toContain('Teile dieses Links ließen sich nicht verwenden: Workload 2 weggelassen: keys: darf nicht negativ sein.');
    await screenshot(page, 'locale-de-link-notice');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('German, the longest words, fits', () => {
  it.each([390, 1280, 1440])('no table or control overflows at %i px', async (width) => {
    const page = await pageIn('de-DE', width);
    await openApp(page, inject('baseUrl'));
    await page.getByRole('heading', { name: de['results.title'], exact: true }).waitFor();
    // The encoding thresholds' labels are among the longest.
    await page.getByText(de['serverBuild.thresholds']).click();
    const tabs = page.getByRole('tablist', { name: de['chart.tablist'] }).getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      const chart = await selectChartTab(page, tabs.nth(i), chartTitles(de)[i]!);
      await chart.getByRole('button', { name: de['chart.showTable'] }).click();
      await chart.getByRole('table').first().waitFor();
      expect(await overflows(page), `chart tab ${i + 1}`).toEqual({ tables: [], page: 0 });
      expect(await controlOverflows(page), `chart tab ${i + 1}`).toEqual([]);
    }
    await screenshot(page, `locale-de-layout-${width}`);
    await page.context().close();
  });
});
