import { closeSync, createReadStream, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runRdb } from '../../src/cli/rdb';
import { formatBytes } from '../../src/format/quantities';
import type { RdbAnalysis } from '../../src/rdb/analyze';
import { openApp, rowText, SCREENSHOT_DIR, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const FIXTURE = 'test/fixtures/rdb/redis-7.0-mixed.rdb';
const PANEL = 'Size an RDB snapshot';
const FAMILIES = "The snapshot's key families";
const RESULTS = 'Results per version';

/** What `npm run -s rdb -- FILE --format json` prints for the file. */
async function cliAnalysis(file: string): Promise<RdbAnalysis> {
  const out = await runRdb([file, '--format', 'json'], (path) => ({
    size: statSync(path).size,
    chunks: createReadStream(path) as AsyncIterable<Uint8Array>,
  }));
  return JSON.parse(out.stdout) as RdbAnalysis;
}

/**
 * A large valid start of an RDB file: the header, database 0 and string keys of 200 bytes, as
 * many as fill `bytes` (no end: the read is cancelled long before it would get there).
 */
function writeLargeRdb(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, Buffer.from([...Buffer.from('REDIS0011'), 0xfe, 0x00]));
    const record = (n: number) => {
      const key = Buffer.from(`k:${String(n).padStart(10, '0')}`);
      return Buffer.concat([Buffer.from([0x00, key.length]), key, Buffer.from([0x40, 200]), Buffer.alloc(200, 0x61)]);
    };
    const perBlock = 50_000;
    let written = 11;
    for (let n = 0; written < bytes; n += perBlock) {
      const block = Buffer.concat(Array.from({ length: perBlock }, (_, i) => record(n + i)));
      writeSync(fd, block);
      written += block.length;
    }
  } finally {
    closeSync(fd);
  }
}

/** Requests the page makes to anywhere but its own server. */
function watchOtherOrigins(page: Page, base: string): string[] {
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
  });
  return elsewhere;
}

function watchPolicyMessages(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) logged.push(m.text());
  });
  return logged;
}

describe('sizing an RDB snapshot in the page', () => {
  const dir = join(tmpdir(), `rdb-e2e-${process.pid}`);
  const large = join(dir, 'large.rdb');
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeLargeRdb(large, 256 * 1024 * 1024);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a real dump in the worker, shows the command’s figures, and Use as scenario changes the results; Undo takes it back', async () => {
    const cli = await cliAnalysis(FIXTURE);
    const base = inject('baseUrl');
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const policy = watchPolicyMessages(page);
    const elsewhere = watchOtherOrigins(page, base);
    await openApp(page, base);
    const panel = page.getByRole('region', { name: PANEL });
    await panel.getByLabel('RDB file (dump.rdb)').setInputFiles(FIXTURE);
    const families = panel.getByRole('table', { name: FAMILIES });
    await families.waitFor();

    // The largest family on 9.1, as the command prints it.
    const largest = cli.families[0]!;
    const row = families.getByRole('row').filter({ has: page.getByRole('rowheader', { name: largest.pattern, exact: true }) });
    const headers = await families.getByRole('columnheader').allInnerTexts();
    const cells = await row.getByRole('cell').allInnerTexts();
    // cells follow the row header: column i of the table is cell i - 1
    expect(cells[headers.indexOf('9.1') - 1]).toBe(formatBytes(largest.bytesPerLine['9.1']));
    expect(await panel.innerText()).not.toMatch(/NaN|undefined/);

    const before = await rowText(page, RESULTS, '9.1');
    await panel.getByRole('button', { name: 'Use as scenario' }).click();
    await expect.poll(() => rowText(page, RESULTS, '9.1')).not.toBe(before);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => rowText(page, RESULTS, '9.1')).toBe(before);

    // Screenshots of the panel with its result (looked at, not kept in the repository).
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of [390, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.screenshot({ path: `${SCREENSHOT_DIR}/rdb-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    expect(policy).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });

  it('Cancel stops a read of a large file: the progress bar goes, and the result says how far it came', async () => {
    const size = statSync(large).size;
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    const panel = page.getByRole('region', { name: PANEL });
    await panel.getByLabel('RDB file (dump.rdb)').setInputFiles(large);
    const bar = panel.getByRole('progressbar', { name: 'Reading large.rdb' });
    await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await bar.getAttribute('max')).toBe(String(size));
    const total = formatBytes(size).replace('.', '\\.');
    await expect.poll(() => panel.innerText()).toMatch(new RegExp(` of ${total} · .*/s · about \\d+ seconds? left`));
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const alert = panel.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toMatch(/^Cancelled after [\d,]+ B and [\d,]+ keys: every figure below covers only what was read\.$/);
    const read = Number(/after ([\d,]+) B/.exec(text)![1]!.replace(/,/g, ''));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(size);
    expect(await bar.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
