import { useId, useMemo } from 'react';
import { useKeptState } from '../common/keptState';
import { ALLOCATORS, type Allocator } from '../../data/vocabulary';
import { analyzeInfoFindings } from '../../info/analyze';
import { isAllocator, parseMallocStats } from '../../info/build';
import { parseInfoFindings } from '../../info/parse';
import { usePlannerStore } from '../../state/store';
import { DataTable } from '../common/DataTable';
import { ReconciliationTable } from './ReconciliationTable';
import { formatCount } from '../../format/count';
import { formatBytesPerKey, formatShare, formatSigned, formatSignedPercent } from '../../format/quantities';
import { useBytesFormatter } from '../common/useUnits';
import { lineLabel } from '../common/lineLabel';
import { ALLOCATOR_MESSAGES } from '../common/modelMessages';
import {
  buildAdviceMessage,
  buildReasonMessage,
  infoAssumptionMessage,
  infoRefusalMessage,
  infoWarningMessage,
  reconciliationWarningMessage,
  scenarioNoteMessage,
} from './infoMessages';
import { t } from '../../i18n';

/**
 * Paste `valkey-cli INFO` (or redis-cli) output, with MEMORY MALLOC-STATS below it, and see what
 * the same keys take on each line. The text stays in the page's memory (keptState.ts): it is
 * never stored, sent or put into a link.
 */
export function InfoPanel() {
  const [text, setText] = useKeptState('info.text', '');
  const [override, setOverride] = useKeptState<Allocator | ''>('info.allocatorOverride', '');
  const id = useId();
  const allocatorId = useId();
  const bytes = useBytesFormatter();
  const load = usePlannerStore((s) => s.scenarioLoaded);
  const view = usePlannerStore((s) => s.view);
  const parsed = useMemo(() => (text.trim() ? parseInfoFindings(text) : null), [text]);
  const analysis = useMemo(
    () =>
      parsed?.ok
        ? analyzeInfoFindings(parsed.info, { mallocStats: parseMallocStats(text), allocatorOverride: override || undefined })
        : null,
    [parsed, text, override],
  );
  return (
    <section className="info-panel" aria-label={t('info.title')}>
      <h2>{t('info.title')}</h2>
      <label htmlFor={id}>{t('info.pasteLabel')}</label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        spellCheck={false}
        placeholder="# Server&#10;valkey_version:8.1.9&#10;...&#10;___ Begin jemalloc statistics ___&#10;..."
      />
      <p className="note">{t('info.privacy')}</p>
      {parsed && !parsed.ok && (
        <p className="field-error" role="alert">
          {infoRefusalMessage(parsed.refusal)}
        </p>
      )}
      {parsed?.ok && parsed.info.ignored.length > 0 && (
        <p className="note warning">{t('info.couldNotRead', { lines: parsed.info.ignored.join(', ') })}</p>
      )}
      {analysis && (
        <div className="info-analysis">
          <ul className="info-summary">
            <li>
              {t('info.server', { product: analysis.server.product, version: analysis.server.version ?? t('info.noVersion') })}
              {analysis.server.line ? t('info.modeledAs', { line: lineLabel(analysis.server.line) }) : ''}
              {analysis.server.cluster ? t('info.clusterMode') : ''}
            </li>
            <li>
              {t('info.allocator', {
                allocator: t(ALLOCATOR_MESSAGES[analysis.server.allocator]),
                reason: buildReasonMessage(analysis.server.build.reason),
              })}
              {analysis.server.build.advice && t('info.toBeSure', { advice: buildAdviceMessage(analysis.server.build.advice) })}
            </li>
            <li>
              {t('info.keys', { keys: formatCount(analysis.keys), n: analysis.keys, share: formatShare(analysis.ttlFraction) })}
              {analysis.datasetBytes !== null && t('info.aboveEmpty', { size: bytes(analysis.datasetBytes) })}
              {analysis.observedBytesPerKey !== null &&
                t('info.perKey', { perKey: formatBytesPerKey(analysis.observedBytesPerKey) })}
            </li>
          </ul>
          <label htmlFor={allocatorId}>{t('info.allocatorBuild')}</label>{' '}
          <select
            id={allocatorId}
            value={override}
            onChange={(e) => setOverride(isAllocator(e.target.value) ? e.target.value : '')}
          >
            <option value="">{t('info.asDetected')}</option>
            {ALLOCATORS.map((a) => (
              <option key={a} value={a}>
                {t(ALLOCATOR_MESSAGES[a])}
              </option>
            ))}
          </select>
          {(analysis.warnings.length > 0 || analysis.reconciliation?.warning) && (
            <ul className="caveat" aria-label={t('info.warnings')}>
              {analysis.warnings.map((w) => (
                <li key={w.code}>{infoWarningMessage(w)}</li>
              ))}
              {analysis.reconciliation?.warning && <li>{reconciliationWarningMessage(analysis.reconciliation.warning)}</li>}
            </ul>
          )}
          {analysis.reconciliation && <ReconciliationTable reconciliation={analysis.reconciliation} bytes={bytes} />}
          {analysis.projections.length > 0 && (
            <DataTable
              caption={t('info.sameKeys')}
              rowKey={(p) => p.version}
              rows={analysis.projections}
              columns={[
                { header: t('results.version'), cell: (p) => lineLabel(p.version) },
                { header: t('info.keysTake'), cell: (p) => bytes(p.projectedBytes) },
                {
                  header: t('info.change'),
                  cell: (p) => `${formatSigned(p.changeBytes, bytes)} (${formatSignedPercent(p.changePercent)})`,
                },
              ]}
            />
          )}
          <p className="note">
            {t('info.assumed', {
              assumptions: [
                ...analysis.assumptions.map(infoAssumptionMessage),
                ...analysis.scenarioNotes.map(scenarioNoteMessage),
              ].join(t('info.listSeparator')),
            })}
          </p>
          <button
            type="button"
            disabled={analysis.scenario === null}
            onClick={() => analysis.scenario && load(analysis.scenario, view, null)}
          >
            {t('info.useAsScenario')}
          </button>
        </div>
      )}
    </section>
  );
}
