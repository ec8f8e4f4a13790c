import { lazy, useEffect } from 'react';
import { currentLink } from '../state/urlSync';
import { useEstimate, usePlannerStore } from '../state/store';
import { Notice } from './Notice';
import { LoadAfterStart } from './LoadAfterStart';
import { ResultsTable } from './ResultsTable';

const VersionsChart = lazy(() => import('./charts/VersionsChart'));

/** Tells the embedding page how tall the calculator is, whenever that changes. */
function useReportHeight() {
  useEffect(() => {
    if (window.parent === window) return;
    const report = () =>
      window.parent.postMessage(
        { type: 'valkey-ram-planner:height', height: Math.ceil(document.documentElement.scrollHeight) },
        '*',
      );
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
}

/** The compact view for wikis: results and the version chart, no page chrome. */
export function EmbedApp() {
  useReportHeight();
  const estimate = useEstimate();
  const name = usePlannerStore((s) => s.scenario.name);
  const scenario = usePlannerStore((s) => s.scenario);
  const fullLink = currentLink(location.href);
  return (
    <main className="app embed" data-scenario-keys={scenario.workloads.length}>
      <Notice />
      <div className="embed-head">
        <h1>{name || 'valkey-ram-planner'}</h1>
        <a href={fullLink} target="_blank" rel="noopener noreferrer">
          Open in full calculator
        </a>
      </div>
      <h2 className="visually-hidden">Results</h2>
      <ResultsTable estimate={estimate} />
      <LoadAfterStart fallback={<p className="note">Loading chart…</p>}>
        <VersionsChart />
      </LoadAfterStart>
    </main>
  );
}
