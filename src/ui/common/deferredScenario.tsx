import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { ScenarioEstimate, ResolvedScenario } from '../../model';
import type { Scenario } from '../../scenario/schema';
import type { View } from '../../scenario/view';
import { estimateOf, resolvedOf } from '../../state/derived';
import { usePlannerStore } from '../../state/store';

interface ScenarioAndView {
  scenario: Scenario;
  view: View;
}

const Deferred = createContext<ScenarioAndView | null>(null);

/**
 * The scenario and view for the charts and the panels below the results: an edit renders the
 * numbers (results, summary, 1 TB correction) in the keystroke's task, the browser paints them,
 * and only then do these panels follow, in a transition that the next keystroke interrupts. One
 * value for all of them, so what they show always agrees. Only this component follows the store
 * on every edit; its children are rendered again when the followed value moves on.
 *
 * Not useDeferredValue: its background render starts in the task right after the keystroke's,
 * and the frame that shows the numbers then waits for that slice (about 5 ms) to end.
 */
export function DeferredScenario({ children }: { children: ReactNode }) {
  const scenario = usePlannerStore((s) => s.scenario);
  const view = usePlannerStore((s) => s.view);
  const current = useMemo(() => ({ scenario, view }), [scenario, view]);
  const [followed, setFollowed] = useState(current);
  useEffect(() => {
    if (followed === current) return;
    return afterNextFrame(() => startTransition(() => setFollowed(current)));
  }, [current, followed]);
  return <Deferred.Provider value={followed}>{children}</Deferred.Provider>;
}

/**
 * Runs `then` in a task of its own, after the tasks already queued: a message is handled in the
 * next task, without the 4 ms a nested timeout may wait. Returns what cancels it.
 */
function inNextTask(then: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    then();
  };
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}

/**
 * Runs `then` in a task after the browser's next frame (posted from the frame's animation
 * callback), or in the next task where no frame comes (a hidden tab, no animation frames).
 * Returns what cancels it.
 */
function afterNextFrame(then: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function' || document.hidden) return inNextTask(then);
  let cancelTask = () => {};
  const frame = requestAnimationFrame(() => (cancelTask = inNextTask(then)));
  return () => {
    cancelAnimationFrame(frame);
    cancelTask();
  };
}

/**
 * Children (a recharts chart) that take each deferred scenario in a task of their own, after the
 * background commit that brought it. recharts copies new data into its own store from a passive
 * effect and then renders the chart again; after a synchronous commit (flushSync) React runs those
 * effects at once, so the whole redraw is one task. After a background commit it would wait for a
 * later task, and a keystroke typed meanwhile would run the redraw first, before its own numbers
 * could be painted. Handed over from the background commit itself, the redraw would lengthen that
 * commit's task by its own length: the longest task while typing was the sum of both.
 */
export function DeferredInOneTask({ children }: { children: ReactNode }) {
  const deferred = useDeferred();
  const [shown, setShown] = useState(deferred);
  useLayoutEffect(() => {
    if (shown === deferred) return;
    // A newer scenario cancels it: only the last one is drawn.
    return inNextTask(() => flushSync(() => setShown(deferred)));
  }, [deferred, shown]);
  return <Deferred.Provider value={shown}>{children}</Deferred.Provider>;
}

function useDeferred(): ScenarioAndView {
  const deferred = useContext(Deferred);
  if (!deferred) throw new Error('a panel that follows the results is rendered inside <DeferredScenario>');
  return deferred;
}

export const useDeferredScenario = (): Scenario => useDeferred().scenario;
export const useDeferredView = (): View => useDeferred().view;
export const useDeferredResolved = (): ResolvedScenario => resolvedOf(useDeferredScenario());
export const useDeferredEstimate = (): ScenarioEstimate => estimateOf(useDeferredScenario());
