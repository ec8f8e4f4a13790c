import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeLink } from '../../src/scenario/link';
import type { Scenario } from '../../src/scenario/schema';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const card = (page: Page, name: string) => page.getByRole('group', { name: `Workload ${name}`, exact: true });
const workloadNames = (page: Page) =>
  page
    .getByRole('region', { name: 'Workloads' })
    .locator('fieldset.workload-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
/**
 * The address once it has caught up with the last edit, as the caller describes it: it is written
 * after a pause, and on a busy machine a pause can fall between two keystrokes of one field (a
 * "2" written before "2M"), so the address is read until it holds the edit, not until it holds still.
 */
async function settled(page: Page, holds: (scenario: Scenario) => boolean): Promise<string> {
  const scenarioOf = () => decodeLink(new URL(page.url()).hash).state.scenario;
  await expect.poll(() => holds(scenarioOf()), { timeout: 10_000 }).toBe(true);
  return page.url();
}
const sessions = (s: Scenario) => s.workloads.find((w) => w.name === 'sessions');

describe('history and undo in Chromium', () => {
  it('Back and Forward step through the edits inside the app, one entry per field typed in', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    const opened = page.url();
    const entries = await page.evaluate(() => history.length);
    const keys = card(page, 'sessions').getByLabel('Keys', { exact: true });
    await keys.fill('');
    await keys.pressSequentially('2M');
    const afterKeys = await settled(page, (s) => sessions(s)?.keys === 2_000_000);
    const value = card(page, 'sessions').getByLabel('Value length (bytes)', { exact: true });
    await value.fill('');
    await value.pressSequentially('512');
    await settled(page, (s) => sessions(s)?.valueBytes === 512);
    expect(await page.evaluate(() => history.length)).toBe(entries + 2);
    const at512 = await rowText(page, 'Results per version', '9.1');

    await page.goBack();
    await expect.poll(() => value.inputValue()).toBe('16');
    expect(await keys.inputValue()).toBe('2M');
    expect(page.url()).toBe(afterKeys);
    await page.goBack();
    await expect.poll(() => keys.inputValue()).toBe('632000');
    expect(page.url()).toBe(opened);
    await page.goForward();
    await page.goForward();
    await expect.poll(() => value.inputValue()).toBe('512');
    expect(await rowText(page, 'Results per version', '9.1')).toBe(at512);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fragmentation 1.1 -> 1.3 and a price 0.437 are one step each; Back after Undo and Redo shows the scenario before each', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    const fragmentation = page.getByLabel('Fragmentation ratio (RSS / used_memory)');
    const price = page.getByLabel('Your Valkey price per node-hour (USD)');
    expect(await fragmentation.inputValue()).toBe('1.1');
    // Typed as a person types: select what is there, then "1", "1.", "1.3" reach the scenario in turn.
    await fragmentation.selectText();
    await fragmentation.pressSequentially('1.3');
    await fragmentation.press('Tab');
    await settled(page, (s) => s.deployment?.fragmentationRatio === 1.3);
    await price.scrollIntoViewIfNeeded();
    await price.click();
    await price.pressSequentially('0.437');
    await price.press('Tab');
    await settled(page, (s) => s.cost?.pricePerNodeHourValkey === 0.437);
    const entries = await page.evaluate(() => history.length);

    await undo.click();
    await expect.poll(() => price.inputValue()).toBe('');
    expect(await fragmentation.inputValue()).toBe('1.3');
    await undo.click();
    // Straight back to 1.1: neither the half-typed "1" nor a step that changes nothing comes between.
    await expect.poll(() => fragmentation.inputValue()).toBe('1.1');
    expect(await undo.isDisabled()).toBe(true);
    await redo.click();
    await expect.poll(() => fragmentation.inputValue()).toBe('1.3');
    expect(await price.inputValue()).toBe('');
    // Undo, Undo and Redo each gave the address bar an entry.
    expect(await page.evaluate(() => history.length)).toBe(entries + 3);

    // Back after Redo shows the scenario before it, and each Back after it one step earlier.
    await page.goBack();
    await expect.poll(() => fragmentation.inputValue()).toBe('1.1');
    await page.goBack();
    await expect.poll(() => fragmentation.inputValue()).toBe('1.3');
    expect(await price.inputValue()).toBe('');
    await page.goBack();
    await expect.poll(() => price.inputValue()).toBe('0.437');
    await page.goForward();
    await expect.poll(() => price.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Undo and Redo (buttons and keys) cover remove, duplicate and a preset; a text field keeps its own undo', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await openApp(page, inject('baseUrl'));
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    expect(await undo.isDisabled()).toBe(true);

    await card(page, 'sessions').getByRole('button', { name: 'Duplicate' }).click();
    expect(await workloadNames(page)).toEqual(['Workload sessions', 'Workload sessions copy']);
    await card(page, 'sessions').getByRole('button', { name: 'Remove' }).click();
    expect(await workloadNames(page)).toEqual(['Workload sessions copy']);
    await undo.click();
    expect(await workloadNames(page)).toEqual(['Workload sessions', 'Workload sessions copy']);
    await undo.click();
    expect(await workloadNames(page)).toEqual(['Workload sessions']);
    await redo.click();
    expect(await workloadNames(page)).toEqual(['Workload sessions', 'Workload sessions copy']);

    await page.getByLabel('Start from').selectOption({ label: 'PHP sessions' });
    await expect.poll(() => page.getByLabel('Scenario name').inputValue()).toBe('PHP sessions');
    // Outside a text field, Ctrl+Z is the app's undo: the preset goes.
    await page.locator('h1').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => workloadNames(page)).toEqual(['Workload sessions', 'Workload sessions copy']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.getByLabel('Scenario name').inputValue()).toBe('PHP sessions');

    // Inside a text field, Ctrl+Z undoes the typing, as anywhere; the scenario follows the field.
    const name = page.getByLabel('Scenario name');
    await name.click();
    await name.press('End');
    await name.pressSequentially(' EU');
    await expect.poll(() => page.title()).toBe('PHP sessions EU · valkey-ram-planner');
    await name.press('Control+z');
    await expect.poll(() => name.inputValue()).not.toBe('PHP sessions EU');
    const undone = await name.inputValue();
    expect('PHP sessions EU'.startsWith(undone)).toBe(true);
    await expect.poll(() => page.title()).toBe(`${undone} · valkey-ram-planner`);
    // The preset is still there: the field's undo took back typing, not a step of the scenario.
    expect(await page.getByRole('button', { name: 'Redo', exact: true }).isDisabled()).toBe(true);
    expect((await workloadNames(page)).length).toBeGreaterThan(0);
    await screenshot(page, 'undo-1280');
    await page.close();
  });
});
