import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { PRESETS } from '../../src/scenario/presets';
import { asOneEdit, fieldLeft, fieldOf, fieldTyped, redo, startHistory, undo, useHistoryStore } from '../../src/state/history';
import { usePlannerStore } from '../../src/state/store';
import { startUrlSync, type UrlHost } from '../../src/state/urlSync';

const store = () => usePlannerStore.getState();
const keysOf = () => store().scenario.workloads.map((w) => w.keys);
const namesOf = () => store().scenario.workloads.map((w) => w.name);

/** A browser's address bar and session history in memory, with Back and Forward. */
function memoryBrowser() {
  const entries = ['https://planner.example/'];
  let index = 0;
  let onPop: (() => void) | null = null;
  const host: UrlHost = {
    location: { hash: '', href: entries[0]! },
    history: {
      replaceState: (_, __, url) => {
        entries[index] = url;
        host.location = { hash: new URL(url).hash, href: url };
      },
      pushState: (_, __, url) => {
        entries.splice(++index, entries.length, url);
        host.location = { hash: new URL(url).hash, href: url };
      },
    },
    addEventListener: (_, listener) => (onPop = listener),
    removeEventListener: () => (onPop = null),
  };
  const go = (delta: number) => {
    index += delta;
    host.location = { hash: new URL(entries[index]!).hash, href: entries[index]! };
    onPop?.();
  };
  return { host, entries, back: () => go(-1), forward: () => go(1) };
}

let stop: (() => void)[] = [];
beforeEach(() => {
  usePlannerStore.setState({ scenario: DEFAULT_SCENARIO, view: {}, steps: 0 });
  stop = [startHistory()];
});
afterEach(() => stop.forEach((s) => s()));

describe('undo and redo', () => {
  it('typing into one field is one step; the next field starts another', () => {
    const before = keysOf()[0];
    for (const keys of [1, 12, 123, 1234]) store().workloadEdited(0, { keys });
    store().workloadEdited(0, { valueBytes: 500 });
    expect(useHistoryStore.getState().past).toHaveLength(2);
    undo();
    expect(store().scenario.workloads[0]!.valueBytes).toBe(DEFAULT_SCENARIO.workloads[0]!.valueBytes);
    expect(keysOf()[0]).toBe(1234);
    undo();
    expect(keysOf()[0]).toBe(before);
    redo();
    redo();
    expect(keysOf()[0]).toBe(1234);
    expect(store().scenario.workloads[0]!.valueBytes).toBe(500);
  });

  it('covers remove, duplicate and preset, each a step of its own', () => {
    store().workloadAdded();
    const three = namesOf();
    store().workloadDuplicated(0);
    expect(namesOf()).toHaveLength(3);
    store().workloadRemoved(0);
    store().presetLoaded(PRESETS.find((p) => p.id === 'php-sessions')!);
    expect(store().scenario.name).toBe('PHP sessions');
    undo();
    expect(namesOf()).toEqual([`${three[0]} copy`, three[1]]);
    undo();
    expect(namesOf()).toHaveLength(3);
    undo();
    expect(namesOf()).toEqual(three);
    redo();
    redo();
    redo();
    expect(store().scenario.name).toBe('PHP sessions');
  });

  it('a new edit after an undo clears what Redo would bring back', () => {
    store().workloadEdited(0, { keys: 5 });
    undo();
    store().workloadEdited(0, { keyBytes: 30 });
    expect(useHistoryStore.getState().future).toEqual([]);
    redo();
    expect(store().scenario.workloads[0]!.keyBytes).toBe(30);
    expect(keysOf()[0]).toBe(DEFAULT_SCENARIO.workloads[0]!.keys);
  });

  it('a field is a typed or chosen value; a toggle, a list or a new workload is not', () => {
    const s = DEFAULT_SCENARIO;
    expect(fieldOf(s, { ...s, workloads: [{ ...s.workloads[0]!, keys: 7 }] })).toBe('.workloads.0.keys');
    expect(fieldOf(s, { ...s, versions: ['7.2', '9.1'] })).toBeNull();
    expect(fieldOf(s, { ...s, deployment: { cluster: true } })).toBeNull();
    expect(fieldOf(s, { ...s, workloads: [...s.workloads, s.workloads[0]!] })).toBeNull();
  });
});

