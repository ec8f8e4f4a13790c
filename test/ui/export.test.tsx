import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../src/i18n';
import { applyAdvice } from '../../src/scenario/advice';
import { decodeLink } from '../../src/scenario/link';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { parseCsv } from '../export/csv';
import { CARTS_AND_USERS } from '../support/adviceWorkloads';
import { fakeClipboard } from './helpers';

/** Each row's cells as the table shows them, without the baseline/target tags. */
function tableCells(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((c) => {
        const copy = c.cloneNode(true) as Element;
        copy.querySelectorAll('.tag').forEach((t) => t.remove());
        return (copy.textContent ?? '').trim();
      }),
    );
}

/** The Markdown table under a "### title" heading: its header row, then its rows, cell by cell. */
function markdownTable(markdown: string, title: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`### ${title}`);
  expect(start, title).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('| ')) break;
    if (!line.startsWith('| --- |')) rows.push(line.slice(2, -2).split(' | '));
  }
  return rows;
}

/** What the CSV button hands to the browser's downloads, read back. */
async function downloadedCsv(user: ReturnType<typeof userEvent.setup>, button: HTMLElement): Promise<string[][]> {
  const blobs: Blob[] = [];
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:csv'));
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  try {
    await user.click(button);
    await vi.waitFor(() => expect(blobs).toHaveLength(1), { timeout: 10_000 });
    return parseCsv(await blobs[0]!.text());
  } finally {
    create.mockRestore();
    revoke.mockRestore();
  }
}

afterEach(() => act(() => activateLocale('en')));

describe('copy the plan', () => {
  it('as Markdown: the results as the table shows them, then deployment, money and months until full, and the link', async () => {
    const user = userEvent.setup();
    const writeText = fakeClipboard('accepts');
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Start from'), 'PHP sessions');
    // The export buttons load after the first screen: wait for them, however busy the machine.
    await user.click(await screen.findByRole('button', { name: 'Copy as Markdown' }, { timeout: 10_000 }));
    expect(await screen.findByText('Markdown copied', {}, { timeout: 10_000 })).toBeInTheDocument();
    const markdown = writeText.mock.calls[0]![0] as string;
    const [headers, ...rows] = markdownTable(markdown, 'Results per version');
    const [shownHeaders, ...shown] = tableCells('Results per version');
    expect(rows.length).toBe(shown.length);
    const column = (h: string) => headers!.indexOf(h);
    rows.forEach((row, i) => {
      expect(row[column('Version')]).toBe(shown[i]![shownHeaders!.indexOf('Version')]);
      expect(row[column('Dataset')]).toBe(shown[i]![shownHeaders!.indexOf('Dataset')]);
      expect(row[column('Bytes per key')]).toBe(shown[i]![shownHeaders!.indexOf('Bytes per key')]);
    });
    expect(rows.map((r) => r[column('Role')])).toContain('baseline');
    const deployment = markdownTable(markdown, 'Deployment per version');
    expect(deployment.slice(1).map((r) => r[0])).toEqual(shown.map((r) => r[0]));
    expect(markdownTable(markdown, 'Deployment settings')[1]![0]).toBe('cache.r7g.large');
    // The default node type is priced per engine: the copy carries each line's engine and its price.
    const [moneyHeaders, ...money] = markdownTable(markdown, 'Cost per version');
    expect(money.length).toBe(shown.length);
    for (const row of money) {
      expect(row[moneyHeaders!.indexOf('Engine')]).toBe('Valkey');
      expect(row[moneyHeaders!.indexOf('Per node-hour')]).toBe('$0.1752/h');
    }
    expect(markdownTable(markdown, 'Months until full')[0]).toEqual([
      'Version',
      'Months until full',
      'Runs out',
      'Dataset the shards hold',
    ]);
    const url = /\(<([^>]+)>\)$/.exec(markdown.trim())![1]!;
    expect(decodeLink(new URL(url).hash).state.scenario.name).toBe('PHP sessions');
  });

  it('as Confluence wiki markup, shown to copy by hand when the clipboard is refused', async () => {
    const user = userEvent.setup();
    fakeClipboard('refuses');
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Copy as Confluence wiki markup' }, { timeout: 10_000 }));
    const text = (
      (await screen.findAllByRole('textbox', { name: 'Text to copy' }, { timeout: 10_000 }))[0] as HTMLTextAreaElement
    ).value;
    const lines = text.split('\n');
    expect(lines[0]).toBe('h3. What this plan assumes');
    expect(lines).toContain('h3. Results per version');
    expect(lines).toContain('h3. Deployment settings');
    expect(lines).toContain('h3. Months until full');
    expect(text).toMatch(/\[Open this plan in valkey-ram-planner\|http[^\]]+\]/);
    expect(screen.getByText('Copy the wiki markup below')).toBeInTheDocument();
  });
});

