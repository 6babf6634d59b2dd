#!/usr/bin/env bash
# The renderer's figures (`make measure-web`; never part of `make test`): the JavaScript each page loads (gzip) and
# Lighthouse's mobile performance score of the landing page and a wizard step, against the release server serving the
# current build on a free port with a fresh database.
#
# Lighthouse and puppeteer-core are not the renderer's dependencies: they are installed once into .cache/lighthouse.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
tools=.cache/lighthouse
if [ ! -d "$tools/node_modules/lighthouse" ] || [ ! -d "$tools/node_modules/puppeteer-core" ]; then
  mkdir -p "$tools"
  (cd "$tools" && npm install --no-audit --no-fund --no-save lighthouse puppeteer-core >/dev/null)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
data=$(mktemp -d)
PORT=$port DATA_DIR=$data RUST_LOG=warn ./target/release/enroll serve >"$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
base="http://localhost:$port"
cd renderer
node scripts/measure-js.mjs "$base"
node scripts/measure-js.mjs "$base" --language es
node scripts/measure-js.mjs "$base" --wizard
LIGHTHOUSE_MODULES="$(cd "../$tools" && pwd)/node_modules" node scripts/lighthouse.mjs "$base" "$runs"