/** What a text field sends while its text is typed, one keystroke at a time: the values that parse. */
function typeInto(field: string, values: readonly number[], apply: (value: number) => void) {
  for (const value of values) fieldTyped(field, () => apply(value));
}
const fragmentation = () => store().scenario.deployment?.fragmentationRatio;
const price = () => store().scenario.cost?.pricePerNodeHour;
const past = () => useHistoryStore.getState().past.length;

describe('one step per field edit in the deployment and cost forms', () => {
  it('fragmentation 1.1 -> 1.3, typed as "1", "1.", "1.3": one step, undone straight to 1.1', () => {
    typeInto('fragmentation', [1.1], (fragmentationRatio) => store().deploymentEdited({ fragmentationRatio }));
    fieldLeft('fragmentation');
    // Select all, then "1" (a real, different scenario), "1." (the same value again), "1.3".
    typeInto('fragmentation', [1, 1, 1.3], (fragmentationRatio) => store().deploymentEdited({ fragmentationRatio }));
    expect(past()).toBe(2);
    undo();
    expect(fragmentation()).toBe(1.1);
    undo();
    expect(store().scenario.deployment).toBeUndefined();
    expect(past()).toBe(0);
    redo();
    redo();
    expect(fragmentation()).toBe(1.3);
  });

  it('a price typed as 0.4, 0.43, 0.437 is one step: Undo empties the field at once', () => {
    typeInto('price', [0.4, 0.43, 0.437], (pricePerNodeHour) => store().costEdited({ pricePerNodeHour }));
    expect(price()).toBe(0.437);
    expect(past()).toBe(1);
    undo();
    expect(store().scenario.cost).toBeUndefined();
    redo();
    expect(price()).toBe(0.437);
  });

  it('a headroom typed over a provider rule (which drops the rule) is one step', () => {
    store().deploymentEdited({ providerRule: 'elasticache', reservedPercent: undefined, headroomPercent: undefined });
    typeInto('headroom', [3, 30], (headroomPercent) => store().deploymentEdited({ headroomPercent }));
    expect(store().scenario.deployment?.providerRule).toBeUndefined();
    expect(past()).toBe(2);
    undo();
    expect(store().scenario.deployment?.providerRule).toBe('elasticache');
    expect(store().scenario.deployment?.headroomPercent).toBeUndefined();
  });

  it('a change that changes nothing is no step, and typing back to the start leaves no step', () => {
    const before = store().scenario;
    store().deploymentEdited({});
    store().workloadEdited(0, { keys: before.workloads[0]!.keys });
    expect(past()).toBe(0);
    typeInto('replicas', [3, 1], (replicas) => store().deploymentEdited({ replicas }));
    // 1 replica is the resolved default, but the scenario now says so: a change a link carries.
    expect(past()).toBe(1);
    typeInto('shards', [4], (shards) => store().deploymentEdited({ shards }));
    fieldLeft('shards');
    typeInto('shards', [5, 4], (shards) => store().deploymentEdited({ shards }));
    expect(past()).toBe(2);
    expect(store().scenario.deployment?.shards).toBe(4);
    undo();
    expect(store().scenario.deployment?.shards).toBeUndefined();
  });

  it('typing into the same field again after leaving it is a step of its own', () => {
    typeInto('fragmentation', [1.2], (fragmentationRatio) => store().deploymentEdited({ fragmentationRatio }));
    fieldLeft('fragmentation');
    typeInto('fragmentation', [1.5], (fragmentationRatio) => store().deploymentEdited({ fragmentationRatio }));
    undo();
    expect(fragmentation()).toBe(1.2);
  });

  it('the first field of an absent part is that field', () => {
    const s = DEFAULT_SCENARIO;
    expect(fieldOf(s, { ...s, deployment: { fragmentationRatio: 1.3 } })).toBe('.deployment.fragmentationRatio');
    expect(fieldOf({ ...s, cost: { pricePerNodeHour: 0.4 } }, s)).toBe('.cost.pricePerNodeHour');
  });
});

