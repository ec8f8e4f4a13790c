import { lazy, memo } from 'react';
import { t, withLaterMessages } from '../../i18n';
import { useEstimate, usePlannerStore } from '../../state/store';
import { Caveat } from '../results/Caveat';
import { DeferredScenario, useDeferredEstimate } from '../common/deferredScenario';
import { ChartPanel } from '../charts/ChartPanel';
import { DeploymentForm } from '../cost/DeploymentForm';
import { DeploymentTable } from '../cost/DeploymentTable';
import { LoadAfterStart } from '../common/LoadAfterStart';
import { HeaderMenu } from './HeaderMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { Notice } from './Notice';
import { PresetPicker } from '../workload/PresetPicker';
import { ShareBar } from '../sharing/ShareBar';
import { SkipLink } from './SkipLink';
import { Summary } from '../results/Summary';
import { BenchmarkSource } from '../results/BenchmarkSource';
import { ResultsTable } from '../results/ResultsTable';
import { ServerSettings } from '../workload/ServerSettings';
import { TerabyteCorrection } from '../results/TerabyteCorrection';
import { ThemeSwitch } from './ThemeSwitch';
import { UndoRedo } from './UndoRedo';
import { ScenarioName } from '../workload/ScenarioName';
import { STALE_MARKER_ID, StaleMarker } from '../common/StaleMarker';
import { useInvalidLabels } from '../../state/invalidInputs';
import { UnitsToggle } from './UnitsToggle';
import { VersionPicker } from '../workload/VersionPicker';
import { WorkloadList } from '../workload/WorkloadCard';
import { WorkloadResults } from '../results/WorkloadResults';
import { linesSentence } from '../common/linesSentence';

// Below the first results: loaded once the page has started.
const InfoPanel = lazy(() => withLaterMessages(import('../serverInfo/InfoPanel')).then((m) => ({ default: m.InfoPanel })));
const Breakdown = lazy(() => withLaterMessages(import('../results/Breakdown')).then((m) => ({ default: m.Breakdown })));
const ThroughputPanel = lazy(() =>
  withLaterMessages(import('../results/ThroughputPanel')).then((m) => ({ default: m.ThroughputPanel })),
);
const RdbPanel = lazy(() => withLaterMessages(import('../snapshot/RdbPanel')));
const AdvicePanel = lazy(() => withLaterMessages(import('../advice/AdvicePanel')));
const CostPanel = lazy(() => withLaterMessages(import('../cost/CostPanel')));
const RssUnderChurn = lazy(() => withLaterMessages(import('../cost/RssUnderChurn')).then((m) => ({ default: m.RssUnderChurn })));
const AsLoadedPanel = lazy(() => withLaterMessages(import('../results/AsLoadedPanel')));
const PrintPlan = lazy(() => withLaterMessages(import('../export/PrintPlan')));
const TableExportButtons = lazy(() =>
  withLaterMessages(import('../export/TableExport')).then((m) => ({ default: m.TableExport })),
);

/** A table's export buttons: they load after the first screen, which they are not needed for. Edits leave them as they are. */
const TableExport = memo(function TableExport(props: { table: string; file: string; copyFormats?: boolean }) {
  return (
    <LoadAfterStart fallback={null}>
      <TableExportButtons {...props} />
    </LoadAfterStart>
  );
});

/** The as-loaded table's export buttons, under the title its panel gives them. */
const asLoadedExportBar = (title: string) => <TableExport table={title} file="asLoaded" />;

/**
 * The figures as written and as loaded, the cost panel, the charts and "why this number": they follow an edit through React's deferral
 * (DeferredScenario), after its numbers. They take no props, so the results' render on a keystroke
 * passes them by.
 */
const PanelsAfterTheNumbers = memo(function PanelsAfterTheNumbers() {
  return (
    <>
      <LoadAfterStart fallback={null} afterFirstChart>
        <AsLoadedPanel exportBar={asLoadedExportBar} />
      </LoadAfterStart>
      <LoadAfterStart fallback={null} afterFirstChart>
        <CostPanel />
      </LoadAfterStart>
      <ChartPanel />
      <LoadAfterStart fallback={null} afterFirstChart>
        <Breakdown />
      </LoadAfterStart>
    </>
  );
});

