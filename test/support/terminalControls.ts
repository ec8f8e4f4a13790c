/**
 * What a terminal acts on: C0 controls but newline and tab, DEL, C1, the bidirectional overrides.
 * Written here apart from the command line's own list, so the tests check its output independently.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is what this is for
export const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
