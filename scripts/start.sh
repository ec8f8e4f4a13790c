#!/usr/bin/env bash
# Installs the npm packages if the lock file changed, then serves the production build (rebuilt
# on every source change) and prints the local URL. See scripts/serve.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-npm-packages.sh
exec npm start
