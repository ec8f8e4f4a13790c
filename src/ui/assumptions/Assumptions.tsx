import type { LineId } from '../../model/lineRegistry';
import { useDeferredResolved, useDeferredScenario } from '../deferredScenario';
import { assumptionsFor } from './assumptions';
import { t } from '../../i18n';

/** Beside "Why this number": every default that went into the figures shown. */
export function Assumptions({ workloadIndex, line }: { workloadIndex: number; line: LineId }) {
  const given = useDeferredScenario();
  const used = useDeferredResolved();
  const items = assumptionsFor(given, used, workloadIndex, line);
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
