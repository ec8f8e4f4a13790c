#!/usr/bin/env bash
# Installs the Debian packages the test suites need: chromium (browser tests driven by
# playwright-core), redis-server (the live-server validation) and what scripts/server-builds.sh
# needs to fetch and build Valkey and Redis (a C toolchain, apt's source tools, Debian's jemalloc headers).
# fonts-noto-cjk lets chromium draw the Chinese pages (the locale browser tests check it does).
# Idempotent: skips what is there.
set -euo pipefail

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
for pkg in build-essential pkg-config dpkg-dev xz-utils patch libjemalloc-dev fonts-noto-cjk; do
  # Captured first: under pipefail, `dpkg-query | grep -q` can fail when grep exits early.
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "install-system-deps: need root (or sudo) to install: ${need[*]}" >&2; exit 1
  fi
fi

echo "install-system-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
