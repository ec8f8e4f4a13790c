import type { Page } from 'playwright-core';
import { RESULTS_AND_CHART_MARKS } from '../test/support/pageMarks';

/** The console message with which a page with PAGE_HELPERS reports each "vrp:" mark as it is set. */
const MARK_MESSAGE = 'vrp-mark ';

/**
 * The bench's timings in Chromium, each taken inside the page so that the browser driver's own
 * work stays out of them. They rely on the app's "vrp:interactive" mark, on the results and chart
 * marks the bench sets itself from the DOM (RESULTS_AND_CHART_MARKS) and on the app's markup, so
 * that the same code times the previous build.
 */

/** The Keys field of the first workload card, or of the card named `card`. */
const KEYS_FIELD = `(card) => {
  const fieldset = card ? document.querySelector('fieldset[aria-label="Workload ' + card + '"]') : document.querySelector('fieldset.workload-card');
  return [...fieldset.querySelectorAll('label')].find((l) => l.textContent === 'Keys').control;
}`;

/** Types `value` into an input as a keystroke does: its value set natively, then an input event. */
const TYPE_INTO = `(input, value) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}`;

/**
 * Sets the Keys field of the first (or a named) workload card as a keystroke would and resolves
 * with the milliseconds until the marks named in `until` ("vrp:results", "vrp:chart") have all
 * been set again: the end of the task in which the last of them was set, that is when the
 * browser can paint them.
 */
const TIME_EDIT = `async ({ card, value, until }) => {
  const count = (name) => performance.getEntriesByName(name).length;
  const input = window.__vrpKeysField(card);
  const before = until.map(count);
  const start = performance.now();
  window.__vrpType(input, value);
  await window.__vrpAfterTasks(() => until.every((mark, i) => count(mark) > before[i]));
  return performance.now() - start;
}`;

/** Clicks a button by its text and resolves with the milliseconds until the marks in `until` are set again (as TIME_EDIT). */
const TIME_CLICK = `async ({ text, until }) => {
  const count = (name) => performance.getEntriesByName(name).length;
  const button = [...document.querySelectorAll('button')].findLast((b) => b.textContent === text);
  const before = until.map(count);
  const start = performance.now();
  button.click();
  await window.__vrpAfterTasks(() => until.every((mark, i) => count(mark) > before[i]));
  return performance.now() - start;
}`;

/**
 * Types `keys` keystrokes into a card's Keys field at 10 a second (one every 100 ms, each a new
 * value from `from` on), as a person typing a number does. Resolves with, per keystroke, the
 * milliseconds until its numbers were set (as TIME_EDIT with "vrp:results"); the milliseconds from
 * the last keystroke until the chart last changed (the end of that task), once the chart has been
 * still for CHART_QUIET_MS; and the longest task from the first keystroke to then (the browser
 * reports only tasks over 50 ms: 0 means none).
 */
const CHART_QUIET_MS = 400;
const TYPE_AT_TEN_KEYS_A_SECOND = `async ({ card, keys, from }) => {
  const count = (name) => performance.getEntriesByName(name).length;
  const input = window.__vrpKeysField(card);
  let longestTask = 0;
  const longTasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longestTask = Math.max(longestTask, e.duration);
  });
  longTasks.observe({ type: 'longtask' });
  // The end of the task in which the chart last changed: a message posted when its mark is set is
  // handled once that task is over.
  let chartChangedAt = 0;
  const afterTask = new MessageChannel();
  afterTask.port1.onmessage = () => (chartChangedAt = performance.now());
  const chartMarks = new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.name === 'vrp:chart')) afterTask.port2.postMessage(null);
  });
  chartMarks.observe({ type: 'mark' });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  // The end of the first frame after a keystroke: its animation callback runs as the frame
  // starts, and a message posted from it is handled once the frame is painted.
  const afterNextFrame = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  const numbers = [];
  const framed = [];
  const first = performance.now();
  let lastKey = first;
  for (let k = 0; k < keys; k++) {
    await sleep(first + 100 * k - performance.now());
    const before = count('vrp:results');
    lastKey = performance.now();
    const frame = afterNextFrame();
    window.__vrpType(input, String(from + 137 * k));
    await window.__vrpAfterTasks(() => count('vrp:results') > before);
    numbers.push(performance.now() - lastKey);
    framed.push((await frame) - lastKey);
  }
  // Wait until the chart has changed after the last keystroke and then stayed as it is.
  const deadline = performance.now() + 10000;
  while (performance.now() < deadline && (chartChangedAt <= lastKey || performance.now() - chartChangedAt < ${CHART_QUIET_MS})) await sleep(50);
  // Long tasks are reported after they end: one more task lets the last of them arrive.
  await sleep(0);
  longTasks.disconnect();
  chartMarks.disconnect();
  return { numbers, framed, chartsAfterLast: chartChangedAt > lastKey ? chartChangedAt - lastKey : NaN, longestTask };
}`;

