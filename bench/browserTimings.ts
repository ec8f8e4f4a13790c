import { RESULTS_AND_CHART_MARKS } from '../test/support/pageMarks';

/**
 * The bench's timings in Chromium, each taken inside the page so that the browser driver's own
 * work stays out of them. They rely on the app's "vrp:interactive" mark, on the results and chart
 * marks the bench sets itself from the DOM (RESULTS_AND_CHART_MARKS) and on the app's markup, so
 * that the same code times the previous build.
 */

/**
 * Sets the Keys field of the first (or a named) workload card as a keystroke would and resolves
 * with the milliseconds until the results and the chart have both been updated: the end of the
 * task in which the later of the two marks was set, that is when the browser can paint them.
 */
const TIME_EDIT = `async ({ card, value }) => {
  const count = (name) => performance.getEntriesByName(name).length;
  const fieldset = card ? document.querySelector('fieldset[aria-label="Workload ' + card + '"]') : document.querySelector('fieldset.workload-card');
  const label = [...fieldset.querySelectorAll('label')].find((l) => l.textContent === 'Keys');
  const input = label.control;
  const before = [count('vrp:results'), count('vrp:chart')];
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const start = performance.now();
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await window.__vrpAfterTasks(() => count('vrp:results') > before[0] && count('vrp:chart') > before[1]);
  return performance.now() - start;
}`;

/** Clicks a button by its text and resolves with the milliseconds until new results and chart (as TIME_EDIT). */
const TIME_CLICK = `async (text) => {
  const count = (name) => performance.getEntriesByName(name).length;
  const button = [...document.querySelectorAll('button')].findLast((b) => b.textContent === text);
  const before = [count('vrp:results'), count('vrp:chart')];
  const start = performance.now();
  button.click();
  await window.__vrpAfterTasks(() => count('vrp:results') > before[0] && count('vrp:chart') > before[1]);
  return performance.now() - start;
}`;

/**
 * Installed in every page before its scripts: __vrpAfterTasks(done) resolves at the end of the
 * first task after which done() holds (checked after each task through a message channel, which
 * runs between tasks without waiting for a frame). And the interactive probe: as soon as the
 * app says it responds to input, a keystroke goes into the first card's Keys field; the moment
 * its results are marked is "vrp:probe-results" (time from navigation start).
 */
export const PAGE_HELPERS = `
${RESULTS_AND_CHART_MARKS}
window.__vrpTimeEdit = ${TIME_EDIT};
window.__vrpTimeClick = ${TIME_CLICK};
window.__vrpAfterTasks = (done) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (done() ? resolve() : channel.port2.postMessage(null));
  channel.port2.postMessage(null);
});
new PerformanceObserver((list, observer) => {
  if (!list.getEntries().some((e) => e.name === 'vrp:interactive')) return;
  observer.disconnect();
  const results = performance.getEntriesByName('vrp:results').length;
  const label = [...document.querySelectorAll('fieldset.workload-card label')].find((l) => l.textContent === 'Keys');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  setValue.call(label.control, '123456');
  label.control.dispatchEvent(new Event('input', { bubbles: true }));
  window.__vrpAfterTasks(() => performance.getEntriesByName('vrp:results').length > results).then(() => performance.mark('vrp:probe-results'));
}).observe({ type: 'mark' });
`;

/** In a page with PAGE_HELPERS: TIME_EDIT's milliseconds for setting `card`'s Keys to `value`. */
export const timeEdit = (card: string, value: string) => `window.__vrpTimeEdit(${JSON.stringify({ card, value })})`;

/** In a page with PAGE_HELPERS: TIME_CLICK's milliseconds for clicking the last button reading `text`. */
export const timeClick = (text: string) => `window.__vrpTimeClick(${JSON.stringify(text)})`;
