#!/usr/bin/env bash
# Installs the npm packages if needed and starts the app; Vite prints the local URL.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then npm ci --no-audit --no-fund; fi
exec npm start
