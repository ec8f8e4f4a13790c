/** The undo feature's user-visible English strings, in one place for the message catalogs. */
export const historyMessages = {
  group: 'Undo and redo',
  undo: 'Undo',
  redo: 'Redo',
  undoHint: 'Undo the last change to the scenario (Ctrl+Z or ⌘Z outside a text field)',
  redoHint: 'Redo (Ctrl+Shift+Z or ⌘⇧Z outside a text field)',
};