describe('CSV of the results', () => {
  it('reads back to the figures of the results table, one plain number per cell, in the units chosen', async () => {
    const user = userEvent.setup();
    render(<App />);
    const bar = await screen.findByRole('group', { name: 'Export: Results per version' }, { timeout: 10_000 });
    const [headers, ...rows] = await downloadedCsv(user, within(bar).getByRole('button', { name: 'Download CSV' }));
    const [shownHeaders, ...shown] = tableCells('Results per version');
    const dataset = headers!.findIndex((h) => h.startsWith('Dataset ('));
    const unit = headers![dataset]!.slice('Dataset ('.length, -1);
    rows.forEach((row, i) => {
      // "61.04 MiB" on screen is 61.04 under "Dataset (MiB)".
      const [figure, shownUnit] = shown[i]![shownHeaders!.indexOf('Dataset')]!.split(' ');
      expect(shownUnit).toBe(unit);
      expect(Number(row[dataset]).toFixed(figure!.split('.')[1]?.length ?? 0)).toBe(figure);
      expect(row[headers!.indexOf('Bytes per key (B)')]).toBe(
        shown[i]![shownHeaders!.indexOf('Bytes per key')]!.replace(' B', ''),
      );
      for (const cell of row) expect(cell).not.toMatch(/−| B$|iB$/);
    });

    await user.click(screen.getByRole('radio', { name: /GB/ }));
    const [decimalHeaders] = await downloadedCsv(user, within(bar).getByRole('button', { name: 'Download CSV' }));
    expect(decimalHeaders!.find((h) => h.startsWith('Dataset ('))).toMatch(/\((B|KB|MB|GB|TB)\)$/);
  });
});

describe('the advice applied to the plan', () => {
  /** The carts and users plan with the key-TTL advice applied, as Apply makes it. */
  const applied = applyAdvice(CARTS_AND_USERS, { kind: 'keyTtl', workload: 0 });
  const KEY_TTL = 'carts: one TTL on each hash instead of one on every field';

  it('is in the CSV, the Markdown and the print as the page lists it under "Applied to this plan"', async () => {
    usePlannerStore.getState().scenarioUsed(applied);
    const user = userEvent.setup();
    const writeText = fakeClipboard('accepts');
    render(<App />);
    const bar = await screen.findByRole('group', { name: 'Export: Results per version' }, { timeout: 10_000 });
    const [headers, ...rows] = await downloadedCsv(user, within(bar).getByRole('button', { name: 'Download CSV' }));
    expect(headers!.at(-2)).toBe('Applied to this plan');
    for (const row of rows) expect(row.at(-2)).toBe(KEY_TTL);

    await user.click(within(bar).getByRole('button', { name: 'Copy as Markdown' }));
    await screen.findByText('Markdown copied', {}, { timeout: 10_000 });
    expect(writeText.mock.calls[0]![0]).toContain(
      `### Applied to this plan (its figures include these changes)\n\n1. ${KEY_TTL}\n`,
    );

    dispatchEvent(new Event('beforeprint'));
    try {
      const printed = await screen.findByRole('region', { name: 'RAM plan' }, { timeout: 10_000 });
      const list = within(printed).getByRole('list', { name: 'Applied to this plan (its figures include these changes)' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([KEY_TTL]);
    } finally {
      dispatchEvent(new Event('afterprint'));
    }
  });
});
