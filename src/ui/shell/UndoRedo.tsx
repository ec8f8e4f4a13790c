import { useEffect } from 'react';
import { redo, startHistory, undo, useHistoryStore } from '../../state/history';
import { t } from '../../i18n';

/** Text fields keep the browser's own undo of what is typed in them. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(target.type)
  );
}

/**
 * Ctrl/Cmd+Z undoes the last step of the scenario, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redoes it,
 * except in a text field: there the keys undo the typing, as in any text field, and each change
 * that reaches the scenario is itself a step the buttons can undo.
 */
function onKeyDown(e: KeyboardEvent) {
  if (e.defaultPrevented || e.altKey || !(e.ctrlKey || e.metaKey) || isTextField(e.target)) return;
  const key = e.key.toLowerCase();
  if (key === 'z') {
    e.preventDefault();
    if (e.shiftKey) redo();
    else undo();
  } else if (key === 'y' && e.ctrlKey && !e.shiftKey) {
    e.preventDefault();
    redo();
  }
}

/** Undo and Redo over every change to the scenario: edits (a field at a time), remove, duplicate, presets. */
export function UndoRedo() {
  const canUndo = useHistoryStore((s) => s.past.length > 0);
  const canRedo = useHistoryStore((s) => s.future.length > 0);
  useEffect(() => {
    const stop = startHistory();
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      stop();
    };
  }, []);
  return (
    <div className="undo-redo" role="group" aria-label={t('history.group')}>
      <button type="button" onClick={undo} disabled={!canUndo} title={t('history.undoHint')}>
        {t('history.undo')}
      </button>
      <button type="button" onClick={redo} disabled={!canRedo} title={t('history.redoHint')}>
        {t('history.redo')}
      </button>
    </div>
  );
}
