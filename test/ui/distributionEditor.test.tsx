import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { distributionBins } from '../../src/model/distribution';
import type { SizeDistribution } from '../../src/scenario/workloadFields';
import type { Scenario } from '../../src/scenario/schema';
import { startHistory, undo, useHistoryStore } from '../../src/state/history';
import { useInvalidInputs } from '../../src/state/invalidInputs';
import { usePlannerStore } from '../../src/state/store';
import { WorkloadList } from '../../src/ui/workload/WorkloadCard';

const STRINGS: Scenario = {
  schema: 1,
  workloads: [{ name: 'strings', type: 'string', keys: 200_000, keyBytes: 14, valueBytes: 100, ttlFraction: 0 }],
};
const VALUE = 'Value length (bytes)';

const storedValue = () => usePlannerStore.getState().scenario.workloads[0]!.valueBytes;
const steps = () => useHistoryStore.getState().past.length;

let stopHistory: () => void;
beforeEach(() => {
  act(() => usePlannerStore.getState().scenarioLoaded(STRINGS, {}, null));
  stopHistory = startHistory();
});
afterEach(() => stopHistory());

/** The card with the value size toggled on (a uniform 50-150 B range), its form chosen. */
async function editorWithForm(form: 'a range and a shape' | 'percentiles' | 'a histogram') {
  const user = userEvent.setup();
  render(<WorkloadList />);
  await user.click(screen.getByRole('checkbox', { name: `${VALUE}: varies from key to key` }));
  await user.selectOptions(screen.getByLabelText(`${VALUE}: distribution given as`), form);
  return user;
}

/** The preview: as many bars as the model has bins, labelled with the first and last bin's size. */
function expectPreviewOfModelBins(distribution: SizeDistribution) {
  const bins = distributionBins(distribution);
  const chart = screen.getByRole('img', { name: new RegExp(`^${VALUE.replace(/[()]/g, '\\$&')}: the model prices`) });
  expect(chart.getAttribute('aria-label')).toBe(
    `${VALUE}: the model prices ${bins.length} sizes from ${bins[0]!.value} to ${bins[bins.length - 1]!.value}`,
  );
  expect(chart.querySelectorAll('rect')).toHaveLength(bins.length);
}

async function axeViolations(container: HTMLElement): Promise<string[]> {
  // jsdom lays nothing out: contrast is the browser suite's to check.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the distribution editor: percentiles', () => {
  it('start from the range the field had, each percentile bounded by its neighbours', async () => {
    const user = await editorWithForm('percentiles');
    // The uniform 50-150 range's own percentiles.
    expect(storedValue()).toEqual({ kind: 'percentiles', min: 50, p50: 100, p90: 140, p99: 149, max: 150 });
    expectPreviewOfModelBins(storedValue() as SizeDistribution);

    const p90 = screen.getByLabelText(`${VALUE}: p90`);
    await user.clear(p90);
    await user.type(p90, '12');
    // Below p50: refused with the bound, the last valid percentiles stay.
    expect(screen.getByRole('alert')).toHaveTextContent(`${VALUE}: p90 is at least 100`);
    expect(useInvalidInputs.getState().labels).toEqual({ [p90.id]: `${VALUE}: p90` });
    expect(storedValue()).toMatchObject({ p90: 140 });
    await user.type(p90, '0');
    expect(storedValue()).toEqual({ kind: 'percentiles', min: 50, p50: 100, p90: 120, p99: 149, max: 150 });
    expectPreviewOfModelBins(storedValue() as SizeDistribution);

    // The smallest size is optional: left empty, the model's 1.
    const smallest = screen.getByLabelText(`${VALUE}: smallest`);
    await user.clear(smallest);
    expect(storedValue()).toEqual({ kind: 'percentiles', p50: 100, p90: 120, p99: 149, max: 150 });
    expect(screen.getByText('Left empty: 1')).toBeInTheDocument();
  });

  it('one undo step per edit: the form, then a field typed key by key', async () => {
    const user = await editorWithForm('percentiles');
    expect(steps()).toBe(2); // the toggle, the form
    const largest = screen.getByLabelText(`${VALUE}: largest`);
    await user.clear(largest);
    await user.type(largest, '2000'); // 200 and 2000 are valid: two commits, one step
    expect(storedValue()).toMatchObject({ max: 2000 });
    expect(steps()).toBe(3);
    act(() => undo());
    expect(storedValue()).toMatchObject({ kind: 'percentiles', max: 150 });
    expect(screen.getByLabelText(`${VALUE}: largest`)).toHaveValue('150');
    act(() => undo());
    expect(storedValue()).toEqual({ kind: 'range', shape: 'uniform', min: 50, max: 150 });
  });
});

