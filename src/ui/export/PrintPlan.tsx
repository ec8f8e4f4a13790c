import { useMemo } from 'react';
import { usePlannerStore, useResolvedScenario } from '../../state/store';
import { linkTo } from '../../state/shareLink';
import { lineLabel } from '../lineLabel';
import { workloadSummary } from '../workloadSummary';
import { usePrinting } from './usePrinting';
import { formatList } from '../../format/list';
import { t } from '../../i18n';

/**
 * What a printed plan says besides the results and the deployment: the scenario's workloads and
 * lines, and the link that opens the same plan. Hidden on screen; the print stylesheet shows it.
 */
export default function PrintPlan() {
  // Built when printing only: neither the link nor the list is worth making on every edit for a hidden block.
  return usePrinting() ? <PrintedPlan /> : null;
}

function PrintedPlan() {
  const scenario = usePlannerStore((s) => s.scenario);
  const view = usePlannerStore((s) => s.view);
  const resolved = useResolvedScenario();
  const link = useMemo(() => linkTo(location.href, { scenario, view }), [scenario, view]);
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
      </section>
      {/* Printed last, after the deployment (styles.css). */}
      <section className="print-plan print-plan-link" aria-label={t('print.link')}>
        <h2>{t('print.link')}</h2>
        <p className="print-link">{link}</p>
      </section>
    </>
  );
}
