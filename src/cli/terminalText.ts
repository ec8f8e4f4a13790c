/**
 * What the command line echoes comes from its input: a scenario file, a server's keys, the
 * arguments. A terminal acts on control characters (ESC starts sequences that retitle the window,
 * recolour or move the cursor) and the bidirectional overrides reorder what it shows, so these are
 * written as \uXXXX escapes: readable, inert, and in JSON output the same string as before.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const LINE_BREAKS = /[\n\t]/g;

/**
 * The text with every terminal control character written as a \uXXXX escape: but newline and tab
 * in a whole output, and those too in `oneLine` text (a key name or another value from the input
 * put in a line of a table), so it cannot start a line of its own.
 */
export function printable(text: string, oneLine = false): string {
  const escaped = text.replace(TERMINAL_CONTROLS, escape);
  return oneLine ? escaped.replace(LINE_BREAKS, escape) : escaped;
}

function escape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
