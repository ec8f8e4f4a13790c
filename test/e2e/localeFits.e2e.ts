import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import de from '../../src/i18n/catalogs/de.json';
import en from '../../src/i18n/catalogs/en.json';
import ru from '../../src/i18n/catalogs/ru.json';
import zh from '../../src/i18n/catalogs/zh-CN.json';
import { openApp, overflows, screenshot, useBrowser } from './browser';

const browser = useBrowser();

const CATALOGS = { en, ru, 'zh-CN': zh, de } as const;
type Locale = keyof typeof CATALOGS;
const WIDTHS = [390, 1280, 1440] as const;

/**
 * Drop-downs whose chosen option does not show whole: a copy of the select holding only that
 * option, sized to its words, is wider than the select on the page. (Longer options of a list,
 * shown whole when it opens, may be cut once chosen, as in English: the page's choices are not.)
 */
function cutChoices(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLSelectElement>('select')]
      .filter((s) => s.getClientRects().length > 0)
      .flatMap((select) =>
        [...select.selectedOptions].flatMap((option) => {
          const probe = select.cloneNode(false) as HTMLSelectElement;
          Object.assign(probe.style, {
            width: 'auto',
            minWidth: '0',
            maxWidth: 'none',
            position: 'absolute',
            visibility: 'hidden',
          });
          probe.append(new Option(option.text));
          select.parentElement!.append(probe);
          const needed = probe.offsetWidth;
          probe.remove();
          return needed > select.offsetWidth + 1 ? [`"${option.text}" needs ${needed} px of ${select.offsetWidth}`] : [];
        }),
      ),
  );
}

/**
 * Each column header of the first screen's tables (the results, the "1 TB" check, the deployment:
 * the panels below load later, when they will) with the lines it is set on (a line: a row of text
 * boxes at one height), in page order.
 */
function headerLines(page: Page, tables: string[]) {
  return page.evaluate(
    (tables) =>
      [...document.querySelectorAll<HTMLElement>('table')]
        .filter((t) => tables.includes(t.getAttribute('aria-label') ?? ''))
        .flatMap((t) => [...t.querySelectorAll<HTMLElement>('thead th')])
        .filter((e) => e.getClientRects().length > 0 && e.innerText.trim() !== '')
        .map((header) => {
          const range = document.createRange();
          range.selectNodeContents(header);
          const tops: number[] = [];
          for (const rect of range.getClientRects())
            if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < 4)) tops.push(rect.top);
          return { text: header.innerText.trim().replace(/\s+/g, ' '), lines: tops.length };
        }),
    tables,
  );
}

const firstScreenTables = (locale: Locale) =>
  (['results.perVersion', 'terabyte.caption', 'deployment.perVersion'] as const).map((id) => CATALOGS[locale][id]);

async function open(locale: Locale, width: number): Promise<Page> {
  const context = await browser().newContext({ locale, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await openApp(page, inject('baseUrl'));
  await page.getByRole('heading', { name: CATALOGS[locale]['results.title'], exact: true }).waitFor();
  // The encoding thresholds open the server settings' longest labels too.
  await page.getByText(CATALOGS[locale]['serverBuild.thresholds']).click();
  return page;
}

// A translation may not make a table header taller than two lines, nor than the English one
// where the English already needs more (on a phone the columns are narrow in every language).
describe.each(WIDTHS)('at %i px', (width) => {
  let english: Array<{ text: string; lines: number }> = [];
  beforeAll(async () => {
    const page = await open('en', width);
    english = await headerLines(page, firstScreenTables('en'));
    expect(await cutChoices(page)).toEqual([]);
    await screenshot(page, `locale-fits-en-${width}`);
    await page.context().close();
  }, 60_000);

  it.each(['ru', 'zh-CN', 'de'] as const)(
    '%s: every choice shows whole; no table header runs past two lines, or past the English one; nothing pushes the page sideways',
    async (locale) => {
      const page = await open(locale, width);
      await screenshot(page, `locale-fits-${locale}-${width}`);
      expect(await cutChoices(page)).toEqual([]);
      const headers = await headerLines(page, firstScreenTables(locale));
      expect(headers.length, 'the same table headers as in English').toBe(english.length);
      const tall = headers
        .map((h, i) => ({ ...h, allowed: Math.max(2, english[i]!.lines), english: english[i]!.text }))
        .filter((h) => h.lines > h.allowed)
        .map((h) => `"${h.text}" on ${h.lines} lines ("${h.english}": ${h.allowed})`);
      expect(tall).toEqual([]);
      // Headings kept whole (Chinese breaks them at spaces only) never push the page sideways.
      expect((await overflows(page)).page, 'the page scrolls sideways').toBe(0);
      await page.context().close();
    },
    60_000,
  );
});

describe('the longest deployment choices', () => {
  it.each(['en', 'ru', 'zh-CN', 'de'] as const)(
    '%s: ElastiCache rule and cache.r7g.xlarge chosen show whole at 390 and 1280 px',
    async (locale) => {
      for (const width of [390, 1280]) {
        const page = await open(locale, width);
        const deployment = page.getByRole('group', { name: CATALOGS[locale]['deployment.title'] });
        await deployment.getByLabel(CATALOGS[locale]['deploymentForm.providerRule']).selectOption('elasticache');
        await deployment.getByLabel(CATALOGS[locale]['deploymentForm.instanceType']).selectOption('cache.r7g.xlarge');
        expect(await cutChoices(page), `${locale} ${width}`).toEqual([]);
        await page.context().close();
      }
    },
    60_000,
  );
});
