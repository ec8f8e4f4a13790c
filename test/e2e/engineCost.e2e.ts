import { describe, expect, inject, it } from 'vitest';
import { formatUsd, formatUsdPerHour } from '../../src/format/money';
import type { Locale } from '../../src/i18n/locales';
import { costOf } from '../../src/state/costDerived';
import { nodeTypesOf } from '../../src/state/nodeTypesDerived';
import { linkTo } from '../../src/state/shareLink';
import { REDIS_TO_VALKEY_MOVE } from '../support/redisToValkeyMove';
import { openApp, rowText, screenshot, useBrowser, watchErrors } from './browser';

const browser = useBrowser();

const MOVE = REDIS_TO_VALKEY_MOVE;

/** Each language's names of the tables and words this test reads (the catalogs' own). */
const WORDS: Record<'en' | 'de', { cost: string; nodeTypes: string; cheapest: string; serverless: string }> = {
  en: {
    cost: 'Cost per version',
    nodeTypes: 'Node types that hold the plan',
    cheapest: 'cheapest',
    serverless: "Serverless: each line on its engine's offering, data stored per GB-hour and requests in ECPUs",
  },
  de: {
    cost: 'Kosten je Version',
    nodeTypes: 'Knotentypen, die den Plan tragen',
    cheapest: 'am günstigsten',
    serverless: 'Serverless: jede Version im Angebot ihrer Engine, gespeicherte Daten je GB-Stunde und Anfragen in ECPUs',
  },
};

/** Text as a reader compares it: any run of spaces (no-break ones included) as one space. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('a Redis 7.0 to Valkey 9.1 move on ElastiCache, in Chromium', () => {
  for (const lang of ['en', 'de'] as const satisfies readonly Locale[]) {
    it(`${lang}: each line at its engine's node price, the saving in its two causes, ElastiCache types only, serverless per engine`, async () => {
      const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchErrors(page);
      await openApp(page, `${linkTo(inject('baseUrl'), { scenario: MOVE, view: {} })}&lang=${lang}`);
      const words = WORDS[lang];
      const cost = costOf(MOVE);
      const [redis, valkey] = cost.lines!;
      await expect
        .poll(async () => plain(await rowText(page, words.cost, 'Redis 7.0')), { timeout: 20_000 })
        .toContain(plain(formatUsdPerHour(0.437, lang)));
      expect(plain(await rowText(page, words.cost, 'Redis 7.0'))).toContain(plain(formatUsd(redis!.perMonth, lang)));
      expect(plain(await rowText(page, words.cost, '9.1'))).toContain(plain(formatUsdPerHour(0.3496, lang)));
      expect(plain(await rowText(page, words.cost, '9.1'))).toContain(plain(formatUsd(valkey!.perMonth, lang)));

      // The saving's two causes, as the model splits it, add up to the saving.
      const causes = plain(await page.locator('.saving-causes').first().innerText());
      expect(causes).toContain(plain(formatUsd(cost.saving!.perMonth, lang)));
      expect(causes).toContain(plain(formatUsd(cost.saving!.causes.byMemory.perMonth, lang)));
      expect(causes).toContain(plain(formatUsd(cost.saving!.causes.byEnginePrice.perMonth, lang)));

      // Node types side by side: ElastiCache types only, the model's cheapest marked.
      const comparison = nodeTypesOf(MOVE);
      const table = page.getByRole('table', { name: words.nodeTypes });
      await table.scrollIntoViewIfNeeded();
      const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(comparison.options.length);
      const headers = (await rows.getByRole('rowheader').allInnerTexts()).map(plain);
      expect(headers.every((h) => h.startsWith('cache.'))).toBe(true);
      const cheapest = comparison.options.find((o) => o.cheapest)!;
      expect(headers).toContain(`${cheapest.instance.id} ${words.cheapest}`);
      expect(headers.filter((h) => h.endsWith(words.cheapest))).toHaveLength(1);

      // Serverless: Redis 7.0 on the Redis OSS offering, 9.1 on the Valkey one.
      expect(plain(await rowText(page, words.serverless, 'Redis 7.0'))).toContain('Redis OSS');
      expect(plain(await rowText(page, words.serverless, '9.1'))).toContain('Valkey');

      await page.getByRole('table', { name: words.cost }).scrollIntoViewIfNeeded();
      await screenshot(page, `engine-cost-${lang}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
