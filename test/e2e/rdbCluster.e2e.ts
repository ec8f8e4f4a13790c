import { createReadStream, statSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { runRdb } from '../../src/cli/rdb';
import { formatCount } from '../../src/format/count';
import type { RdbClusterAnalysis } from '../../src/rdb/merge';
import { openApp, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const SHARDS = [
  'test/fixtures/rdb/valkey-8.0.1-bundled-mixed.rdb',
  'test/fixtures/rdb/valkey-8.1.1-bundled-mixed.rdb',
  'test/fixtures/rdb/valkey-9.1.2-bundled-mixed.rdb',
];

/** What `npm run -s rdb -- FILE FILE FILE --format json` prints for the shards. */
async function cliCluster(files: string[]): Promise<RdbClusterAnalysis> {
  const out = await runRdb([...files, '--format', 'json'], (path) => ({
    size: statSync(path).size,
    chunks: createReadStream(path) as AsyncIterable<Uint8Array>,
  }));
  return JSON.parse(out.stdout) as RdbClusterAnalysis;
}

describe("a cluster's snapshots in the page", () => {
  it('reads three shard files at once in Web Workers, shows the command’s figures, and keeps them in another language', async () => {
    const cli = await cliCluster(SHARDS);
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await openApp(page, inject('baseUrl'));
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const panel = page.getByRole('region', { name: 'Size an RDB snapshot' });
    await panel.getByLabel('RDB file (dump.rdb)').setInputFiles(SHARDS);
    const shards = panel.getByRole('table', { name: 'The snapshots, one per shard' });
    await shards.waitFor();
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const shard of cli.shards) {
      const row = shards.getByRole('row').filter({ has: page.getByRole('rowheader', { name: shard.name, exact: true }) });
      expect((await row.getByRole('cell').allInnerTexts())[0]).toBe(formatCount(shard.keys));
    }
    expect(await panel.getByText(`Largest shard: ${cli.largest!.shard},`).count()).toBe(1);

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const german = panel.page().getByRole('table', { name: 'Die Snapshots, einer je Shard' });
    await german.waitFor({ timeout: 30_000 });
    expect(await german.getByRole('row').count()).toBe(SHARDS.length + 1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
