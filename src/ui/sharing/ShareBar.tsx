import { useState } from 'react';
import { DEFAULT_EMBED_PANELS, EMBED_PANELS, type EmbedPanel } from '../../scenario/linkFragment';
import { currentLocale, t, type MessageId } from '../../i18n';

export async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The iframe snippet, with a listener that sizes the frame to the height the calculator reports:
 * it takes messages only from the calculator's origin and from its own frame (README: Embedding).
 */
export function embedCode(src: string): string {
  const origin = JSON.stringify(new URL(src).origin);
  return [
    `<iframe src="${src.replace(/"/g, '&quot;')}" title="valkey-ram-planner" style="width:100%;border:0" height="640" data-valkey-ram-planner></iframe>`,
    `<script>addEventListener("message",function(e){var d=e.data;if(e.origin!==${origin}||!d||d.type!=="valkey-ram-planner:height"||!(d.height>0&&d.height<100000))return;document.querySelectorAll("iframe[data-valkey-ram-planner]").forEach(function(f){if(f.contentWindow===e.source)f.height=String(Math.ceil(d.height))})})</script>`,
  ].join('\n');
}

/**
 * The link to the current view, or the embed code for it. The link writer (and its compressor)
 * loads on the first copy, not with the first screen; the address bar's sync has usually loaded
 * it by then. The embed opens in the language it was copied in: a wiki page is in one language.
 */
async function shareText(what: 'link' | 'embed', panels: readonly EmbedPanel[]): Promise<string> {
  const { currentLink } = await import('../../state/shareLink');
  if (what === 'link') return currentLink(location.href);
  return embedCode(`${currentLink(location.href, { embed: true, panels })}&lang=${currentLocale()}`);
}

/** The panels' own headings, where the first screen has them. */
const PANEL_LABELS: Record<EmbedPanel, MessageId> = {
  results: 'results.title',
  deployment: 'deployment.title',
  cost: 'share.panel.cost',
  growth: 'growth.label',
};

/** Copy the link to this exact view, or the code to embed it in a wiki page. */
export function ShareBar() {
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState<string | null>(null);
  const [panels, setPanels] = useState<readonly EmbedPanel[]>(DEFAULT_EMBED_PANELS);
  const toggle = (panel: EmbedPanel, on: boolean) =>
    setPanels((current) => EMBED_PANELS.filter((p) => (p === panel ? on : current.includes(p))));
  const share = async (what: 'link' | 'embed') => {
    const text = await shareText(what, panels);
    if (await copy(text)) {
      setManual(null);
      setStatus(what === 'link' ? t('share.linkCopied') : t('share.embedCopied'));
    } else {
      setManual(text);
      setStatus(what === 'link' ? t('share.copyLinkBelow') : t('share.copyEmbedBelow'));
    }
  };
  return (
    <div className="share-bar">
      <button type="button" onClick={() => share('link')}>
        {t('share.copyLink')}
      </button>
      <button type="button" onClick={() => share('embed')}>
        {t('share.copyEmbed')}
      </button>
      {/* Behind a disclosure: the header stays one row; the choice matters only when embedding. */}
      <details className="embed-options">
        <summary>{t('share.embedPanels')}</summary>
        <fieldset className="embed-panels">
          <legend className="visually-hidden">{t('share.embedPanels')}</legend>
          {EMBED_PANELS.map((panel) => {
            const checked = panels.includes(panel);
            return (
              <label key={panel}>
                <input
                  type="checkbox"
                  checked={checked}
                  // An embed shows at least one panel: the last one chosen stays.
                  disabled={checked && panels.length === 1}
                  onChange={(e) => toggle(panel, e.target.checked)}
                />
                {t(PANEL_LABELS[panel])}
              </label>
            );
          })}
        </fieldset>
      </details>
      <span role="status" className="share-status">
        {status}
      </span>
      {manual && (
        <textarea readOnly value={manual} aria-label={t('share.textToCopy')} rows={3} onFocus={(e) => e.target.select()} />
      )}
    </div>
  );
}
