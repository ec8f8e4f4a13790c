import { useState } from 'react';
import { currentLink } from '../state/shareLink';
import { currentLocale, t } from '../i18n';

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

/** The embed opens in the language it was copied in: a wiki page is written in one language. */
function embedLink(): string {
  return `${currentLink(location.href, { embed: true })}&lang=${currentLocale()}`;
}

/** Copy the link to this exact view, or the code to embed it in a wiki page. */
export function ShareBar() {
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState<string | null>(null);
  const share = async (text: string, what: 'link' | 'embed') => {
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
      <button type="button" onClick={() => share(currentLink(location.href), 'link')}>
        {t('share.copyLink')}
      </button>
      <button type="button" onClick={() => share(embedCode(embedLink()), 'embed')}>
        {t('share.copyEmbed')}
      </button>
      <span role="status" className="share-status">
        {status}
      </span>
      {manual && (
        <textarea readOnly value={manual} aria-label={t('share.textToCopy')} rows={3} onFocus={(e) => e.target.select()} />
      )}
    </div>
  );
}
