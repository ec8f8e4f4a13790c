import { lazy, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatList } from '../../format/list';
import { embedPanelsOf } from '../../scenario/linkFragment';
import { currentLink } from '../../state/shareLink';
import { useEstimate, usePlannerStore } from '../../state/store';
import { DeferredScenario } from '../common/deferredScenario';
import { Notice } from './Notice';
import { LoadAfterStart } from '../common/LoadAfterStart';
import { DeploymentTable } from '../cost/DeploymentTable';
import { ResultsTable } from '../results/ResultsTable';
import { t, withLaterMessages } from '../../i18n';

const VersionsChart = lazy(() => withLaterMessages(import('../charts/VersionsChart')));
// The cost and growth panels come with their messages, as in the full page.
const EmbedPanels = lazy(() => withLaterMessages(import('../cost/EmbedPanels')));

/**
 * Tells the embedding page how tall the calculator is, whenever that changes, growing or
 * shrinking: it measures the calculator's own element, since the document is never shorter than
 * the frame that holds it. The message format is documented in CONTRIBUTING.md ("The embed's height message").
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

/**
 * The compact view for wikis, no page chrome: the panels its link names (ShareBar: chosen when
 * the code is copied), or results and the version chart, as every embed made before the choice.
 */
export function EmbedApp() {
  const root = useRef<HTMLDivElement>(null);
  useReportHeight(root);
  // Chosen once, from the link the frame was opened with, as the layout is (main.tsx).
  const [{ panels, unknown }] = useState(() => embedPanelsOf(location.hash));
  const estimate = useEstimate();
  const name = usePlannerStore((s) => s.scenario.name);
  const scenario = usePlannerStore((s) => s.scenario);
  const fullLink = currentLink(location.href);
  const shows = (panel: (typeof panels)[number]) => panels.includes(panel);
  const later = (panel: ReactNode) => (
    <LoadAfterStart fallback={<p className="note">{t('chart.loading')}</p>}>{panel}</LoadAfterStart>
  );
  return (
    <main ref={root} className="app embed" data-scenario-keys={scenario.workloads.length}>
      <Notice />
      <div className="embed-head">
        <h1>{name || 'valkey-ram-planner'}</h1>
        <a href={fullLink} target="_blank" rel="noopener noreferrer">
          {t('embed.openFull')}
        </a>
      </div>
      {unknown.length > 0 && (
        <p className="note warning" role="note">
          {t('embed.unknownPanels', { names: formatList(unknown) })}
        </p>
      )}
      <DeferredScenario>
        {shows('results') && (
          <>
            <h2 className="visually-hidden">{t('results.title')}</h2>
            <ResultsTable estimate={estimate} />
            {later(<VersionsChart />)}
          </>
        )}
        {shows('deployment') && (
          <>
            <h2>{t('deployment.title')}</h2>
            <DeploymentTable estimate={estimate} />
          </>
        )}
        {(shows('cost') || shows('growth')) && later(<EmbedPanels cost={shows('cost')} growth={shows('growth')} />)}
      </DeferredScenario>
    </main>
  );
}
