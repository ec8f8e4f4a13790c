import type { LineId } from '../../model/lineRegistry';
import type { Saving } from '../../model/cost';
import { formatUsd } from '../../format/money';
import { lineLabel } from '../lineLabel';
import { t } from '../../i18n';

/**
 * The target's saving against the baseline split into its two causes: the memory it needs (fewer
 * nodes, or less data stored) and the engine's price on what it still runs. They add up to the
 * saving; a negative amount is a cause that costs more.
 */
export function SavingCausesNote({
  saving,
  baseline,
  target,
  memory,
}: {
  saving: Saving | null;
  baseline: LineId;
  target: LineId;
  memory: 'nodes' | 'dataStored';
}) {
  if (!saving || baseline === target) return null;
  return (
    <p className="note saving-causes">
      {t('cost.savingCauses', {
        target: lineLabel(target),
        baseline: lineLabel(baseline),
        total: formatUsd(saving.perMonth),
        memory: t(memory === 'nodes' ? 'cost.cause.nodes' : 'cost.cause.dataStored', {
          amount: formatUsd(saving.causes.byMemory.perMonth),
        }),
        engine: t('cost.cause.enginePrice', { amount: formatUsd(saving.causes.byEnginePrice.perMonth) }),
      })}
    </p>
  );
}
