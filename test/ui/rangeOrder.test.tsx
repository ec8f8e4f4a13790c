import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { startHistory } from '../../src/state/history';
import { useInvalidInputs } from '../../src/state/invalidInputs';
import { usePlannerStore } from '../../src/state/store';
import { WorkloadList } from '../../src/ui/workload/WorkloadCard';

/**
 * Every form of a size that varies is typed in every order of its fields, key by key and pasted
 * in one go: what the fields show at the end is what the scenario, and the link made of it, holds.
 * The value starts at 16 B, so the range starts as 8-24 B and every target below is beyond it.
 */
const STRINGS: Scenario = {
  schema: 1,
  workloads: [{ name: 'strings', type: 'string', keys: 200_000, keyBytes: 14, valueBytes: 16, ttlFraction: 0 }],
};
const VALUE = 'Value length (bytes)';

let stopHistory: () => void;
beforeEach(() => {
  act(() => usePlannerStore.getState().scenarioLoaded(STRINGS, {}, null));
  stopHistory = startHistory();
});
afterEach(() => stopHistory());

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const stored = () => usePlannerStore.getState().scenario.workloads[0]!.valueBytes;
const linked = () => {
  const { scenario, view } = usePlannerStore.getState();
  return decodeLink(encodeLink({ scenario, view })).state.scenario.workloads[0]!.valueBytes;
};

type Form = 'range' | 'percentiles';
interface Case {
  form: Form;
  shape?: 'uniform' | 'normal' | 'lognormal';
  /** Each field's label after the value's, and what is typed into it. */
  typed: Record<string, string>;
  expected: unknown;
}

const CASES: Case[] = [
  ...(['uniform', 'normal'] as const).flatMap((shape) => [
    {
      form: 'range' as const,
      shape,
      typed: { smallest: '200', largest: '4000' },
      expected: { kind: 'range', shape, min: 200, max: 4000 },
    },
    {
      form: 'range' as const,
      shape,
      typed: { smallest: '100', largest: '5000' },
      expected: { kind: 'range', shape, min: 100, max: 5000 },
    },
  ]),
  {
    form: 'range',
    shape: 'lognormal',
    typed: { smallest: '200', mean: '900', largest: '4000' },
    expected: { kind: 'range', shape: 'lognormal', min: 200, mean: 900, max: 4000 },
  },
  {
    form: 'percentiles',
    typed: { smallest: '200', p50: '1000', p90: '3000', p99: '3500', largest: '4000' },
    expected: { kind: 'percentiles', min: 200, p50: 1000, p90: 3000, p99: 3500, max: 4000 },
  },
];

async function openForm(c: Case) {
  const user = userEvent.setup();
  const view = render(<WorkloadList />);
  await user.click(screen.getByRole('checkbox', { name: `${VALUE}: varies from key to key` }));
  if (c.form === 'percentiles') await user.selectOptions(screen.getByLabelText(`${VALUE}: distribution given as`), 'percentiles');
  if (c.shape && c.shape !== 'uniform') await user.selectOptions(screen.getByLabelText('Shape'), c.shape);
  return { user, view };
}

/** Types each field in `order`, key by key or in one paste, and checks the end state. */
async function typeInOrder(c: Case, order: readonly string[], paste: boolean) {
  const { user, view } = await openForm(c);
  for (const name of order) {
    const field = screen.getByLabelText(`${VALUE}: ${name}`);
    await user.clear(field);
    if (paste) {
      await user.click(field);
      await user.paste(c.typed[name]!);
    } else await user.type(field, c.typed[name]!);
  }
  for (const [name, text] of Object.entries(c.typed)) expect(screen.getByLabelText(`${VALUE}: ${name}`)).toHaveValue(text);
  expect(screen.queryAllByRole('alert')).toEqual([]);
  expect(useInvalidInputs.getState().labels).toEqual({});
  expect(stored()).toEqual(c.expected);
  expect(linked()).toEqual(c.expected);
  view.unmount();
  act(() => usePlannerStore.getState().scenarioLoaded(STRINGS, {}, null));
}

describe('a size range or percentiles typed in any order are planned as the fields show them', () => {
  for (const c of CASES) {
    const name = `${c.form}${c.shape ? ` (${c.shape})` : ''} to ${Object.values(c.typed).join(' / ')}`;
    it(`${name}: every order, key by key and pasted`, { timeout: 120_000 }, async () => {
      const orders = permutations(Object.keys(c.typed));
      for (const order of orders) {
        await typeInOrder(c, order, false);
        // Pasting each figure whole: every order for a range, the two extreme orders for percentiles.
        if (c.form === 'range' || order === orders[0] || order === orders[orders.length - 1]) await typeInOrder(c, order, true);
      }
    });
  }

  it('while the smallest is above the largest, both say so, the results say they are stale, and the last sizes in order stay planned', async () => {
    const c = CASES[0]!;
    const { user } = await openForm(c);
    const smallest = screen.getByLabelText(`${VALUE}: smallest`);
    const largest = screen.getByLabelText(`${VALUE}: largest`);
    await user.clear(smallest);
    await user.type(smallest, '200');
    expect(screen.getByRole('alert')).toHaveTextContent(`${VALUE}: smallest is at most 24`);
    expect(stored()).toEqual({ kind: 'range', shape: 'uniform', min: 20, max: 24 });
    expect(Object.values(useInvalidInputs.getState().labels)).toEqual([`${VALUE}: smallest`]);
    await user.clear(largest);
    await user.type(largest, '40');
    // Both typed, out of order: each names the other's size.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      `${VALUE}: smallest is at most 40`,
      `${VALUE}: largest is at least 200`,
    ]);
    expect(stored()).toEqual({ kind: 'range', shape: 'uniform', min: 20, max: 24 });
    await user.type(largest, '0');
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(stored()).toEqual({ kind: 'range', shape: 'uniform', min: 200, max: 400 });
  });

  it("a lognormal range's mean: left empty it shows the shape's own; outside smallest-largest it is refused with a message", async () => {
    const c = CASES[4]!;
    const { user } = await openForm(c);
    // 8-24: the shape's own mean, shown in the empty field's note.
    expect(screen.getByText("Left empty: the shape's own mean, 14")).toBeInTheDocument();
    const mean = screen.getByLabelText(`${VALUE}: mean`);
    await user.type(mean, '30');
    expect(screen.getByRole('alert')).toHaveTextContent(`${VALUE}: mean is at most 24`);
    expect(stored()).toEqual({ kind: 'range', shape: 'lognormal', min: 8, max: 24 });
    await user.clear(mean);
    await user.type(mean, '12');
    expect(stored()).toEqual({ kind: 'range', shape: 'lognormal', min: 8, mean: 12, max: 24 });
    // Another shape takes no mean here: it goes.
    await user.selectOptions(screen.getByLabelText('Shape'), 'normal');
    expect(stored()).toEqual({ kind: 'range', shape: 'normal', min: 8, max: 24 });
  });
});