/**
 * What a person sees of a load, recorded from the page's first parsed byte on:
 * - "vrp:figure-painted", at the time the browser reports the first figure of the results per
 *   version drawn on the screen (Element Timing: each cell of the table gets an "elementtiming"
 *   attribute as it is parsed or rendered; a table the page hides is never drawn, so a link's
 *   counts from its own scenario's);
 * - with window.__vrpTypeEarly set by an earlier init script: a keystroke (5000000) into the first
 *   card's Keys field at the first moment that field is in the page and shown, before the app has
 *   taken the page over ("vrp:typed-early"), and "vrp:early-results" at the end of the task in
 *   which the results per version changed from the page's own, once it is parsed (never, where the
 *   keystroke is lost).
 */
const FIRST_FIGURE_AND_EARLY_KEYSTROKE = `
new PerformanceObserver((list, observer) => {
  const painted = list.getEntries().find((e) => e.identifier === 'vrp-figure');
  if (!painted) return;
  observer.disconnect();
  performance.mark('vrp:figure-painted', { startTime: painted.renderTime || painted.startTime });
}).observe({ type: 'element', buffered: true });
const figures = new MutationObserver(() => {
  for (const cell of document.querySelectorAll('table.results td:not([elementtiming])')) cell.setAttribute('elementtiming', 'vrp-figure');
  if (performance.getEntriesByName('vrp:figure-painted').length > 0) figures.disconnect();
});
figures.observe(document, { childList: true, subtree: true });
if (window.__vrpTypeEarly) {
  const results = () => document.querySelector('table.results')?.textContent;
  const field = new MutationObserver(() => {
    const card = document.querySelector('fieldset.workload-card');
    const label = card && [...card.querySelectorAll('label')].find((l) => l.textContent === 'Keys');
    if (!label || !label.control || !label.control.checkVisibility()) return;
    field.disconnect();
    window.__vrpType(label.control, '5000000');
    performance.mark('vrp:typed-early');
    // The fields come before the results in the page: their table is compared once all of it is parsed.
    const watch = () => {
      const before = results();
      const answered = new MutationObserver(() => {
        if (results() === before) return;
        answered.disconnect();
        window.__vrpAfterTasks(() => true).then(() => performance.mark('vrp:early-results'));
      });
      answered.observe(document, { childList: true, subtree: true, characterData: true });
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
    else watch();
  });
  field.observe(document, { childList: true, subtree: true });
}
`;

/**
 * Installed in every page before its scripts: __vrpAfterTasks(done) resolves at the end of the
 * first task after which done() holds (checked after each task through a message channel, which
 * runs between tasks without waiting for a frame). The first figure painted and, when asked
 * for, the early keystroke (FIRST_FIGURE_AND_EARLY_KEYSTROKE). And the interactive probe, in a
 * page not typed into early: as soon as the app says it responds to input, a keystroke goes into
 * the first card's Keys field; the moment its results are marked is "vrp:probe-results" (time
 * from navigation start).
 */
