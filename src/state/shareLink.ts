import type { EmbedPanel, LinkState } from '../scenario/linkFragment';
import { encodeLink } from '../scenario/linkWriter';
import { usePlannerStore } from './store';

/** The address with its fragment replaced: the base alone for an empty fragment. */
export function urlWithFragment(href: string, fragment: string): string {
  const base = href.split('#')[0]!;
  return fragment ? `${base}#${fragment}` : base;
}

/** In embed mode, or the full calculator; an embed's panels. */
type LinkOptions = { embed?: boolean; panels?: readonly EmbedPanel[] };

/** The link to a scenario and view, for sharing: in embed mode, or the full calculator. */
export function linkTo(href: string, state: LinkState, options: LinkOptions = {}): string {
  return urlWithFragment(href, encodeLink(state, options));
}

/** The link to the current state, for sharing: in embed mode, or the full calculator. */
export function currentLink(href: string, options: LinkOptions = {}): string {
  const { scenario, view } = usePlannerStore.getState();
  return linkTo(href, { scenario, view }, options);
}
