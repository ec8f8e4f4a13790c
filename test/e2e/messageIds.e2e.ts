import { describe, expect, inject, it } from 'vitest';
import { openApp, useBrowser } from './browser';
import { linkTo } from '../../src/state/shareLink';
import type { Scenario } from '../../src/scenario/schema';

const browser = useBrowser();

/**
 * A scenario that brings up the panels which load after the first screen with their own
 * messages: a set written one member per command has figures as written and as loaded, and the
 * cost, churn and advice panels follow.
 */
const EVERY_PANEL: Scenario = {
  schema: 1,
  name: 'every panel',
  workloads: [
    { name: 'sessions', keys: 10_000_000, keyBytes: 24, type: 'string', valueBytes: 100, ttlFraction: 0.5 },
    { name: 'tags', keys: 1_000_000, keyBytes: 16, type: 'set', fields: 300, valueBytes: 12, ttlFraction: 0 },
  ],
};

/**
 * The page's words, shown and given to assistive technology, that are a message's compacted id
 * (`~` and its number in base 36, as scripts/messageCatalogs.ts makes them) instead of its text:
 * what a message read before its catalog has come looks like.
 */
function rawMessageIds(): string[] {
  const id = /(?:^|[^\w~])(~[0-9a-z]{1,3})(?![\w~])/g;
  const found: string[] = [];
  const look = (text: string | null, where: string) => {
    for (const m of (text ?? '').matchAll(id)) found.push(`${m[1]} in ${where}`);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) look(node.textContent, node.parentElement!.tagName);
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) look(e.getAttribute(name), `${e.tagName} ${name}`);
  return found;
}

describe('every word of the page is worded, none a raw message id', () => {
  it.each(['en-US', 'de-DE', 'ru-RU', 'zh-CN'])('%s: every panel, loaded after the first screen', async (locale) => {
    const context = await browser().newContext({ locale, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openApp(page, linkTo(inject('baseUrl'), { scenario: EVERY_PANEL, view: {} }));
    // Down the whole page, so that every panel that waits to be near the screen has loaded.
    for (let i = 0; i < 15; i++) {
      await page.mouse.wheel(0, 900);
      await page.waitForTimeout(100);
    }
    // The as-written and as-loaded table's export buttons, the last of them to come.
    await expect.poll(() => page.locator('.as-loaded .export-bar').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.evaluate(rawMessageIds)).toEqual([]);
    await context.close();
  });
});