export const PAGE_HELPERS = `
${RESULTS_AND_CHART_MARKS}
window.__vrpKeysField = ${KEYS_FIELD};
window.__vrpType = ${TYPE_INTO};
window.__vrpTimeEdit = ${TIME_EDIT};
window.__vrpTimeClick = ${TIME_CLICK};
window.__vrpTypeAtTenKeysASecond = ${TYPE_AT_TEN_KEYS_A_SECOND};
window.__vrpAfterTasks = (done) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (done() ? resolve() : channel.port2.postMessage(null));
  channel.port2.postMessage(null);
});
${FIRST_FIGURE_AND_EARLY_KEYSTROKE}
if (!window.__vrpTypeEarly) new PerformanceObserver((list, observer) => {
  if (!list.getEntries().some((e) => e.name === 'vrp:interactive')) return;
  observer.disconnect();
  const results = performance.getEntriesByName('vrp:results').length;
  window.__vrpType(window.__vrpKeysField(), '123456');
  window.__vrpAfterTasks(() => performance.getEntriesByName('vrp:results').length > results).then(() => performance.mark('vrp:probe-results'));
}).observe({ type: 'mark' });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name.startsWith('vrp:')) console.debug(${JSON.stringify(MARK_MESSAGE)} + e.name);
}).observe({ type: 'mark' });
`;

/**
 * Resolves once the page has set every mark in `marks`. Call it before the page is opened. It
 * listens to the page's console rather than asking the page (as page.waitForFunction does): the
 * browser driver then injects and runs no script of its own in the page while it loads, which
 * took 20-100 ms of the main thread in the middle of the load being timed.
 */
export function marksSet(page: Page, marks: readonly string[], timeoutMs = 60_000): Promise<void> {
  const waiting = new Set(marks);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the page did not set ${[...waiting].join(', ')} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const listener = (message: { text(): string }) => {
      const text = message.text();
      if (text.startsWith(MARK_MESSAGE)) waiting.delete(text.slice(MARK_MESSAGE.length));
      if (waiting.size > 0) return;
      clearTimeout(timer);
      page.off('console', listener);
      resolve();
    };
    page.on('console', listener);
  });
}

/** A page mark the timings wait for: the results per version, or the chart. */
export type PageMark = 'vrp:results' | 'vrp:chart';

/** In a page with PAGE_HELPERS: TIME_EDIT's milliseconds for setting `card`'s Keys to `value`, until the marks in `until`. */
export const timeEdit = (card: string, value: string, until: readonly PageMark[]) =>
  `window.__vrpTimeEdit(${JSON.stringify({ card, value, until })})`;

/** In a page with PAGE_HELPERS: TIME_CLICK's milliseconds for clicking the last button reading `text`, until the marks in `until`. */
export const timeClick = (text: string, until: readonly PageMark[]) =>
  `window.__vrpTimeClick(${JSON.stringify({ text, until })})`;

/** What TYPE_AT_TEN_KEYS_A_SECOND measures of one burst of typing. */
export interface TypingTimes {
  /** Per keystroke: milliseconds until its numbers were set. */
  numbers: number[];
  /**
   * Per keystroke: milliseconds until the first frame after it was painted (the frame that shows
   * its numbers), the wait for the display's next refresh included: what a person sees.
   */
  framed: number[];
  /** Milliseconds from the last keystroke until the chart last changed (NaN: it did not change within 10 s). */
  chartsAfterLast: number;
  /** The longest task from the first keystroke until the chart was up to date; 0: none over 50 ms. */
  longestTask: number;
}

/** In a page with PAGE_HELPERS: `keys` keystrokes into `card`'s Keys field at 10 a second, from the value `from` on. */
export const typeAtTenKeysASecond = (card: string, keys: number, from: number) =>
  `window.__vrpTypeAtTenKeysASecond(${JSON.stringify({ card, keys, from })})`;

/**
 * In a page with PAGE_HELPERS that has set "vrp:figure-painted": the bytes received over the
 * network (compressed, headers included) for the document and for every request started before
 * that paint, whether or not it had finished by then.
 */
export const BYTES_BEFORE_FIRST_FIGURE = `(() => {
  const painted = performance.getEntriesByName('vrp:figure-painted')[0].startTime;
  const navigation = performance.getEntriesByType('navigation')[0];
  return performance
    .getEntriesByType('resource')
    .filter((r) => r.startTime < painted)
    .reduce((sum, r) => sum + r.transferSize, navigation.transferSize);
})()`;
