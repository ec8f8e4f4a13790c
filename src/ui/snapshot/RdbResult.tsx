import { useState } from 'react';
import { t } from '../../i18n';
import { formatCount } from '../../format/count';
import { formatExactBytes, formatShare, formatSigned, formatSignedPercent } from '../../format/quantities';
import { change, type ResolvedScenario, type LineId } from '../../model';
import type { RdbAnalysis } from '../../rdb/analyze';
import { formatList } from '../../format/list';
import type { RdbPageFigures } from '../../state/rdbFigures';
import { clusterMarkOf } from '../../rdb/clusterMark';
import { DEFAULT_FAMILY_OPTIONS } from '../../rdb/families';
import { parseScenario } from '../../scenario/schema';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { lineFullName, lineLabel } from '../common/lineLabel';
import { TableScroll } from '../common/TableScroll';
import { useBytesFormatter } from '../common/useUnits';
import { RdbReconciliation } from './RdbReconciliation';

type Bytes = (n: number) => string;

/** A line's figure against the baseline's, both from the analysis: "+1.2 KiB" and "+3.4 %". */
function changeParts(value: number, baseline: number, bytes: Bytes): { bytes: string; percent: string } {
  const c = change(value, baseline);
  return { bytes: formatSigned(c.bytes, bytes), percent: formatSignedPercent(c.percent) };
}

function changeText(value: number, baseline: number, bytes: Bytes): string {
  const c = changeParts(value, baseline, bytes);
  return `${c.bytes} (${c.percent})`;
}

/** The change in two lines, so that a table with a column per version stays narrow. */
function ChangeCell({ value, baseline, bytes, label }: { value: number; baseline: number; bytes: Bytes; label: string }) {
  const c = changeParts(value, baseline, bytes);
  return (
    <td data-label={label}>
      <span>
        {c.bytes}
        <span className="cell-line">{c.percent}</span>
      </span>
    </td>
  );
}

function FileFacts({ fileName, analysis }: { fileName: string; analysis: RdbAnalysis }) {
  const f = analysis.file;
  const w = f.writer;
  const writer = !w
    ? t('rdb.writerUnknown')
    : w.line
      ? t('rdb.writerLine', { server: w.server === 'valkey' ? 'Valkey' : 'Redis', version: w.version, line: lineLabel(w.line) })
      : t('rdb.writerNoLine', { server: w.server === 'valkey' ? 'Valkey' : 'Redis', version: w.version });
  const checksum = !f.checksum
    ? t('rdb.checksumNotRead')
    : f.checksum.status === 'ok'
      ? t('rdb.checksumOk')
      : f.checksum.status === 'not-written'
        ? t('rdb.checksumNotWritten')
        : t('rdb.checksumMismatch', { stored: f.checksum.stored, computed: f.checksum.computed });
  const types = Object.entries(analysis.keys.byType)
    .map(([type, n]) => `${type} ${formatCount(n)}`)
    .join(', ');
  return (
    <>
      <h3>{t('rdb.facts')}</h3>
      <dl className="rdb-facts">
        <dt>{t('rdb.file')}</dt>
        <dd>{fileName}</dd>
        <dt>{t('rdb.writer')}</dt>
        <dd>{writer}</dd>
        <dt>{t('rdb.format')}</dt>
        <dd>{t('rdb.formatValue', { magic: f.magic ?? '?', version: f.version ?? '?' })}</dd>
        <dt>{t('rdb.bytesRead')}</dt>
        <dd>{formatExactBytes(analysis.bytesRead)}</dd>
        <dt>{t('rdb.checksum')}</dt>
        <dd>{checksum}</dd>
        <dt>{t('rdb.keys')}</dt>
        <dd>
          {t('rdb.keysValue', {
            total: formatCount(analysis.keys.total),
            types: types || '–',
            planned: formatCount(analysis.keys.planned),
          })}
        </dd>
      </dl>
    </>
  );
}

