import type { VersionEstimate } from '../model';
import { useEstimate } from '../state/store';
import { formatSigned, formatSignedPercent } from '../format/quantities';
import { useBytesFormatter } from './useUnits';
import { useInvalidLabels } from '../state/invalidInputs';
import { formatCount } from '../format/count';
import { t } from '../i18n';
import { lineLabel } from './lineLabel';

function nodes(v: VersionEstimate): string {
  if (!v.deployment.fits) return t('summary.doesNotFit', { version: lineLabel(v.version), instance: v.deployment.instance.id });
  return t('summary.nodesOn', {
    nodes: formatCount(v.deployment.nodes),
    instance: v.deployment.instance.id,
    version: lineLabel(v.version),
  });
}

/**
 * The answer in two lines, target against baseline: dataset, change and nodes. On a phone it
 * stays at the top of the screen while the inputs above the results are edited (styles.css).
 */
export function Summary() {
  const estimate = useEstimate();
  const bytes = useBytesFormatter();
  const stale = useInvalidLabels().length > 0;
  const target = estimate.versions.find((v) => v.version === estimate.target);
  const baseline = estimate.versions.find((v) => v.version === estimate.baseline);
  if (!target || !baseline) return null;
  const change = target !== baseline ? target.changeVsBaseline : null;
  return (
    <section className={stale ? 'summary is-stale' : 'summary'} aria-label={t('summary.label')}>
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
    </section>
  );
}