describe('input made before the page was taken over', () => {
  it('several fields and a choice given as one edit are one step; typing on in its typed field stays that step', () => {
    asOneEdit(() => {
      fieldTyped('keys', () => store().workloadEdited(0, { keys: 5_000_000 }));
      store().workloadEdited(0, { valueBytes: 500 });
      store().clusterToggled(true);
      fieldTyped('keys', () => store().workloadEdited(0, { keys: 5_000_001 }));
    });
    expect(useHistoryStore.getState().past).toHaveLength(1);
    fieldTyped('keys', () => store().workloadEdited(0, { keys: 5_000_012 }));
    expect(useHistoryStore.getState().past).toHaveLength(1);
    fieldLeft('keys');
    fieldTyped('keys', () => store().workloadEdited(0, { keys: 7 }));
    expect(useHistoryStore.getState().past).toHaveLength(2);
    undo();
    expect(keysOf()[0]).toBe(5_000_012);
    undo();
    expect(store().scenario).toEqual(DEFAULT_SCENARIO);
  });

  it('another field typed into after it is a step of its own', () => {
    asOneEdit(() => fieldTyped('keys', () => store().workloadEdited(0, { keys: 5_000_000 })));
    fieldTyped('value', () => store().workloadEdited(0, { valueBytes: 500 }));
    expect(useHistoryStore.getState().past).toHaveLength(2);
  });
});

describe('Back and Forward', () => {
  it('Undo and Redo each add an entry: Back after an Undo brings back the scenario before it', async () => {
    vi.useFakeTimers();
    try {
      const browser = memoryBrowser();
      stop.push(startUrlSync(browser.host, { embed: false, debounceMs: 10 }));
      const settle = () => vi.advanceTimersByTimeAsync(20);
      typeInto('fragmentation', [1, 1, 1.3], (fragmentationRatio) => store().deploymentEdited({ fragmentationRatio }));
      await settle();
      expect(browser.entries).toHaveLength(2);
      undo();
      expect(browser.entries).toHaveLength(3);
      expect(fragmentation()).toBeUndefined();
      browser.back();
      expect(fragmentation()).toBe(1.3);
      browser.back();
      expect(fragmentation()).toBeUndefined();
      browser.forward();
      browser.forward();
      expect(fragmentation()).toBeUndefined();
      // Back is itself a step: Undo after it brings back what Back left.
      browser.back();
      expect(fragmentation()).toBe(1.3);
      undo();
      expect(fragmentation()).toBeUndefined();
      await settle();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a sync started after the page keeps what was typed meanwhile and gives it its own entry', () => {
    const browser = memoryBrowser();
    const startedFrom = { scenario: store().scenario, view: store().view, steps: useHistoryStore.getState().steps };
    store().workloadEdited(0, { keys: 77 });
    stop.push(startUrlSync(browser.host, { embed: false, debounceMs: 10, startedFrom }));
    expect(keysOf()[0]).toBe(77);
    expect(browser.entries).toHaveLength(2);
    browser.back();
    expect(keysOf()[0]).toBe(DEFAULT_SCENARIO.workloads[0]!.keys);
  });

  it('a sync started after the page writes nothing when nothing was typed', () => {
    const browser = memoryBrowser();
    const startedFrom = { scenario: store().scenario, view: store().view, steps: useHistoryStore.getState().steps };
    stop.push(startUrlSync(browser.host, { embed: false, debounceMs: 10, startedFrom }));
    expect(browser.entries).toEqual(['https://planner.example/']);
  });

  it('step through the edits inside the app: one entry per field typed in, not per keystroke', async () => {
    vi.useFakeTimers();
    try {
      const browser = memoryBrowser();
      stop.push(startUrlSync(browser.host, { embed: false, debounceMs: 10 }));
      const settle = () => vi.advanceTimersByTimeAsync(20);
      for (const keys of [2, 25, 250]) {
        store().workloadEdited(0, { keys });
        await settle();
      }
      store().workloadEdited(0, { valueBytes: 300 });
      await settle();
      store().workloadRemoved(0);
      // A single workload cannot be removed: add one first, then remove it.
      store().workloadAdded();
      await settle();
      store().workloadRemoved(1);
      await settle();
      // The opened page, then: Keys typed, value length, a workload added, one removed.
      expect(browser.entries).toHaveLength(5);
      browser.back();
      expect(namesOf()).toHaveLength(2);
      browser.back();
      expect(namesOf()).toHaveLength(1);
      expect(store().scenario.workloads[0]!.valueBytes).toBe(300);
      browser.back();
      expect(store().scenario.workloads[0]!.valueBytes).toBe(DEFAULT_SCENARIO.workloads[0]!.valueBytes);
      expect(keysOf()[0]).toBe(250);
      browser.back();
      expect(keysOf()[0]).toBe(DEFAULT_SCENARIO.workloads[0]!.keys);
      browser.forward();
      expect(keysOf()[0]).toBe(250);
      await settle();
      expect(browser.entries).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
