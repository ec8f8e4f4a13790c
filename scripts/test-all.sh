#!/usr/bin/env bash
# Installs what the test suites need on a fresh Debian machine with Node 20, then runs every suite.
# This is the README's test command and what CI runs. npm packages are installed only when the
# lock file changed, so this can run beside ./scripts/start.sh without breaking the served app.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-system-deps.sh
# The Valkey and Redis servers the validation measures (built once, then cached; a failed fetch or build stops here).
bash scripts/server-builds.sh
bash scripts/install-npm-packages.sh
npm test
