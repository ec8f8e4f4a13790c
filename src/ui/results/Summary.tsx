import { useLayoutEffect, useRef } from 'react';
import { useOneColumnLayout } from '../common/useOneColumnLayout';
import { type VersionEstimate, INTRO_BASELINE, type LineId } from '../../model';
import { useEstimate } from '../../state/store';
import { formatSigned, formatSignedPercent } from '../../format/quantities';
import { useBytesFormatter } from '../common/useUnits';
import { useInvalidLabels } from '../../state/invalidInputs';
import { formatCount } from '../../format/count';
import { t } from '../../i18n';
import { lineLabel } from '../common/lineLabel';
import { terabyteRowsOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';
import { sizeAndChange } from './terabyteText';

function nodes(v: VersionEstimate): string {
  if (!v.deployment.fits) return t('summary.doesNotFit', { version: lineLabel(v.version), instance: v.deployment.instance.id });
  return t('summary.nodesOn', {
    nodes: formatCount(v.deployment.nodes),
    instance: v.deployment.instance.id,
    version: lineLabel(v.version),
  });
}

/**
 * The 1 TB correction for the target line, in one line: the post's table against its intro, and
 * the scenario's own keys. Nothing for 7.2 itself, the line the figures start from.
 */
function TerabyteLine({ target }: { target: LineId }) {
  const row = terabyteRowsOf(usePlannerStore((s) => s.scenario)).find((r) => r.version === target);
  if (!row || target === INTRO_BASELINE) return null;
  const figures = [
    row.table && row.intro
      ? t('summary.terabyteTable', { table: sizeAndChange(row.table), intro: sizeAndChange(row.intro) })
      : null,
    row.yourKeys ? t('summary.terabyteYours', { yours: sizeAndChange(row.yourKeys) }) : null,
  ].filter((f): f is string => f !== null);
  if (figures.length === 0) return null;
  return <p>{t('summary.terabyte', { version: lineLabel(target), figures: figures.join('; ') })}</p>;
}

/**
 * Publishes the sticky summary's height as --summary-height, which keeps focused controls clear of
 * it (scroll-padding in styles.css); 0 where the summary is not shown.
 */
function useStickyHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--summary-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--summary-height');
    };
  }, []);
  return ref;
}

/**
 * The answer in two lines, target against baseline: dataset, change and nodes. On a phone it
 * stays at the top of the screen while the inputs above the results are edited (styles.css).
 */
export function Summary() {
  const section = useStickyHeight();
  // Two columns show the results beside the inputs, and styles.css hides the summary: its
  // figures are not worked out on every keystroke there. The section stays, for its height.
  const shown = useOneColumnLayout();
  const stale = useInvalidLabels().length > 0;
  return (
    <section ref={section} className={stale ? 'summary is-stale' : 'summary'} aria-label={t('summary.label')} hidden={!shown}>
      {shown && <SummaryFigures stale={stale} />}
    </section>
  );
}

function SummaryFigures({ stale }: { stale: boolean }) {
  const estimate = useEstimate();
  const bytes = useBytesFormatter();
  const target = estimate.versions.find((v) => v.version === estimate.target);
  const baseline = estimate.versions.find((v) => v.version === estimate.baseline);
  if (!target || !baseline) return null;
  const change = target !== baseline ? target.changeVsBaseline : null;
  return (
    <>
      <p>
        {stale && <span className="stale-tag">{t('summary.stale')}</span>}
        <strong>
          {lineLabel(target.version)}: {bytes(target.datasetBytes)}
        </strong>
        {change &&
          ` ${t('summary.change', {
            percent: formatSignedPercent(change.percent),
            bytes: formatSigned(change.bytes, bytes),
            baseline: lineLabel(baseline.version),
            baselineBytes: bytes(baseline.datasetBytes),
          })}`}
      </p>
      <p>{t('summary.nodes', { nodes: target !== baseline ? `${nodes(target)}; ${nodes(baseline)}` : nodes(target) })}</p>
      <TerabyteLine target={target.version} />
    </>
  );
}
