import { useState } from 'react';
import { currentLink } from '../state/urlSync';

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

/** Copy the link to this exact view, or the code to embed it in a wiki page. */
export function ShareBar() {
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState<string | null>(null);
  const share = async (text: string, what: string) => {
    if (await copy(text)) {
      setManual(null);
      setStatus(`${what} copied`);
    } else {
      setManual(text);
      setStatus(`Copy the ${what.toLowerCase()} below`);
    }
  };
  return (
    <div className="share-bar">
      <button type="button" onClick={() => share(currentLink(location.href), 'Link')}>
        Copy link
      </button>
      <button type="button" onClick={() => share(embedCode(currentLink(location.href, { embed: true })), 'Embed code')}>
        Copy embed code
      </button>
      <span role="status" className="share-status">
        {status}
      </span>
      {manual && <textarea readOnly value={manual} aria-label="Text to copy" rows={3} onFocus={(e) => e.target.select()} />}
    </div>
  );
}
