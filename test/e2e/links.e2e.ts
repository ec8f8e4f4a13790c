import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { linkTo } from '../../src/state/shareLink';
import { noticeFor } from '../../src/state/urlSync';
import { pageNoticeText } from '../../src/scenario/linkNotice';
import { embedCode } from '../../src/ui/sharing/ShareBar';
import { PRESETS } from '../../src/scenario/presets';
import { openApp, rowText, screenshot, useBrowser, useWikiPage, watchErrors } from './browser';
import { infoFixture } from '../support/infoFixture';

const browser = useBrowser();

const RESULTS = 'Results per version';
const wordpress = PRESETS.find((p) => p.id === 'wordpress-object-cache')!;
const wordpressLink = () => linkTo(inject('baseUrl'), { scenario: wordpress.scenario, view: wordpress.view ?? {} });

describe('share links in Chromium', () => {
  it('a shared link opens with its numbers; an edit survives a reload; back and forward restore', async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    await openApp(page, wordpressLink());
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toContain('−0.6 %');
    expect(await page.getByRole('group', { name: /^Workload wp:/ }).count()).toBe(1);

    await page.getByLabel('Value length (bytes)', { exact: true }).fill('16');
    await expect.poll(() => page.evaluate(() => location.hash)).not.toBe(new URL(wordpressLink()).hash);
    const edited = await rowText(page, RESULTS, '9.1');
    await page.reload();
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toBe(edited);
    expect(await page.getByLabel('Value length (bytes)', { exact: true }).inputValue()).toBe('16');

    await page.getByLabel('Start from').selectOption({ label: 'Percona benchmark (632k short strings)' });
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toContain('64.02 B (9.1.1)');
    await page.goBack();
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toBe(edited);
    await page.goForward();
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toContain('64.02 B (9.1.1)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('typing does not flood the history: one field typed in is one entry', async () => {
    const page = await browser().newPage();
    await openApp(page, inject('baseUrl'));
    const before = await page.evaluate(() => history.length);
    await page.getByLabel('Keys', { exact: true }).pressSequentially('123456', { delay: 20 });
    // The entry is written after a pause, which a busy machine stretches: wait for it, then for longer than the pause.
    await expect.poll(() => page.evaluate(() => history.length), { timeout: 10_000 }).toBeGreaterThan(before);
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.close();
  });

  it('a tampered link shows a specific notice, renders names as text and keeps working', async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    const scenario = {
      schema: 1,
      workloads: [
        {
          name: '<img src=x onerror="window.__pwned=1">',
          keys: 1000,
          keyBytes: 10,
          type: 'string',
          valueBytes: 10,
          ttlFraction: 0,
        },
        { name: 'bad', keys: -5, keyBytes: 10, type: 'string', valueBytes: 10, ttlFraction: 0 },
      ],
    };
    await openApp(page, linkTo(inject('baseUrl'), { scenario: scenario as never, view: {} }));
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toContain('left out workload 2: keys: keys cannot be negative');
    expect(await page.getByRole('group', { name: 'Workload <img src=x onerror="window.__pwned=1">' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, 'hostile-link-notice');

    // A fresh load, not a same-page hash change: that would be back/forward, which writes the default's link back.
    await page.goto('about:blank');
    await openApp(page, `${inject('baseUrl')}#v=1&s=garbage%%%`);
    await page.reload();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('damaged');
    expect(await rowText(page, RESULTS, '7.2')).toContain('101.27 B');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('notices in the browser', () => {
  it('name the problem in the same English words as in Node (the production bundle keeps the zod locale)', async () => {
    const scenario = { ...wordpress.scenario, deployment: { processBaselineBytes: -5 } };
    const link = encodeLink({ scenario: scenario as never, view: {} });
    const inNode = pageNoticeText(noticeFor(decodeLink(link))!);
    expect(inNode).toMatch(/processBaselineBytes cannot be negative/);
    const page = await browser().newPage();
    await openApp(page, `${inject('baseUrl')}#${link}`);
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain(inNode);
    await page.close();
  });
});

describe('embedding in a wiki page on another origin', () => {
  const wikiUrl = useWikiPage(() => {
    const src = linkTo(inject('baseUrl'), { scenario: wordpress.scenario, view: {} }, { embed: true });
    return `<!doctype html><html><body><h1>Team wiki</h1>
<iframe id="calc" src="${src}" style="width:100%;border:0" height="200" title="calculator"></iframe>
<script>window.__heights=[];addEventListener('message',function(e){if(e.data&&e.data.type==='valkey-ram-planner:height'){window.__heights.push(e.data.height);document.getElementById('calc').height=String(e.data.height);}});</script>
</body></html>`;
  });

  it('the compact view loads in an iframe, reports its height, and links to the full calculator', async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(wikiUrl());
    const frame = page.frameLocator('#calc');
    await expect.poll(() => frame.getByRole('table', { name: RESULTS }).innerText()).toContain('−0.6 %');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __heights: number[] }).__heights.at(-1) ?? 0))
      .toBeGreaterThan(300);
    const full = await frame.getByRole('link', { name: 'Open in full calculator' }).getAttribute('href');
    expect(full).not.toContain('embed=1');
    expect(await frame.getByRole('heading', { name: 'Workloads' }).count()).toBe(0);
    await screenshot(page, 'embedded-in-wiki');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the embed code from Copy embed code', () => {
  const wikiUrl = useWikiPage(() => {
    // A link with a notice: dismissing it makes the calculator shorter.
    const scenario = { ...wordpress.scenario, deployment: { processBaselineBytes: -5 } };
    const src = linkTo(inject('baseUrl'), { scenario: scenario as never, view: {} }, { embed: true });
    return `<!doctype html><html><body><h1>Team wiki</h1>${embedCode(src)}</body></html>`;
  });

  it('sizes the frame to the calculator as it grows and as it shrinks, and ignores other origins', async () => {
    const page = await browser().newPage({ viewport: { width: 900, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(wikiUrl());
    const frame = page.frameLocator('iframe[data-valkey-ram-planner]');
    const frameHeight = () => page.evaluate(() => Number(document.querySelector('iframe')!.getAttribute('height')));
    const contentHeight = () =>
      frame.locator('.app.embed').evaluate((e) => Math.ceil(e.getBoundingClientRect().bottom + window.scrollY));
    await expect.poll(() => frame.getByRole('alert').innerText()).toContain('cannot be negative');
    // The chart loads after the first results (with its messages): the frame grows with it.
    await frame.locator('.recharts-bar-rectangle').first().waitFor();
    await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(20);
    const withNotice = await frameHeight();

    await frame.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect.poll(frameHeight).toBeLessThan(withNotice);
    await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(20);

    // The wiki page's own scripts (another origin than the calculator's) cannot resize the frame.
    const before = await frameHeight();
    await page.evaluate(() => window.postMessage({ type: 'valkey-ram-planner:height', height: 5 }, '*'));
    await page.waitForTimeout(200);
    expect(await frameHeight()).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the single-file build', () => {
  it('opens from file:// and works', async () => {
    const file = 'dist-single/index.html';
    expect(existsSync(file)).toBe(true);
    const page = await browser().newPage();
    const errors = watchErrors(page);
    await openApp(page, linkTo(pathToFileURL(file).href, { scenario: wordpress.scenario, view: { chart: 'valueSize' } }));
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toContain('−0.6 %');
    await page.getByRole('heading', { name: 'Bytes per key against value size' }).waitFor();
    await page.getByLabel('Keys', { exact: true }).fill('1000');
    await expect.poll(() => rowText(page, RESULTS, '7.2')).not.toContain('−');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('read my server in Chromium', () => {
  it('pasting a captured INFO shows the projection, and the text stays out of the link', async () => {
    const text = infoFixture('strings');
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    await page.getByLabel(/Paste the output/).fill(text);
    await expect.poll(() => rowText(page, 'The same keys on each line', '9.1')).toMatch(/−.*%/);
    await page
      .getByRole('region', { name: 'Read my server' })
      .screenshot({ path: 'test-results/screenshots/read-my-server.png' });
    await page.getByRole('button', { name: 'Use as scenario' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('s=');
    const hash = await page.evaluate(() => location.hash);
    const { decodeLink } = await import('../../src/scenario/link');
    const decoded = JSON.stringify(decodeLink(hash).state);
    expect(decoded).toContain('keys from INFO');
    expect(decoded).not.toContain('used_memory');
    expect(decoded).not.toContain('redis_version');
    expect(errors).toEqual([]);
    await page.close();
  });
});
