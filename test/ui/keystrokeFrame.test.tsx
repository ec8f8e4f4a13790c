import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatBytesPerKey } from '../../src/format/quantities';
import { estimateOf } from '../../src/state/derived';
import { usePlannerStore } from '../../src/state/store';
import { App } from '../../src/ui/shell/App';
import { cell, workloadCard } from './helpers';

// The charts load lazily, and recharts is slow to import into jsdom on a busy machine.
const SLOW = { timeout: 60_000 };

const LINES = ['7.2', '8.0', '8.1', '9.0', '9.1'];
const shownBytesPerKey = () => LINES.map((line) => cell(line, 'Bytes per key'));
const storeBytesPerKey = () =>
  estimateOf(usePlannerStore.getState().scenario).versions.map((v) => formatBytesPerKey(v.bytesPerKey));
const summaryText = () => screen.getByRole('region', { name: 'Summary' }).textContent;
const terabyteText = () => screen.getByRole('region', { name: '"1 TB on 7.2" corrected' }).textContent;

/** What the numbers showed when an edit was first committed: the urgent commit, before any deferred panel. */
const atFirstCommit: Array<{
  keys: number;
  shown: string[];
  expected: string[];
  summary: string | null;
  terabyte: string | null;
}> = [];
function FirstCommitProbe() {
  const keys = usePlannerStore((s) => s.scenario.workloads[0]!.keys);
  useLayoutEffect(() => {
    atFirstCommit.push({
      keys,
      shown: shownBytesPerKey(),
      expected: storeBytesPerKey(),
      summary: summaryText(),
      terabyte: terabyteText(),
    });
  }, [keys]);
  return null;
}

describe('the numbers are never stale', () => {
  it('the results, the summary and the 1 TB correction show an edit in the commit that makes it', SLOW, async () => {
    render(
      <>
        <App />
        <FirstCommitProbe />
      </>,
    );
    const before = { shown: shownBytesPerKey(), summary: summaryText(), terabyte: terabyteText() };
    atFirstCommit.length = 0;
    act(() => usePlannerStore.getState().workloadEdited(0, { keys: 123 }));
    // One commit for the edit reached the probe, and in it the numbers were already the store's.
    expect(atFirstCommit).toHaveLength(1);
    const [first] = atFirstCommit;
    expect(first!.keys).toBe(123);
    expect(first!.shown).toEqual(first!.expected);
    expect(first!.shown).not.toEqual(before.shown);
    // The summary and the 1 TB correction changed in that commit too, to what they settle at.
    expect(first!.summary).not.toBe(before.summary);
    expect(first!.terabyte).not.toBe(before.terabyte);
    expect(first!.summary).toBe(summaryText());
    expect(first!.terabyte).toBe(terabyteText());
    expect(shownBytesPerKey()).toEqual(storeBytesPerKey());
  });
});

/** The versions chart's bars by line: their heights, from zero, in recharts' drawing. */
function barHeights(): Map<string, number> {
  const chart = screen.getByRole('figure', { name: 'Versions side by side' });
  const bars = [...chart.querySelectorAll('.recharts-bar-rectangle path[name="Model (bytes per key)"]')];
  return new Map(bars.map((bar) => [bar.getAttribute('version')!, Number(bar.getAttribute('height'))]));
}

describe('the chart follows the keystrokes', () => {
  it('once typing stops, the versions chart draws the scenario of the last keystroke', SLOW, async () => {
    const user = userEvent.setup();
    render(<App />);
    await waitFor(() => expect(barHeights().size).toBe(LINES.length), SLOW);
    const heightsBefore = barHeights();
    const field = within(workloadCard('sessions')).getByLabelText('Value length (bytes)');
    await user.clear(field);
    // Each keystroke is a scenario of its own (2, 20, 200, 2000 bytes): the chart must end at the last.
    await user.type(field, '2000');
    expect(usePlannerStore.getState().scenario.workloads[0]!.valueBytes).toBe(2000);
    const estimate = estimateOf(usePlannerStore.getState().scenario);
    const bytesPerKey = new Map(estimate.versions.map((v) => [v.version as string, v.bytesPerKey]));
    // The bars start at zero, so their heights are in the ratio of the lines' bytes per key.
    const ratiosOf = (of: Map<string, number>) => LINES.map((line) => of.get(line)! / of.get('7.2')!);
    await waitFor(() => {
      const drawn = ratiosOf(barHeights());
      ratiosOf(bytesPerKey).forEach((expected, i) => expect(drawn[i]).toBeCloseTo(expected, 3));
    }, SLOW);
    // The edit moved the ratios: the bars before it do not pass for the last keystroke's.
    expect(ratiosOf(heightsBefore)[4]).not.toBeCloseTo(ratiosOf(bytesPerKey)[4]!, 2);
    // And the numbers above it agree.
    expect(shownBytesPerKey()).toEqual(storeBytesPerKey());
  });
});

describe('the tables below the numbers follow the keystrokes', () => {
  it('once typing stops, the deployment table reads the last keystroke, as the table per version does', SLOW, async () => {
    const user = userEvent.setup();
    render(<App />);
    const usedMemory = () => LINES.map((line) => cell(line, 'used_memory per node', 'Deployment per version'));
    const before = usedMemory();
    const field = within(workloadCard('sessions')).getByLabelText('Keys');
    await user.clear(field);
    await user.type(field, '987654321');
    expect(usePlannerStore.getState().scenario.workloads[0]!.keys).toBe(987_654_321);
    const estimate = estimateOf(usePlannerStore.getState().scenario);
    await waitFor(() => {
      const shown = usedMemory();
      // Every line's node reads what the results' estimate gives it, in the page's units.
      estimate.versions.forEach((v, i) => expect(shown[i]).toBe(formatBytes(v.deployment.usedMemoryPerNodeBytes)));
    }, SLOW);
    expect(usedMemory()).not.toEqual(before);
    expect(shownBytesPerKey()).toEqual(storeBytesPerKey());
  });
});
