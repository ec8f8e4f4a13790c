import { capacityOf, costOf, growthOf } from '../state/costDerived';
import { nodeTypesOf } from '../state/nodeTypesDerived';
import type { Scenario } from '../scenario/schema';
import { useDeferredScenario } from './deferredScenario';

/** Works out one of the cost panel's figures for the deferred scenario, where it is remembered; renders nothing. */
function FigureAhead({ of }: { of: (s: Scenario) => unknown }) {
  of(useDeferredScenario());
  return null;
}

// The cost panel's figures that take the longest, the capacity's first (about half the panel's time).
const FIGURES: ReadonlyArray<(s: Scenario) => unknown> = [capacityOf, growthOf, nodeTypesOf, costOf];

/**
 * The cost panel reads its money, growth, node types and capacity in its own render, one piece
 * of work that React's background render cannot interrupt. Rendered just before the panel, these
 * components work each figure out in a piece of its own (the per-scenario caches of
 * costDerived.ts keep them), so the background render can give way to a keystroke between them
 * and the panel finds them done.
 */
export default function CostFiguresAhead() {
  return FIGURES.map((of, i) => <FigureAhead key={i} of={of} />);
}
