import { lazy, useEffect, useRef, type RefObject } from 'react';
import { currentLink } from '../state/shareLink';
import { useEstimate, usePlannerStore } from '../state/store';
import { DeferredScenario } from './deferredScenario';
import { Notice } from './Notice';
import { LoadAfterStart } from './LoadAfterStart';
import { ResultsTable } from './ResultsTable';
import { t, withLaterMessages } from '../i18n';

const VersionsChart = lazy(() => withLaterMessages(import('./charts/VersionsChart')));

/**
 * Tells the embedding page how tall the calculator is, whenever that changes, growing or
 * shrinking: it measures the calculator's own element, since the document is never shorter than
 * the frame that holds it. The message format is documented in README.md ("Embedding").
 */
function useReportHeight(root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (window.parent === window || !element) return;
    let reported = -1;
    const report = () => {
      const margin = parseFloat(getComputedStyle(document.body).marginBottom) || 0;
      const height = Math.ceil(element.getBoundingClientRect().bottom + window.scrollY + margin);
      if (height === reported) return;
      reported = height;
      window.parent.postMessage({ type: 'valkey-ram-planner:height', height }, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [root]);
}

/** The compact view for wikis: results and the version chart, no page chrome. */
export function EmbedApp() {
  const root = useRef<HTMLDivElement>(null);
  useReportHeight(root);
  const estimate = useEstimate();
  const name = usePlannerStore((s) => s.scenario.name);
  const scenario = usePlannerStore((s) => s.scenario);
  const fullLink = currentLink(location.href);
  return (
    <main ref={root} className="app embed" data-scenario-keys={scenario.workloads.length}>
      <Notice />
      <div className="embed-head">
        <h1>{name || 'valkey-ram-planner'}</h1>
        <a href={fullLink} target="_blank" rel="noopener noreferrer">
          {t('embed.openFull')}
        </a>
      </div>
      <h2 className="visually-hidden">{t('results.title')}</h2>
      <ResultsTable estimate={estimate} />
      <DeferredScenario>
        <LoadAfterStart fallback={<p className="note">{t('chart.loading')}</p>}>
          <VersionsChart />
        </LoadAfterStart>
      </DeferredScenario>
    </main>
  );
}
