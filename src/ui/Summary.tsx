import type { VersionEstimate } from '../model';
import { useEstimate } from '../state/store';
import { formatSigned, formatSignedPercent } from '../format/quantities';
import { useBytesFormatter } from './useUnits';
import { useInvalidLabels } from '../state/invalidInputs';
import { staleMessages } from './stale/messages';

function nodes(v: VersionEstimate): string {
  if (!v.deployment.fits) return `${v.version} does not fit ${v.deployment.instance.id}`;
  return `${v.deployment.nodes} × ${v.deployment.instance.id} on ${v.version}`;
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
    <section className={stale ? 'summary is-stale' : 'summary'} aria-label="Summary">
      <p>
        {stale && <span className="stale-tag">{staleMessages.summaryMarker}</span>}
        <strong>
          {target.version}: {bytes(target.datasetBytes)}
        </strong>
        {change &&
          ` (${formatSignedPercent(change.percent)}, ${formatSigned(change.bytes, bytes)} vs ${baseline.version}: ${bytes(baseline.datasetBytes)})`}
      </p>
      <p>
        Nodes: {nodes(target)}
        {target !== baseline && `; ${nodes(baseline)}`}
      </p>
    </section>
  );
}