describe('the distribution editor: a pasted histogram', () => {
  it('is read when the field is left, as one undo step, with the bins the model uses', async () => {
    const user = await editorWithForm('a histogram');
    expect(storedValue()).toEqual({ kind: 'histogram', buckets: [{ from: 50, to: 150, weight: 1 }] });
    const text = screen.getByLabelText(`${VALUE}: histogram, a bucket per line (from-to weight, or size weight)`);
    expect(text).toHaveValue('50-150 1');
    const before = steps();

    await user.clear(text);
    await user.click(text);
    await user.paste('1-100\t70\n\n101 - 1000 29.5\n1 KiB 0.5\n');
    expect(screen.getByText('3 buckets; applied when you leave the field (or Ctrl+Enter)')).toBeInTheDocument();
    // Nothing reaches the scenario while the text is being written.
    expect(storedValue()).toEqual({ kind: 'histogram', buckets: [{ from: 50, to: 150, weight: 1 }] });
    await user.tab();
    const histogram: SizeDistribution = {
      kind: 'histogram',
      buckets: [
        { from: 1, to: 100, weight: 70 },
        { from: 101, to: 1000, weight: 29.5 },
        { from: 1024, to: 1024, weight: 0.5 },
      ],
    };
    expect(storedValue()).toEqual(histogram);
    expect(steps()).toBe(before + 1);
    // Written back as the editor writes buckets.
    expect(text).toHaveValue('1-100 70\n101-1000 29.5\n1024 0.5');
    expectPreviewOfModelBins(histogram);

    // Leaving it again unchanged is no step; Ctrl+Enter applies without leaving.
    await user.click(text);
    await user.tab();
    expect(steps()).toBe(before + 1);
    await user.click(text);
    await user.type(text, '{Enter}2000-4000 1{Control>}{Enter}{/Control}');
    expect(storedValue()).toMatchObject({ buckets: [...histogram.buckets, { from: 2000, to: 4000, weight: 1 }] });
    expect(steps()).toBe(before + 2);
    act(() => undo());
    expect(storedValue()).toEqual(histogram);
    expect(text).toHaveValue('1-100 70\n101-1000 29.5\n1024 0.5');
  });

  it.each([
    ['10-20 5\nabc 3', 'the size on line 2: "abc" is not a size (try 16, 700 B or 2 KiB)'],
    ['10-20 5\n\n30-40', 'Line 3: a size or from-to, then a weight (such as 10-20 500)'],
    ['30-20 1', 'Line 1: the first size is above the second'],
    ['10-20 5\n15-30 2', 'Lines 1 and 2 overlap'],
    ['10-20 five', 'the weight on line 1: a number such as 0.1'],
    ['10-20 -1', 'the weight on line 1 is at least 0'],
    ['10-20 0\n30 0', 'Every weight is 0: give a bucket a weight above 0'],
    ['10-600000000 1', 'the size on line 1 is above the supported maximum of 536,870,912'],
    ['', 'Paste one bucket per line, such as 10-20 500'],
  ])('%j is refused, naming the line: %s', async (pasted, message) => {
    const user = await editorWithForm('a histogram');
    const text = screen.getByLabelText(/histogram, a bucket per line/);
    await user.clear(text);
    if (pasted) {
      await user.click(text);
      await user.paste(pasted);
    }
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(Object.values(useInvalidInputs.getState().labels)).toEqual([
      `${VALUE}: histogram, a bucket per line (from-to weight, or size weight)`,
    ]);
    await user.tab();
    expect(storedValue()).toEqual({ kind: 'histogram', buckets: [{ from: 50, to: 150, weight: 1 }] });
  });
});

describe('the distribution editor: forms and labels', () => {
  it('a range and a shape is the first form; back to one value keeps the mean', async () => {
    const user = await editorWithForm('percentiles');
    await user.selectOptions(screen.getByLabelText(`${VALUE}: distribution given as`), 'a range and a shape');
    expect(storedValue()).toEqual({ kind: 'range', shape: 'uniform', min: 50, max: 150 });
    await user.selectOptions(screen.getByLabelText('Shape'), 'normal');
    expect(storedValue()).toEqual({ kind: 'range', shape: 'normal', min: 50, max: 150 });
    await user.click(screen.getByRole('checkbox', { name: `${VALUE}: varies from key to key` }));
    expect(storedValue()).toBe(100);
  });

  it.each(['a range and a shape', 'percentiles', 'a histogram'] as const)(
    'every control of %s is labelled: axe finds nothing',
    async (form) => {
      await editorWithForm(form);
      const editor = screen.getByLabelText(`${VALUE}: distribution given as`).closest('.size-distribution') as HTMLElement;
      expect(await axeViolations(editor)).toEqual([]);
      const controls = editor.querySelectorAll('input, select, textarea');
      expect(controls.length).toBeGreaterThan(2);
      for (const control of controls) expect(control).toHaveAccessibleName();
    },
  );

  it('is used from the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<WorkloadList />);
    const toggle = screen.getByRole('checkbox', { name: `${VALUE}: varies from key to key` });
    toggle.focus();
    await user.keyboard(' ');
    expect(storedValue()).toMatchObject({ kind: 'range' });
    await user.tab();
    expect(screen.getByLabelText(`${VALUE}: distribution given as`)).toHaveFocus();
    // A select changes from the keyboard by its change event in jsdom.
    fireEvent.change(document.activeElement!, { target: { value: 'histogram' } });
    await user.tab();
    expect(screen.getByLabelText(/histogram, a bucket per line/)).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}1-10 1');
    await user.tab();
    expect(storedValue()).toEqual({ kind: 'histogram', buckets: [{ from: 1, to: 10, weight: 1 }] });
  });
});
