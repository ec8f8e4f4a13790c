import { describe, expect, inject, it } from 'vitest';
import { openApp, rowText, screenshot, useBrowser } from './browser';
import { AXE_PAGE, axeViolations } from './axe';
import { LINK_FORMAT } from '../../src/scenario/linkFragment';

const browser = useBrowser();

describe('honest state in Chromium', () => {
  it.each([
    [390, 844],
    [1280, 900],
    [1440, 900],
  ])('an input that does not parse marks the results out of date at %i px, until it is fixed', async (width, height) => {
    const page = await browser().newPage({ viewport: { width, height }, ...AXE_PAGE });
    await openApp(page, inject('baseUrl'));
    const results = page.getByRole('region', { name: 'Results', exact: true });
    const before = await rowText(page, 'Results per version', '9.1');
    const keys = page.getByRole('group', { name: 'Workload sessions' }).getByLabel('Keys', { exact: true });
    await keys.fill('lots');
    const marker = page.getByRole('status').filter({ hasText: 'Out of date' });
    await expect.poll(() => marker.isVisible()).toBe(true);
    expect(await marker.innerText()).toBe('Out of date: these results are for the last valid input. Fix Keys to update them.');
    expect(await results.getAttribute('aria-describedby')).toBe(await marker.getAttribute('id'));
    // The summary is on one-column screens only, where the results are below the inputs.
    if (width < 1280)
      expect(await page.getByRole('region', { name: 'Summary', exact: true }).innerText()).toMatch(/^out of date/);
    expect(await rowText(page, 'Results per version', '9.1')).toBe(before);
    // Marked, not faded: the out-of-date figures stay readable.
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `stale-${width}`);
    await keys.fill('1M');
    await expect.poll(() => marker.isVisible()).toBe(false);
    expect(await results.getAttribute('aria-describedby')).toBeNull();
    expect(await rowText(page, 'Results per version', '9.1')).not.toBe(before);
    await page.close();
  });

  it('the scenario name titles the page and travels in the link', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    await page.getByLabel('Scenario name').fill('Checkout cache');
    await expect.poll(() => page.title()).toBe('Checkout cache · valkey-ram-planner');
    await expect.poll(() => page.url()).toContain(`#v=${LINK_FORMAT}&s=`);
    const link = page.url();
    const reopened = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(reopened, link);
    await expect.poll(() => reopened.title()).toBe('Checkout cache · valkey-ram-planner');
    expect(await reopened.getByLabel('Scenario name').inputValue()).toBe('Checkout cache');
    await reopened.close();
    await page.close();
  });

  it('the deployment table shows the headroom in its parts; "Why this number" lists the defaults', async () => {
    const page = await browser().newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    await openApp(page, inject('baseUrl'));
    expect(await rowText(page, 'Deployment per version', '7.2')).toContain('+17.02 MiB copy-on-write');
    await page.getByLabel('Provider reserve (%)').fill('25');
    await expect
      .poll(() => rowText(page, 'Deployment per version', '7.2'))
      .toContain('+22.70 MiB reserve, holding the 17.02 MiB copy-on-write');
    const why = page.getByRole('region', { name: 'Why this number' });
    await why.scrollIntoViewIfNeeded();
    // The panel paints only near the viewport (content-visibility): its text, painted or not.
    const items = await why.getByRole('listitem').allTextContents();
    expect(items[0]).toMatch(/^sessions: [\d,]+ string keys; Key length \(bytes\): 16 B; Value length \(bytes\): 16 B/);
    expect(items).toContain('a reserve of 25 % of each node (your figure)');
    expect(items).toContain('values are stored as strings, not as integers');
    expect(items.some((i) => i.startsWith('fragmentation ratio 1.1'))).toBe(true);
    expect(items.some((i) => i.startsWith('no provider reserve'))).toBe(false);
    await screenshot(page, 'honest-state-dark-1440');
    await page.close();
  });
});
