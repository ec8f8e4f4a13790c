import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/scenario/link';
import { App } from '../../src/ui/App';
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

describe('copy the results table', () => {
  it("as Markdown: the table's own figures, row by row, with the link to this plan under it", async () => {
    const user = userEvent.setup();
    const writeText = fakeClipboard('accepts');
    render(<App />);
    await user.selectOptions(screen.getByLabelText('Start from'), 'PHP sessions');
    // The export buttons load after the first screen: wait for them, however busy the machine.
    await user.click(await screen.findByRole('button', { name: 'Copy as Markdown' }, { timeout: 10_000 }));
    expect(await screen.findByText('Markdown copied', {}, { timeout: 10_000 })).toBeInTheDocument();
    const markdown = writeText.mock.calls[0]![0] as string;
    const rows = markdown
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| --- |'))
      .map((l) => l.slice(2, -2).split(' | '));
    const shown = tableCells('Results per version');
    expect(rows.length).toBe(shown.length);
    rows.forEach((row, i) => {
      expect(row.length).toBe(shown[i]!.length);
      // The first cell of a row also names its tag: "7.2 (baseline)".
      row.forEach((cell, j) => expect(cell.startsWith(shown[i]![j]!)).toBe(true));
    });
    expect(rows[1]![0]).toMatch(/ \((baseline|target)\)$/);
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
    expect(text.split('\n')[0]).toBe(`||${tableCells('Results per version')[0]!.join('||')}||`);
    expect(text).toMatch(/\[Open this plan in valkey-ram-planner\|http[^\]]+\]/);
    expect(screen.getByText('Copy the wiki markup below')).toBeInTheDocument();
  });
});
