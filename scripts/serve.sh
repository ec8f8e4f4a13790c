#!/usr/bin/env bash
# Serves the production build on http://127.0.0.1:5173/ and rebuilds it when a source file
# changes (reload the page to see the change). The build goes to .serve/, which nothing else
# writes: the test suites build into dist/ and dist-single/ without touching the served copy.
# For Vite's dev server with hot reload instead: npm run dev.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.serve
port=${PORT:-5173}
rm -rf "$out"

NODE_ENV=production npx vite build --watch --outDir "$out" --emptyOutDir --logLevel warn &
watcher=$!
trap 'kill "$watcher" 2>/dev/null || true' EXIT INT TERM

echo "Building the app (first build only) ..."
until [ -f "$out/index.html" ]; do
  if ! kill -0 "$watcher" 2>/dev/null; then echo "serve: the build failed; see the messages above" >&2; exit 1; fi
  sleep 0.5
done

npx vite preview --outDir "$out" --host 127.0.0.1 --port "$port" --strictPort
