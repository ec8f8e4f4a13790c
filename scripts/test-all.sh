#!/usr/bin/env bash
# Installs what the test suites need on a fresh Debian machine with Node 20, then runs every suite.
# This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-system-deps.sh
# The Valkey servers the validation measures (built once, then cached; a failed fetch or build stops here).
bash scripts/valkey-builds.sh
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
npm test
