import { adviceFor, type Advice, capacity, type CapacityAnswer, estimateCost } from '../model/plan';
import { estimateScenario } from '../model';
import { applyAdvice } from '../scenario/advice';
import { LIMITS } from '../scenario/limits';
import { resolveScenario } from '../scenario/resolve';
import type { Scenario } from '../scenario/schema';
import { churnModel } from './churnModel';
import { costOf, sizingOf } from './costDerived';
import { memoizeLast, resolvedOf } from './derived';

export interface PricedAdvice extends Advice {
  /** Money a month the change saves on the plan's nodes (on its target line, before and after); null without a price. Nodes are whole, so often 0. */
  targetSavesPerMonth: number | null;
}

/** The advice for the scenario with its money, computed once per scenario (only while the advice is open). */
export const adviceOf: (s: Scenario) => PricedAdvice[] = memoizeLast((s: Scenario) => {
  const resolved = resolvedOf(s);
  const today = costOf(s).lines?.find((l) => l.version === resolved.target) ?? null;
  return adviceFor(resolved).map((advice): PricedAdvice => {
    if (!today) return { ...advice, targetSavesPerMonth: null };
    const changed = applyAdvice(s, advice.change);
    const applied = resolveScenario(changed);
    // With churn the nodes after the change are sized as today's are: by the modelled RSS (churnModel.ts).
    const churn = changed.churn?.length ? churnModel() : null;
    const estimate = churn ? churn.withModelledRssOnce(changed, estimateScenario(applied)) : estimateScenario(applied);
    const after = estimateCost(estimate, applied.deployment.instanceType, s.cost ?? {}).lines;
    // The plan's target after the change: another line when the advice is to move to it.
    const target = after?.find((l) => l.version === applied.target);
    return { ...advice, targetSavesPerMonth: target ? today.perMonth - target.perMonth : null };
  });
});

let lastSized: { scenario: Scenario; nodeBytes: number; answer: CapacityAnswer } | null = null;

/** How many keys fit in the deployment's shards of nodes with `nodeBytes` of memory each (the capacity table's own size). */
export function capacityInNodesOf(s: Scenario, nodeBytes: number): CapacityAnswer {
  if (lastSized?.scenario !== s || lastSized.nodeBytes !== nodeBytes)
    lastSized = { scenario: s, nodeBytes, answer: capacity(resolvedOf(s), LIMITS.keysPerWorkload, nodeBytes, sizingOf(s)) };
  return lastSized.answer;
}
