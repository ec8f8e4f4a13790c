import type { Scenario } from './schema';
import type { View } from './view';

/**
 * The share link's fragment without its schema or its compression: what a page needs to tell
 * whether it was opened from a link, and which panels an embed shows. Writing a link deflates it
 * (linkWriter.ts) and reading one validates it (link.ts): both load when first needed.
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
