import { decodeLink, encodeLink, type LinkDecodeResult } from '../scenario/link';
import type { PageNotice } from '../scenario/linkNotice';
import type { Scenario } from '../scenario/schema';
import type { View } from '../scenario/view';
import { asStep, isRestoring, useHistoryStore } from './history';
import { urlWithFragment } from './shareLink';
import { usePlannerStore } from './store';

// The links to share are written by shareLink.ts, which the page loads without the link's decoder.
export { currentLink, linkTo } from './shareLink';

export interface UrlHost {
  location: { hash: string; href: string };
  history: {
    replaceState: (data: unknown, unused: string, url: string) => void;
    pushState: (data: unknown, unused: string, url: string) => void;
  };
  addEventListener: (type: 'popstate', listener: () => void) => void;
  removeEventListener: (type: 'popstate', listener: () => void) => void;
}

/** What a user reads when a link could not be read as it was (worded by src/ui/sharing/linkNoticeMessages.ts). */
export function noticeFor(result: LinkDecodeResult): PageNotice | null {
  if (!result.ok) return { error: result.error };
  if (result.notices.length === 0) return null;
  return { notices: result.notices };
}

/**
 * Keeps the address bar and the store in step: the link is read once at start-up and on
 * back/forward. Writes are debounced, so typing does not flood the history: each step the undo
 * history begins (history.ts: one per field typed in, per workload removed...) adds an entry,
 * so Back and Forward walk through them; edits coalesced into that step replace it; presets add
 * an entry at once, and so do Undo and Redo: an Undo is a change the user made to what the page
 * shows, so Back after it brings back the scenario before the Undo, as Back after any edit does
 * (replacing the entry instead would leave Back on a scenario equal to the undone one, a Back that
 * shows no change). Returns a function that stops it.
 */
export function startUrlSync(
  host: UrlHost,
  options: {
    embed: boolean;
    debounceMs?: number;
    /** The link already decoded at start-up, if it was. */ decoded?: LinkDecodeResult;
    /**
     * Set when the page started before this did, on a fragment without a state (a plain visit:
     * the store's defaults are the page's state): the state and undo step it started from.
     * Nothing is loaded, and an edit made since is written as it would have been.
     */
    startedFrom?: { scenario: Scenario; view: View; steps: number };
  },
): () => void {
  const debounceMs = options.debounceMs ?? 250;
  const load = (decoded = decodeLink(host.location.hash)) => {
    asStep(() => usePlannerStore.getState().scenarioLoaded(decoded.state.scenario, decoded.state.view, noticeFor(decoded)));
  };
  const startedFrom = options.startedFrom;
  if (!startedFrom) load(options.decoded);
  let lastWritten = host.location.hash.replace(/^#/, '');
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The undo step the address bar's current entry belongs to: a write in a later step adds an entry.
  let writtenStep = startedFrom?.steps ?? useHistoryStore.getState().steps;
  const write = (push: boolean) => {
    const { scenario, view } = usePlannerStore.getState();
    const fragment = encodeLink({ scenario, view }, { embed: options.embed });
    if (fragment === lastWritten) return;
    lastWritten = fragment;
    const url = urlWithFragment(host.location.href, fragment);
    writtenStep = useHistoryStore.getState().steps;
    if (push) host.history.pushState(null, '', url);
    else host.history.replaceState(null, '', url);
  };
  const unsubscribe = usePlannerStore.subscribe((state, previous) => {
    if (state.scenario === previous.scenario && state.view === previous.view) return;
    if (timer) clearTimeout(timer);
    if (state.steps !== previous.steps || isRestoring()) write(true);
    else timer = setTimeout(() => write(useHistoryStore.getState().steps !== writtenStep), debounceMs);
  });
  if (startedFrom) {
    const { scenario, view } = usePlannerStore.getState();
    if (scenario !== startedFrom.scenario || view !== startedFrom.view) write(useHistoryStore.getState().steps !== writtenStep);
  }
  const onPopState = () => {
    if (timer) clearTimeout(timer);
    lastWritten = host.location.hash.replace(/^#/, '');
    load();
    writtenStep = useHistoryStore.getState().steps;
  };
  host.addEventListener('popstate', onPopState);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    host.removeEventListener('popstate', onPopState);
  };
}
