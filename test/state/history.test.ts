import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO } from '../../src/scenario/defaults';
import { PRESETS } from '../../src/scenario/presets';
import { fieldOf, redo, startHistory, undo, useHistoryStore } from '../../src/state/history';
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

describe('Back and Forward', () => {
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
