import type { LineId } from '../../model';
import type { Saving } from '../../model/plan';
import { savingCausesText, savingHasCauses } from './savingText';

/** The target's saving against the baseline in its two causes, under the table it qualifies. */
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
  if (!saving || baseline === target || !savingHasCauses(saving)) return null;
  return <p className="note saving-causes">{savingCausesText(saving, baseline, target, memory)}</p>;
}
