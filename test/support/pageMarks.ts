/**
 * A script for a page before its own scripts run (Playwright's addInitScript), shared by the
 * browser tests and the bench: it marks from the page's DOM when the results per version change
 * ("vrp:results") and when a chart is drawn or redrawn ("vrp:chart"). The app sets no such marks
 * itself, and the same script times any build, the previous main's too. Results that came with
 * the prerendered page count as shown once the document is parsed, if they are visible: a page
 * opened from a link or in another language hides them until it has rendered its own.
 */
export const RESULTS_AND_CHART_MARKS = `
document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive') return;
  const RESULTS = 'table.results';
  const CHART = '.recharts-wrapper';
  const prerendered = document.querySelector(RESULTS);
  if (prerendered && prerendered.checkVisibility({ visibilityProperty: true })) performance.mark('vrp:results');
  const inside = (node, selector) => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    return element !== null && element.closest(selector) !== null;
  };
  const holds = (node, selector) => node.nodeType === 1 && (node.matches(selector) || node.querySelector(selector) !== null);
  const touched = (records, selector) =>
    records.some((r) => inside(r.target, selector) || [...r.addedNodes].some((n) => holds(n, selector)));
  new MutationObserver((records) => {
    if (touched(records, RESULTS)) performance.mark('vrp:results');
    if (touched(records, CHART)) performance.mark('vrp:chart');
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
});
`;