function LinesTable({ figures, resolved, bytes }: { figures: RdbPageFigures; resolved: ResolvedScenario; bytes: Bytes }) {
  const refused = figures.refusedLines;
  const baseline = refused.has(resolved.baseline) ? undefined : figures.lines.find((l) => l.line === resolved.baseline);
  const label = t('rdb.linesTable');
  const columns = {
    keys: t('rdb.keyBytes'),
    tables: t('rdb.tableBytes'),
    dataset: t('rdb.dataset'),
    change: t('rdb.changeVs', { baseline: lineLabel(resolved.baseline) }),
  };
  return (
    <TableScroll label={label}>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('rdb.line')}</th>
            <th scope="col">{columns.keys}</th>
            <th scope="col">{columns.tables}</th>
            <th scope="col">{columns.dataset}</th>
            <th scope="col">{columns.change}</th>
          </tr>
        </thead>
        <tbody>
          {resolved.versions.map((version) => {
            const l = figures.lines.find((x) => x.line === version);
            if (!l) return null;
            if (refused.has(version)) {
              return (
                <tr key={version} className={version === resolved.baseline ? 'is-baseline' : undefined}>
                  <th scope="row">{lineLabel(version)}</th>
                  <td data-label={columns.keys}>{t('rdb.notLoaded')}</td>
                  <td data-label={columns.tables}>–</td>
                  <td data-label={columns.dataset}>–</td>
                  <td data-label={columns.change}>–</td>
                </tr>
              );
            }
            return (
              <tr key={version} className={version === resolved.baseline ? 'is-baseline' : undefined}>
                <th scope="row">{lineLabel(version)}</th>
                <td data-label={columns.keys}>{bytes(l.keyBytes)}</td>
                <td data-label={columns.tables}>{bytes(l.tableBytes)}</td>
                <td data-label={columns.dataset}>{bytes(l.datasetBytes)}</td>
                <td data-label={columns.change}>
                  {baseline && version !== resolved.baseline ? changeText(l.datasetBytes, baseline.datasetBytes, bytes) : '–'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

function FamiliesTable({ figures, resolved, bytes }: { figures: RdbPageFigures; resolved: ResolvedScenario; bytes: Bytes }) {
  const label = t('rdb.familiesTable');
  const refused = figures.refusedLines;
  const versions: LineId[] = resolved.versions;
  const { baseline, target } = resolved;
  const columns = {
    type: t('rdb.type'),
    keys: t('rdb.familyKeys'),
    ttl: t('rdb.ttlShare'),
    change: t('rdb.familyChange', { target: lineLabel(target), baseline: lineLabel(baseline) }),
  };
  return (
    <TableScroll label={label}>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('rdb.pattern')}</th>
            <th scope="col">{columns.type}</th>
            <th scope="col">{columns.keys}</th>
            <th scope="col">{columns.ttl}</th>
            {versions.map((v) => (
              <th scope="col" key={v}>
                {lineLabel(v)}
              </th>
            ))}
            <th scope="col">{columns.change}</th>
          </tr>
        </thead>
        <tbody>
          {figures.families.map((f) => {
            const planned = f.type !== 'stream' && f.type !== 'module';
            return (
              <tr key={`${f.pattern} ${f.type}`}>
                <th scope="row">{f.pattern}</th>
                <td data-label={columns.type}>{f.type}</td>
                <td data-label={columns.keys}>{formatCount(f.keys)}</td>
                <td data-label={columns.ttl}>{formatShare(f.ttlShare)}</td>
                {versions.map((v) => (
                  <td key={v} data-label={lineLabel(v)}>
                    {!planned ? t('rdb.notPlanned') : refused.has(v) ? t('rdb.notLoaded') : bytes(f.bytesPerLine[v])}
                  </td>
                ))}
                {planned && target !== baseline && !refused.has(target) && !refused.has(baseline) ? (
                  <ChangeCell
                    value={f.bytesPerLine[target]}
                    baseline={f.bytesPerLine[baseline]}
                    bytes={bytes}
                    label={columns.change}
                  />
                ) : (
                  <td data-label={columns.change}>–</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A stream or module key the reader named, with what its detail says ("20 entries", "module ReJSON-RL"). */
function unplannedText(u: RdbAnalysis['keys']['unplanned'][number]): string {
  const bytes = formatExactBytes(u.fileBytes);
  if (u.entries !== undefined) return t('rdb.unplannedStream', { key: u.key, entries: u.entries, bytes });
  if (u.module !== undefined) return t('rdb.unplannedModule', { key: u.key, module: u.module, bytes });
  return t('rdb.unplannedKey', { key: u.key, type: u.type, bytes });
}

function Unplanned({ analysis }: { analysis: RdbAnalysis }) {
  const { keys, file } = analysis;
  const unplannedKeys = keys.total - keys.planned;
  if (unplannedKeys === 0 && file.moduleAux.length === 0 && file.functionLibraries === 0 && file.keyMetadataRecords === 0)
    return null;
  return (
    <>
      <h3>{t('rdb.unplanned')}</h3>
      <p className="note">{t('rdb.unplannedIntro')}</p>
      <ul className="rdb-unplanned">
        {keys.unplanned.map((u, i) => (
          <li key={i}>{unplannedText(u)}</li>
        ))}
        {unplannedKeys > keys.unplanned.length && (
          <li>{t('rdb.unplannedMore', { count: unplannedKeys - keys.unplanned.length })}</li>
        )}
        {file.moduleAux.map((m, i) => (
          <li key={`aux${i}`}>{t('rdb.moduleAux', { module: m.module, bytes: formatExactBytes(m.bytes) })}</li>
        ))}
        {file.keyMetadataRecords > 0 && (
          <li>{t('rdb.keyMetadata', { count: file.keyMetadataRecords, bytes: formatExactBytes(file.keyMetadataBytes) })}</li>
        )}
        {file.functionLibraries > 0 && (
          <li>{t('rdb.functions', { count: file.functionLibraries, bytes: formatExactBytes(file.functionBytes) })}</li>
        )}
      </ul>
    </>
  );
}

function Notes({ analysis, figures, cluster }: { analysis: RdbAnalysis; figures: RdbPageFigures; cluster: boolean }) {
  const { keys, file } = analysis;
  const notes: string[] = [];
  if (figures.readAgain) notes.push(t('rdb.noteReadAgain'));
  const refusals = analysis.loadRefusals;
  if (refusals.length > 0) {
    notes.push(
      t('rdb.noteRefused', {
        lines: formatList(refusals.map((r) => lineFullName(r.line))),
        count: refusals.length,
        magic: refusals[0]!.magic,
        version: refusals[0]!.version,
      }),
    );
    const relaxed = refusals.filter((r) => r.relaxedCheck).map((r) => lineFullName(r.line));
    if (relaxed.length > 0) notes.push(t('rdb.noteRefusedRelaxed', { lines: formatList(relaxed), count: relaxed.length }));
  }
  const fieldTtls = analysis.fieldTtlHashes;
  if (fieldTtls)
    notes.push(t('rdb.noteFieldTtls', { count: fieldTtls.keys, lines: formatList(fieldTtls.unpricedOn.map(lineFullName)) }));
  const mark = clusterMarkOf(file.writer, file.slotInfoRecords, keys.total);
  const writer = file.writer && `${file.writer.server} ${file.writer.version}`;
  if (mark === 'cluster-node' && !cluster) notes.push(t('rdb.noteClusterNode'));
  if (mark === 'not-a-cluster-node' && cluster) notes.push(t('rdb.noteNotClusterNode', { writer: writer! }));
  if (mark === 'unmarked' && cluster && writer !== null && keys.total > 0) notes.push(t('rdb.noteClusterUnmarked', { writer }));
  if (keys.expiredAtSave > 0) notes.push(t('rdb.noteExpired', { count: keys.expiredAtSave }));
  if (keys.inOtherFamilies > 0)
    notes.push(t('rdb.noteOther', { count: keys.inOtherFamilies, limit: DEFAULT_FAMILY_OPTIONS.maxTracked }));
  return (
    <>
      {notes.map((n) => (
        <p className="note" key={n}>
          {n}
        </p>
      ))}
    </>
  );
}

/** Loads the scenario the analysis built (checked against the schema once more: it crossed from the worker). */
function UseAsScenario({ analysis }: { analysis: RdbAnalysis }) {
  const use = usePlannerStore((s) => s.scenarioUsed);
  const [used, setUsed] = useState(false);
  const parsed = analysis.scenario ? parseScenario(analysis.scenario) : null;
  if (!parsed || !parsed.ok)
    return (
      <p className="note warning">
        {t('rdb.noScenario', { problem: parsed && !parsed.ok ? parsed.error : (analysis.scenarioProblem ?? '') })}
      </p>
    );
  return (
    <div className="rdb-use">
      <button
        type="button"
        onClick={() => {
          use(parsed.scenario);
          setUsed(true);
        }}
      >
        {t('rdb.useScenario')}
      </button>
      <p className="note" aria-live="polite">
        {used ? t('rdb.used') : t('rdb.useHint', { count: parsed.scenario.workloads.length })}
      </p>
    </div>
  );
}

/**
 * The analysis of one file: its facts, its RAM per line and per family for the page's settings
 * (`figures`), what is not planned, the reconciliation.
 */
export function RdbResult({
  fileName,
  analysis,
  figures,
  cancelled,
}: {
  fileName: string;
  analysis: RdbAnalysis;
  figures: RdbPageFigures;
  cancelled: boolean;
}) {
  // Read here, not by the panel: the panel without a result is not rendered again on every edit.
  const resolved = useResolvedScenario();
  const bytes = useBytesFormatter();
  return (
    <div className="rdb-result">
      {analysis.status === 'complete' ? (
        <p className="note">{t('rdb.complete')}</p>
      ) : (
        <p className="note warning" role="alert">
          {cancelled
            ? t('rdb.cancelled', { bytes: formatExactBytes(analysis.bytesRead), keys: analysis.keys.total })
            : t('rdb.partial', {
                message: analysis.error?.message ?? '',
                offset: formatCount(analysis.error?.offset ?? analysis.bytesRead),
                keys: analysis.error?.keysRead ?? analysis.keys.total,
              })}
        </p>
      )}
      <FileFacts fileName={fileName} analysis={analysis} />
      <h3>{t('rdb.perLine')}</h3>
      <LinesTable figures={figures} resolved={resolved} bytes={bytes} />
      <h3>{t('rdb.families')}</h3>
      <FamiliesTable figures={figures} resolved={resolved} bytes={bytes} />
      <Unplanned analysis={analysis} />
      <RdbReconciliation reconciliation={figures.reconciliation} bytes={bytes} />
      <Notes analysis={analysis} figures={figures} cluster={resolved.cluster} />
      <UseAsScenario analysis={analysis} />
    </div>
  );
}
