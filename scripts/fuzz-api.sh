#!/usr/bin/env bash
# Fuzzes the API from its own OpenAPI documents (the store's and the benefit service's) with schemathesis: a few thousand generated requests over every
# operation (its coverage, fuzzing and stateful phases) against a fresh server on the database named by $1 (sqlite or
# postgres). Any 5xx answer fails the run. `make test` runs it on both databases.
set -euo pipefail
db=${1:-sqlite}
repo=$(cd "$(dirname "$0")/.." && pwd)
data=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
drop=""
case $db in
  sqlite) url="sqlite://$data/fuzz.db?mode=rwc" ;;
  postgres)
    admin=$("$repo/scripts/ensure-postgres.sh")
    name="etest_fuzz_$$"
    psql "$admin" -qtA -v ON_ERROR_STOP=1 -c "create database $name" >/dev/null
    url="${admin%/*}/$name"
    drop="psql $admin -qtA -c 'drop database if exists $name' >/dev/null 2>&1" ;;
  *) echo "usage: $0 sqlite|postgres" >&2; exit 2 ;;
esac
# Documents are scanned before they are kept: the server has the machine's clamd, as in production.
clamd=$("$repo/scripts/ensure-clamd.sh")
CLAMD_ADDRESS=$clamd DATA_DIR=$data DATABASE_URL=$url PORT=$port RUST_LOG=warn "$repo/target/debug/enroll" serve >"$data/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  [ -z "$drop" ] || eval "$drop"
  rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$data/server.log" >&2; exit 1; }
  sleep 0.5
done
echo "schemathesis against the API on $db (port $port)"
# Only 5xx fails: the document does not (and cannot) say which ids exist, so 404s and 422s are expected answers.
# Both roots are fuzzed: the store's calls and the benefit service's, each from its own document.
for root in /api/v1 /benefit/v1; do
  if ! schemathesis run "http://127.0.0.1:$port$root/openapi.json" --url "http://127.0.0.1:$port$root" \
      --checks not_a_server_error --max-examples 20 --workers 1 --no-color >"$data/fuzz.log" 2>&1; then
    cat "$data/fuzz.log"
    echo "server log:" >&2; tail -50 "$data/server.log" >&2
    exit 1
  fi
  echo "$root:"
  tail -12 "$data/fuzz.log"
done
