import { deflateSync, strToU8 } from 'fflate';
import { toBase64Url } from './base64url';
import { DEFAULT_SCENARIO } from './defaults';
import { withLineChoice } from './linkCompat';
import type { Scenario } from './schema';
import type { View } from './view';

/**
 * The share link's fragment without its schema: what a page needs to write a link, and to tell
 * whether it was opened from one. Reading a link's state validates it: link.ts, loaded on demand.
 */
export const LINK_FORMAT = 3;

export interface LinkState {
  scenario: Scenario;
  view: View;
}

/** Fragment parameters: `a=1&b=2`, decoded; later duplicates win. */
export function fragmentParams(fragment: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of fragment.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    try {
      params.set(decodeURIComponent(key), decodeURIComponent(value));
    } catch {
      params.set(key, value);
    }
  }
  return params;
}

/** Whether a fragment carries a state to decode (or a damaged attempt at one): a format or a payload. */
export function carriesState(fragment: string): boolean {
  const params = fragmentParams(fragment);
  return params.has('v') || params.has('s');
}

/** What an embed can show, in the order it shows them. */
export const EMBED_PANELS = ['results', 'deployment', 'cost', 'growth'] as const;
export type EmbedPanel = (typeof EMBED_PANELS)[number];
/** What an embed shows when its link names no panels: every embed made before the choice existed. */
export const DEFAULT_EMBED_PANELS: readonly EmbedPanel[] = ['results'];

/**
 * The panels an embed link asks for (`panels=results,cost`), in the embed's order, and the names
 * it does not know (a few), which the embed names rather than dropping them silently. No panel
 * known, or no `panels` at all: the default panels.
 */
export function embedPanelsOf(fragment: string): { panels: EmbedPanel[]; unknown: string[] } {
  const names = (fragmentParams(fragment).get('panels') ?? '').split(',');
  const panels = EMBED_PANELS.filter((p) => names.includes(p));
  const unknown = names.filter((n) => n && !(EMBED_PANELS as readonly string[]).includes(n));
  return { panels: panels.length ? panels : [...DEFAULT_EMBED_PANELS], unknown: unknown.slice(0, 3).map((n) => n.slice(0, 20)) };
}

/** The URL fragment (without '#') for a state; empty for the defaults. */
export function encodeLink(state: LinkState, options: { embed?: boolean; panels?: readonly EmbedPanel[] } = {}): string {
  const isDefault = JSON.stringify(state.scenario) === JSON.stringify(DEFAULT_SCENARIO) && Object.keys(state.view).length === 0;
  const params: string[] = [];
  if (!isDefault) {
    const json = JSON.stringify({ scenario: withLineChoice(state.scenario), view: state.view });
    params.push(`v=${LINK_FORMAT}`, `s=${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`);
  }
  if (options.embed) params.push('embed=1');
  const panels = EMBED_PANELS.filter((p) => options.panels?.includes(p));
  if (options.embed && panels.length && panels.join() !== DEFAULT_EMBED_PANELS.join()) params.push(`panels=${panels.join(',')}`);
  return params.join('&');
}
