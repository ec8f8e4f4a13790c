import { act, render, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, withLaterMessages } from '../../src/i18n';
import type { Scenario } from '../../src/scenario/schema';
import { usePlannerStore } from '../../src/state/store';
import { Breakdown } from '../../src/ui/results/Breakdown';
import { DeferredScenario } from '../../src/ui/common/deferredScenario';

const profiles = (fields: Scenario['workloads'][number]['fields']): Scenario => ({
  schema: 1,
  config: { hashMaxListpackEntries: 128 },
  workloads: [
    { name: 'profiles', type: 'hash', keys: 50_000, keyBytes: 20, fields, fieldBytes: 8, valueBytes: 16, ttlFraction: 0 },
  ],
});

function showBreakdown(scenario: Scenario) {
  act(() => usePlannerStore.getState().scenarioLoaded(scenario, {}, null));
  const { container } = render(
    <DeferredScenario>
      <Breakdown />
    </DeferredScenario>,
  );
  return container.querySelector<HTMLElement>('section.breakdown')!;
}

describe('"Why this number" shows the encodings of keys whose sizes vary', () => {
  beforeAll(() => withLaterMessages(Promise.resolve()));

  it('hashes of 50 to 200 fields under a 128-entry listpack: about half of the keys in each encoding', () => {
    const breakdown = showBreakdown(profiles({ kind: 'range', shape: 'uniform', min: 50, max: 200 }));
    expect(within(breakdown).getByTestId('encoding-shares')).toHaveTextContent(
      'Keys of different sizes, by encoding: listpack 52.3 %, hashtable 47.7 %.',
    );
  });

  it('in German, with its figures written the German way', async () => {
    await act(() => activateLocale('de'));
    try {
      const breakdown = showBreakdown(profiles({ kind: 'range', shape: 'uniform', min: 50, max: 200 }));
      expect(within(breakdown).getByTestId('encoding-shares')).toHaveTextContent(
        'Schlüssel unterschiedlicher Größe, nach Kodierung: listpack 52,3 %, hashtable 47,7 %.',
      );
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('keys all alike say nothing of encodings', () => {
    const breakdown = showBreakdown(profiles(125));
    expect(within(breakdown).queryByTestId('encoding-shares')).toBeNull();
  });
});
