#!/usr/bin/env bash
# The vitest projects and the live validation, side by side. The validation spends most of its
# time waiting for used_memory to settle on each fresh server (readings 100 ms apart), so running
# it beside vitest shortens the whole run by most of its length. Its output is held until vitest
# has finished, so neither interleaves with the other; both must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

log="$(mktemp)"
npm run -s validate >"$log" 2>&1 &
validation=$!
# Stopped with the run: its servers also stop themselves after their lifetime.
trap 'kill "$validation" 2>/dev/null || true; rm -f "$log"' EXIT

vitest_status=0
npx vitest run || vitest_status=$?

validation_status=0
wait "$validation" || validation_status=$?
echo
echo "npm run validate (ran beside vitest):"
cat "$log"

if [ "$vitest_status" -ne 0 ] || [ "$validation_status" -ne 0 ]; then
  echo "failed: vitest exit $vitest_status, validate exit $validation_status" >&2
  exit 1
fi
