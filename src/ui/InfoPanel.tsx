import { useId, useMemo, useState } from 'react';
import { ALLOCATORS, type Allocator } from '../data/vocabulary';
import { analyzeInfo } from '../info/analyze';
import { isAllocator, parseMallocStats } from '../info/build';
import { parseInfo } from '../info/parse';
import { ALLOCATOR_LABELS } from '../model';
import { usePlannerStore } from '../state/store';
import { DataTable } from './DataTable';
import { ReconciliationTable } from './ReconciliationTable';
import { formatCount } from '../format/count';
import { formatBytesPerKey, formatShare, formatSigned, formatSignedPercent } from '../format/quantities';
import { useBytesFormatter } from './useUnits';
import { lineLabel } from './lineLabel';

/**
 * Paste `valkey-cli INFO` (or redis-cli) output, with MEMORY MALLOC-STATS below it, and see what
 * the same keys take on each line. The text stays in this component: it is never stored, sent
 * or put into a link.
 */
export function InfoPanel() {
  const [text, setText] = useState('');
  const [override, setOverride] = useState<Allocator | ''>('');
  const id = useId();
  const allocatorId = useId();
  const bytes = useBytesFormatter();
  const load = usePlannerStore((s) => s.scenarioLoaded);
  const view = usePlannerStore((s) => s.view);
  const parsed = useMemo(() => (text.trim() ? parseInfo(text) : null), [text]);
  const analysis = useMemo(
    () =>
      parsed?.ok
        ? analyzeInfo(parsed.info, { mallocStats: parseMallocStats(text), allocatorOverride: override || undefined })
        : null,
    [parsed, text, override],
  );
  return (
    <section className="info-panel" aria-label="Read my server">
      <h2>Read my server</h2>
      <label htmlFor={id}>
        Paste the output of valkey-cli INFO everything, and below it the output of MEMORY MALLOC-STATS (it tells which jemalloc
        build the server runs)
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        spellCheck={false}
        placeholder="# Server&#10;valkey_version:8.1.9&#10;...&#10;___ Begin jemalloc statistics ___&#10;..."
      />
      <p className="note">
        The text stays in this browser tab: it is not sent anywhere and not put into links; only the derived numbers are, if you
        use them as a scenario.
      </p>
      {parsed && !parsed.ok && (
        <p className="field-error" role="alert">
          {parsed.error}
        </p>
      )}
      {parsed?.ok && parsed.info.ignored.length > 0 && (
        <p className="note warning">Could not read: {parsed.info.ignored.join(', ')}.</p>
      )}
      {analysis && (
        <div className="info-analysis">
          <ul className="info-summary">
            <li>
              Server: {analysis.server.product} {analysis.server.version ?? '(no version line)'}
              {analysis.server.line ? `, modeled as the ${lineLabel(analysis.server.line)} layout` : ''}
              {analysis.server.cluster ? ', cluster mode' : ''}
            </li>
            <li>
              Allocator: {ALLOCATOR_LABELS[analysis.server.allocator]}. {analysis.server.build.reason}
              {analysis.server.build.advice && ` To be sure, ${analysis.server.build.advice}.`}
            </li>
            <li>
              {formatCount(analysis.keys)} keys, {formatShare(analysis.ttlFraction)} with a TTL
              {analysis.datasetBytes !== null && `; ${bytes(analysis.datasetBytes)} above the empty process`}
              {analysis.observedBytesPerKey !== null && ` = ${formatBytesPerKey(analysis.observedBytesPerKey)} per key`}
            </li>
          </ul>
          <label htmlFor={allocatorId}>Allocator build</label>{' '}
          <select
            id={allocatorId}
            value={override}
            onChange={(e) => setOverride(isAllocator(e.target.value) ? e.target.value : '')}
          >
            <option value="">as detected</option>
            {ALLOCATORS.map((a) => (
              <option key={a} value={a}>
                {ALLOCATOR_LABELS[a]}
              </option>
            ))}
          </select>
          {analysis.warnings.length > 0 && (
            <ul className="caveat" aria-label="Warnings">
              {analysis.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
          {analysis.reconciliation && <ReconciliationTable reconciliation={analysis.reconciliation} bytes={bytes} />}
          {analysis.projections.length > 0 && (
            <DataTable
              caption="The same keys on each line"
              rowKey={(p) => p.version}
              rows={analysis.projections}
              columns={[
                { header: 'Version', cell: (p) => lineLabel(p.version) },
                { header: 'Keys take', cell: (p) => bytes(p.projectedBytes) },
                {
                  header: 'Change',
                  cell: (p) => `${formatSigned(p.changeBytes, bytes)} (${formatSignedPercent(p.changePercent)})`,
                },
              ]}
            />
          )}
          <p className="note">Assumed: {analysis.assumptions.join('; ')}. Adjust the workload after using it as a scenario.</p>
          <button
            type="button"
            disabled={analysis.scenario === null}
            onClick={() => analysis.scenario && load(analysis.scenario, view, null)}
          >
            Use as scenario
          </button>
        </div>
      )}
    </section>
  );
}
