import { adviceFor, type Advice } from '../model/advice';
import { estimateCost } from '../model/cost';
import { estimateScenario } from '../model/estimate';
import { applyAdvice } from '../scenario/advice';
import { resolveScenario } from '../scenario/resolve';
import type { Scenario } from '../scenario/schema';
import { costOf } from './costDerived';
import { memoizeLast, resolvedOf } from './derived';

export interface PricedAdvice extends Advice {
  /** Money a month the change saves on the target line's nodes; null without a price. Nodes are whole, so often 0. */
  targetSavesPerMonth: number | null;
}

/** The advice for the scenario with its money, computed once per scenario (only while the advice is open). */
export const adviceOf: (s: Scenario) => PricedAdvice[] = memoizeLast((s: Scenario) => {
  const resolved = resolvedOf(s);
  const today = costOf(s).lines?.find((l) => l.version === resolved.target) ?? null;
  return adviceFor(resolved).map((advice): PricedAdvice => {
    if (!today) return { ...advice, targetSavesPerMonth: null };
    const applied = resolveScenario(applyAdvice(s, advice.change));
    const after = estimateCost(estimateScenario(applied), applied.deployment.instanceType, s.cost ?? {}).lines;
    const target = after?.find((l) => l.version === resolved.target);
    return { ...advice, targetSavesPerMonth: target ? today.perMonth - target.perMonth : null };
  });
});
