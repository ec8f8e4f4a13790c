import { costOf } from '../../state/costDerived';
import { estimateOf } from '../../state/derived';
import { useDeferredResolved, useDeferredScenario } from '../common/deferredScenario';
import { assumptionsFor } from './assumptions';
import { t } from '../../i18n';

/** Beside "Why this number": the inputs, settings and defaults that went into the figures shown. */
export function Assumptions({ workloadIndex }: { workloadIndex: number }) {
  const given = useDeferredScenario();
  const used = useDeferredResolved();
  const items = assumptionsFor(given, used, estimateOf(given), costOf(given), workloadIndex);
  return (
    <div className="assumptions">
      <h4>{t('assumptions.heading')}</h4>
      <p className="note">{t('assumptions.intro')}</p>
      <ul>
        {items.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </div>
  );
}
