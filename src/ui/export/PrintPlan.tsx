import { useMemo } from 'react';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { linkTo } from '../../state/shareLink';
import { lineLabel } from '../common/lineLabel';
import { workloadSummary } from '../workload/workloadSummary';
import { usePrinting } from './usePrinting';
import { planSections, type PlanPart } from './planDocument';
import { planFiguresOf } from './planTables';
import type { Section } from './formats';
import { formatList } from '../../format/list';
import { t } from '../../i18n';

/**
 * What paper needs beside the results and deployment tables the page prints: the advice applied
 * and the settings before them, the money and months until full after.
 */
const BEFORE_RESULTS: readonly PlanPart[] = ['applied', 'assumed', 'settings'];
const AFTER_DEPLOYMENT: readonly PlanPart[] = ['asLoaded', 'cost', 'growth'];

/**
 * What a printed plan says besides the results and the deployment: the scenario's workloads and
 * lines, the advice applied to it, the deployment as set, the money per line, the months until
 * full, and the link that opens the same plan. Hidden on screen; the print stylesheet shows it.
 */
export default function PrintPlan() {
  // Built when printing only: neither the link nor the list is worth making on every edit for a hidden block.
  return usePrinting() ? <PrintedPlan /> : null;
}

function PrintedSection({ section }: { section: Section }) {
  return (
    <>
      {section.grid ? (
        <table className="results">
          <caption>{section.title}</caption>
          <thead>
            <tr>
              {section.grid.headers.map((h, i) => (
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.grid.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <h3>{section.title}</h3>
      )}
      {section.items && (
        <ol aria-label={section.title}>
          {section.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ol>
      )}
      {section.note && <p>{section.note}</p>}
    </>
  );
}

function PrintedPlan() {
  const scenario = usePlannerStore((s) => s.scenario);
  const view = usePlannerStore((s) => s.view);
  const resolved = useResolvedScenario();
  const link = useMemo(() => linkTo(location.href, { scenario, view }), [scenario, view]);
  const figures = useMemo(() => planFiguresOf(scenario, view), [scenario, view]);
  return (
    <>
      <section className="print-plan" aria-label={t('print.title')}>
        <h2>{t('print.scenario')}</h2>
        <ul>
          {scenario.workloads.map((w) => (
            <li key={w.name}>
              <strong>{w.name}</strong>: {workloadSummary(w)}
            </li>
          ))}
        </ul>
        <p>
          {t('print.versions', {
            versions: formatList(resolved.versions.map(lineLabel)),
            baseline: lineLabel(resolved.baseline),
            target: lineLabel(resolved.target),
          })}
        </p>
        {planSections(figures, BEFORE_RESULTS).map((section) => (
          <PrintedSection key={section.title} section={section} />
        ))}
      </section>
      {/* The print-plan-link class prints these after the deployment, in this order (styles.css). */}
      <section className="print-plan print-plan-link" aria-label={t('cost.title')}>
        {planSections(figures, AFTER_DEPLOYMENT).map((section) => (
          <PrintedSection key={section.title} section={section} />
        ))}
      </section>
      <section className="print-plan print-plan-link" aria-label={t('print.link')}>
        <h2>{t('print.link')}</h2>
        <p className="print-link">{link}</p>
      </section>
    </>
  );
}
