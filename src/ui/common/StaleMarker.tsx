import { useInvalidLabels } from '../../state/invalidInputs';
import { formatList } from '../../format/list';
import { t } from '../../i18n';

export const STALE_MARKER_ID = 'results-stale';

/** Says, above the results, that they do not follow the input being typed, and which field to fix. */
export function StaleMarker() {
  const labels = useInvalidLabels();
  return (
    <p id={STALE_MARKER_ID} className="stale-marker" role="status" hidden={labels.length === 0}>
      {labels.length > 0 && t('stale.results', { fields: formatList(labels) })}
    </p>
  );
}
