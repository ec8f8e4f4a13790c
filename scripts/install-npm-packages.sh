#!/usr/bin/env bash
# Installs the npm packages only when package-lock.json differs from the one last installed, so
# that the test command never deletes node_modules from under a running app server.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.installed-package-lock.sha256
wanted=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -d node_modules ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then exit 0; fi

npm ci --no-audit --no-fund
echo "$wanted" > "$stamp"
