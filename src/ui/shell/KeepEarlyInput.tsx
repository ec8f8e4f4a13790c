import { useEffect } from 'react';
import { asOneEdit } from '../../state/history';
import { replayEarlyInput, type EarlyInput } from './earlyInput';

/** Once per page: React runs a development build's effects twice. */
let kept = false;

/**
 * Rendered last in the page that takes the prerendered markup over: once the takeover has committed
 * and every other part has started (the undo history among them), what the reader typed or chose
 * before it is given to the app, just after, as their first edit, one undo step, and answered.
 */
export function KeepEarlyInput({ root, before }: { root: HTMLElement; before: EarlyInput }) {
  useEffect(() => {
    if (kept) return;
    kept = true;
    // In a task of its own, as the reader's own input comes: the app renders each event's change
    // before the next line runs, and the caret is put back into a field that holds its final text.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      replayEarlyInput(root, before, asOneEdit);
    };
    channel.port2.postMessage(null);
  }, [root, before]);
  return null;
}
