import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parseBytes, parseCount, parseShare } from '../../src/scenario/humanInput';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { withLineChoice } from '../../src/scenario/linkCompat';
import { PRESETS } from '../../src/scenario/presets';
import { LIMITS, type Workload } from '../../src/scenario/schema';
import { parseWorkloadName } from '../../src/scenario/workloadName';
import { usePlannerStore } from '../../src/state/store';
import { startUrlSync, type UrlHost } from '../../src/state/urlSync';

/** An address bar and history in memory: what startUrlSync writes, a reload reads back. */
function memoryHost(): UrlHost {
  const host: UrlHost = {
    location: { hash: '', href: 'https://planner.example/' },
    history: { replaceState: (_, __, url) => go(url), pushState: (_, __, url) => go(url) },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  const go = (url: string) => (host.location = { hash: new URL(url).hash, href: url });
  return host;
}

/** What a user does, each through the same action and input parser the screen uses. */
type Action =
  | { kind: 'add' }
  | { kind: 'fill' }
  | { kind: 'duplicate'; at: number }
  | { kind: 'remove'; at: number }
  | { kind: 'rename'; at: number; text: string }
  | { kind: 'preset'; index: number }
  | { kind: 'edit'; at: number; field: 'keys' | 'keyBytes' | 'valueBytes' | 'ttlFraction'; text: string };

const nameText = fc.oneof(
  fc.string({ maxLength: 90 }),
  fc.integer({ min: 70, max: 90 }).map((n) => 'n'.repeat(n)),
  fc.constantFrom('keys', 'keys copy', 'keys 2', ' padded ', ''),
);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constant({ kind: 'add' as const }),
  fc.constant({ kind: 'fill' as const }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), text: nameText }),
  fc.record({ kind: fc.constant('preset' as const), index: fc.nat({ max: PRESETS.length - 1 }) }),
  fc.record({
    kind: fc.constant('edit' as const),
    at: fc.nat(),
    field: fc.constantFrom('keys' as const, 'keyBytes' as const, 'valueBytes' as const, 'ttlFraction' as const),
    text: fc.oneof(fc.constantFrom('1T', '1.5M', '0', '65536', '512 MiB', '100%', '40%', '2 KiB'), fc.string({ maxLength: 8 })),
  }),
);

/** The parsers of the workload card's fields, with the bounds it gives them. */
const FIELD_PARSERS = {
  keys: (t: string) => parseCount(t, 'Keys', 0, LIMITS.keysPerWorkload),
  keyBytes: (t: string) => parseBytes(t, 'Key length', 1, LIMITS.keyBytes),
  valueBytes: (t: string, w: Workload) =>
    w.valueKind === 'int' ? parseBytes(t, 'Digits', 1, 19) : parseBytes(t, 'Length', 0, LIMITS.valueBytes),
  ttlFraction: (t: string) => parseShare(t, 'TTL share'),
};

function perform(a: Action) {
  const store = usePlannerStore.getState();
  const workloads = store.scenario.workloads;
  const at = 'at' in a ? a.at % workloads.length : 0;
  switch (a.kind) {
    case 'add':
      return store.workloadAdded();
    case 'fill':
      for (let i = workloads.length; i < LIMITS.workloads + 2; i++) usePlannerStore.getState().workloadAdded();
      return;
    case 'duplicate':
      return store.workloadDuplicated(at);
    case 'remove':
      return store.workloadRemoved(at);
    case 'rename': {
      const parsed = parseWorkloadName(
        a.text,
        workloads.filter((_, i) => i !== at).map((w) => w.name),
      );
      if (parsed.ok) store.workloadEdited(at, { name: parsed.value });
      return;
    }
    case 'preset':
      return store.presetLoaded(PRESETS[a.index]!);
    case 'edit': {
      const parsed = FIELD_PARSERS[a.field](a.text, workloads[at]!);
      if (parsed.ok) store.workloadEdited(at, { [a.field]: parsed.value });
      return;
    }
  }
}

describe('what the screen shows is what a reload opens', () => {
  it('random add, duplicate, rename, remove, preset and edit sequences survive a reload after every step', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 25 }), (actions) => {
        vi.useFakeTimers();
        usePlannerStore.setState({ scenario: PRESETS[0]!.scenario, view: {}, notice: null });
        const host = memoryHost();
        let stop = startUrlSync(host, { embed: false });
        try {
          for (const a of actions) {
            perform(a);
            const onScreen = usePlannerStore.getState().scenario;
            vi.runAllTimers(); // the debounced write to the address bar
            // Reload: a fresh start from the address bar alone.
            stop();
            usePlannerStore.setState({ scenario: DEFAULT_SCENARIO, view: {}, notice: null });
            stop = startUrlSync(host, { embed: false });
            expect(usePlannerStore.getState().notice).toBeNull();
            // A link spells out the lines it compares (format 2); nothing else may differ.
            expect(withLineChoice(usePlannerStore.getState().scenario)).toEqual(withLineChoice(onScreen));
          }
        } finally {
          stop();
          vi.useRealTimers();
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('copies of workloads stay within the limits a link is read with', () => {
  const reloaded = () => decodeLink(encodeLink({ scenario: usePlannerStore.getState().scenario, view: {} }));

  it('duplicating a workload with an 80-character name gives an 80-character copy, and a reload keeps both', () => {
    const name = 'x'.repeat(LIMITS.nameLength);
    usePlannerStore.setState({ scenario: { schema: 1, workloads: [{ ...DEFAULT_SCENARIO.workloads[0]!, name }] } });
    usePlannerStore.getState().workloadDuplicated(0);
    usePlannerStore.getState().workloadDuplicated(0);
    const names = usePlannerStore.getState().scenario.workloads.map((w) => w.name);
    expect(names).toEqual([name, `${'x'.repeat(LIMITS.nameLength - 7)} copy 2`, `${'x'.repeat(LIMITS.nameLength - 5)} copy`]);
    const result = reloaded();
    expect(result.ok && result.notices).toEqual([]);
    expect(result.state.scenario.workloads.map((w) => w.name)).toEqual(names);
  });

  it('at 100 workloads, Duplicate adds none (the decoder reads at most 100)', () => {
    usePlannerStore.setState({
      scenario: {
        schema: 1,
        workloads: Array.from({ length: LIMITS.workloads }, (_, i) => ({ ...DEFAULT_SCENARIO.workloads[0]!, name: `w${i}` })),
      },
    });
    usePlannerStore.getState().workloadDuplicated(0);
    expect(usePlannerStore.getState().scenario.workloads).toHaveLength(LIMITS.workloads);
    expect(reloaded().state.scenario.workloads).toHaveLength(LIMITS.workloads);
  });
});