/**
 * The per-workload and deployment tables: below the numbers, they follow an edit through the
 * same deferral as the charts, so that a keystroke lays out and paints only the table per version,
 * the summary and the 1 TB correction in its own frame. No props: the results' render passes
 * them by.
 */
const TablesAfterTheNumbers = memo(function TablesAfterTheNumbers() {
  const estimate = useDeferredEstimate();
  return (
    <>
      {estimate.versions[0]!.workloads.length > 1 && (
        <>
          <WorkloadResults estimate={estimate} />
          <TableExport table={t('results.perWorkload')} file="workloads" />
        </>
      )}
      <div className="section-head">
        <h2>{t('deployment.title')}</h2>
        <TableExport table={t('deployment.perVersion')} file="deployment" />
      </div>
      <DeploymentTable estimate={estimate} />
      <LoadAfterStart fallback={null} afterFirstChart>
        <RssUnderChurn />
      </LoadAfterStart>
      <Caveat topic="deployment" />
    </>
  );
});

/** A plan of several shards with cluster mode off: ElastiCache (and Valkey) shard only in cluster mode. */
function NeedsClusterNote() {
  const turnOn = usePlannerStore((s) => s.clusterToggled);
  return (
    <p className="note warning">
      {t('results.needsCluster')}{' '}
      <button type="button" onClick={() => turnOn(true)}>
        {t('results.turnClusterOn')}
      </button>
    </p>
  );
}

/** The numbers an edit changes, rendered in the keystroke's frame. */
function Results() {
  const estimate = useEstimate();
  const atMeasuredPoint = estimate.versions.some((v) => v.workloads.some((w) => w.measured));
  const needsCluster = !estimate.cluster && estimate.versions.some((v) => v.deployment.shards > 1);
  const stale = useInvalidLabels().length > 0;
  return (
    <section
      className={stale ? 'results-section is-stale' : 'results-section'}
      id="results"
      aria-label={t('results.title')}
      aria-describedby={stale ? STALE_MARKER_ID : undefined}
      tabIndex={-1}
    >
      <div className="section-head">
        <h2>{t('results.title')}</h2>
        <TableExport table={t('results.perVersion')} file="results" copyFormats />
      </div>
      <StaleMarker />
      <ResultsTable estimate={estimate} />
      <p className="note" role="note">
        {atMeasuredPoint ? t('results.residualExplanation') : t('results.extrapolated')}
      </p>
      {needsCluster && <NeedsClusterNote />}
      <TerabyteCorrection />
      <Caveat topic="bytesPerKey" />
      <Caveat topic="change" />
      <TablesAfterTheNumbers />
      <PanelsAfterTheNumbers />
    </section>
  );
}

export function App() {
  const name = usePlannerStore((s) => s.scenario.name);
  return (
    <DeferredScenario>
      <div className="app">
        <SkipLink target="results">{t('app.skipToResults')}</SkipLink>
        <header>
          <div>
            <h1>valkey-ram-planner</h1>
            <p>{t('app.tagline', { lines: linesSentence() })}</p>
            <BenchmarkSource />
            {name && <p className="scenario-name">{t('app.scenarioName', { name })}</p>}
          </div>
          <HeaderMenu>
            <PresetPicker />
            <UndoRedo />
            <ShareBar />
            <ThemeSwitch />
            <LanguageSwitch />
          </HeaderMenu>
        </header>
        <Notice />
        <Summary />
        <LoadAfterStart fallback={null} afterFirstChart>
          <PrintPlan />
        </LoadAfterStart>
        <main>
          <section className="inputs" aria-label={t('app.inputs')}>
            <ScenarioName />
            <WorkloadList />
            <VersionPicker />
            <ServerSettings />
            <Caveat topic="allocator" />
            <DeploymentForm />
            <UnitsToggle />
          </section>
          <div className="outputs">
            <Results />
            <LoadAfterStart fallback={<p className="note">{t('app.loading')}</p>} afterFirstChart>
              <AdvicePanel />
              <InfoPanel />
              <ThroughputPanel />
              <RdbPanel />
            </LoadAfterStart>
            <Caveat topic="version" />
          </div>
        </main>
      </div>
    </DeferredScenario>
  );
}
