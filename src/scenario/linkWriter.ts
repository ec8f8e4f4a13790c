import { deflateSync, strToU8 } from 'fflate';
import { toBase64Url } from './base64url';
import { DEFAULT_SCENARIO } from './defaults';
import { withLineChoice } from './linkCompat';
import { DEFAULT_EMBED_PANELS, EMBED_PANELS, LINK_FORMAT, type EmbedPanel, type LinkState } from './linkFragment';

// Apart from linkFragment.ts: the compressor is needed only once a link is written, not for the
// first screen of a plain visit.

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
