import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/** The row of one version in a table named `table`. */
export function versionRow(version: string, table = 'Results per version'): HTMLTableRowElement {
  const t = screen.getByRole('table', { name: table });
  return within(t)
    .getByRole('rowheader', { name: new RegExp(`^${version.replace('.', '\\.')}`) })
    .closest('tr')!;
}

/** The text of the cell in `column` (header text) of `version`'s row. */
export function cell(version: string, column: string, table = 'Results per version'): string {
  const t = screen.getByRole('table', { name: table });
  const headers = within(t)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const index = headers.indexOf(column);
  if (index < 0) throw new Error(`no column ${column} in ${headers.join(', ')}`);
  return versionRow(version, table).cells[index]!.textContent ?? '';
}

export function workloadCard(name: string): HTMLElement {
  return screen.getByRole('group', { name: `Workload ${name}` });
}

/** Opens a chart's tab (by its name) and shows its table. */
export async function openChartTable(user: ReturnType<typeof userEvent.setup>, tab: RegExp): Promise<void> {
  await user.click(screen.getByRole('tab', { name: tab }));
  const panel = screen.getByRole('tabpanel');
  await user.click(await within(panel).findByRole('button', { name: 'Show table' }, CHART_CODE));
}

/** A clipboard that takes what is written to it, or refuses it as a browser without permission does; returns its writeText. */
export function fakeClipboard(outcome: 'accepts' | 'refuses') {
  const writeText = outcome === 'accepts' ? vi.fn().mockResolvedValue(undefined) : vi.fn().mockRejectedValue(new Error('denied'));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** The panels and tables below the numbers follow an edit after its frame: in jsdom on a busy machine, that takes seconds. */
export const CAUGHT_UP = { timeout: 10_000 };

/**
 * A chart's code is loaded lazily: in a test file's first chart, recharts and d3 are imported
 * into jsdom, which took over 12 s while the other suites ran beside it on 2 cores.
 */
export const CHART_CODE = { timeout: 30_000 };
