import { describe, expect, inject, it } from 'vitest';
import { linkTo } from '../../src/state/shareLink';
import { openApp, rowText, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

/** 300 M session strings on Valkey 9.1, half of them deleted at random since the last restart. */
const scenario = {
  schema: 1 as const,
  workloads: [{ name: 'sessions', keys: 300_000_000, keyBytes: 16, type: 'string' as const, valueBytes: 100, ttlFraction: 0 }],
  versions: ['9.1' as const],
  churn: [{ workload: 'sessions', deletedShare: 0.5 }],
};

describe('RSS under churn in Chromium', () => {
  it('a link with churn opens with its nodes sized by the modelled RSS, and the panel explains it', async () => {
    const page = await browser().newPage();
    const errors = watchErrors(page);
    await openApp(page, linkTo(inject('baseUrl'), { scenario, view: {} }));
    // Before any panel has loaded: the deployment already uses the modelled ratio (1.8), not 1.1.
    const row = await rowText(page, 'Deployment per version', '9.1');
    expect(row).toContain('5 × cache.r7g.large');
    const panel = page.getByRole('region', { name: 'RSS under churn' });
    await expect.poll(() => panel.textContent(), { timeout: 15_000 }).toMatch(/fragmentation of 1\.8\d/);
    expect(await panel.textContent()).toContain('activedefrag yes (or a restart) would need 3 nodes instead of 5');
    expect(errors).toEqual([]);
    await page.close();
  });
});
