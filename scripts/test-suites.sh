#!/usr/bin/env bash
# Every suite, in three tracks side by side. On a 2-core machine vitest runs one test file at a
# time (its default there), so any one track alone leaves a core mostly idle:
#   - the live validation, which mostly waits for used_memory to settle on each fresh server;
#   - the browser tests (vitest's e2e project, one file at a time: Chromium does their work);
#   - the static checks (types, lint, import rules, formatting), then vitest's other projects.
# The two background tracks' output is held until the foreground track has finished, so that
# nothing interleaves; every track must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

validation_log="$(mktemp)"
browser_log="$(mktemp)"
tests_log="$(mktemp)"
# Each background track in a process group of its own, so that an interrupted run stops all of it.
setsid npm run -s validate >"$validation_log" 2>&1 &
validation=$!
setsid npx vitest run --project e2e >"$browser_log" 2>&1 &
browser=$!
# Stopped with the run: the validation's servers also stop themselves after their lifetime.
trap 'kill -- "-$validation" "-$browser" 2>/dev/null || true; rm -f "$validation_log" "$browser_log" "$tests_log"' EXIT

static_status=0
{ npm run -s typecheck && npm run -s lint && npm run -s lint:imports && npm run -s format:check; } || static_status=$?

vitest_status=0
npx vitest run --project unit --project live --project ui 2>&1 | tee "$tests_log" || vitest_status=$?

validation_status=0
wait "$validation" || validation_status=$?
echo
echo "npm run validate (ran beside the tests):"
cat "$validation_log"

browser_status=0
wait "$browser" || browser_status=$?
echo
echo "vitest's e2e project (ran beside the checks and the other projects):"
cat "$browser_log"

# The logs without their colour codes, to be searched.
plain() { sed 's/\x1b\[[0-9;]*m//g' "$@"; }
# A CI log is often read from its end: a browser test that passed only on its retry, and what
# failed, are repeated there, briefly.
retried="$(plain "$tests_log" "$browser_log" | grep -F 'passed on a retry:' || true)"
if [ -n "$retried" ]; then
  echo
  echo "Failed once, then passed on a retry (a flake to look into):"
  echo "$retried"
fi
failures_of() {
  # awk reads to the end (a reader that stops early would fail the pipe under pipefail).
  plain "$1" | awk 'shown < 40 && (/^ *(FAIL|×) / || after > 0) { print; shown++ } { after = /^ *FAIL / ? 1 : 0 }'
}
if [ "$static_status" -ne 0 ] || [ "$vitest_status" -ne 0 ] || [ "$browser_status" -ne 0 ] || [ "$validation_status" -ne 0 ]; then
  echo
  echo "What failed:"
  [ "$vitest_status" -eq 0 ] || { echo "- vitest's unit, live and ui projects:"; failures_of "$tests_log"; }
  [ "$browser_status" -eq 0 ] || { echo "- vitest's e2e project:"; failures_of "$browser_log"; }
  [ "$validation_status" -eq 0 ] || { echo "- npm run validate, its last lines:"; tail -n 25 "$validation_log"; }
  echo "failed: checks exit $static_status, vitest exit $vitest_status, e2e exit $browser_status, validate exit $validation_status" >&2
  exit 1
fi
