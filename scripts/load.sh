#!/usr/bin/env bash
# make load: whole journeys against the cluster (scripts/cluster.sh; started if it is not running) for a fixed time,
# with the release build of the load generator (load/, on goose). Never part of make test; a short smoke run is
# (load/tests/smoke.rs). docs/PERFORMANCE.md keeps the figures.
#
#   LOAD_USERS (800)      concurrent visitors
#   LOAD_SECONDS (60)     how long they keep coming
#   LOAD_HATCH (100)      visitors started a second until all are in
#   LOAD_TARGET           another address to load (a single replica, say) instead of the cluster's balancer; then
#                         LOAD_MAIL_DIRS and LOAD_REP_LINKS say where codes are e-mailed and which links sign reps in
#   LOAD_THINK_MS, LOAD_MIX  see load/src/main.rs
#   REPLICAS (3)          replicas of a cluster this starts
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(realpath -m "${CLUSTER_DIR:-.cluster}")
if [ -z "${LOAD_TARGET:-}" ]; then
  # A cluster already running is loaded as it is (with replicas stopped on purpose, say); otherwise it is started.
  if ! { [ -f "$dir/haproxy.pid" ] && kill -0 "$(cat "$dir/haproxy.pid")" 2>/dev/null; }; then
    scripts/cluster.sh start >/dev/null
  fi
  # shellcheck disable=SC1091
  source "$dir/cluster.env"
  target="http://localhost:$BALANCER_PORT"
  mail_dirs=$(ls -d "$dir"/replica*/outbox 2>/dev/null | paste -sd, -)
  # The folders exist once a replica delivered its first e-mail; name them all beforehand.
  if [ -z "$mail_dirs" ]; then
    mail_dirs=$(for n in $(seq 1 "$REPLICAS"); do printf '%s/replica%s/outbox,' "$dir" "$n"; done)
  fi
  # The reps' sign-in links (single use, 10 minutes), one for each visitor who could be a rep, sealed with the
  # cluster's keys as the rep dashboard would hand them.
  rep_links="$dir/rep-links.txt"
  (
    set -a
    # shellcheck disable=SC1091
    source "$dir/keys.env"
    set +a
    DATA_DIR="$dir/links" PUBLIC_URL="$target" ./target/release/enroll rep-link 7781 --count "${LOAD_USERS:-800}"
  ) >"$rep_links"
else
  target=$LOAD_TARGET
  mail_dirs=${LOAD_MAIL_DIRS:-}
  rep_links=${LOAD_REP_LINKS:-}
fi
echo "load: ${LOAD_USERS:-800} visitors for ${LOAD_SECONDS:-60} s against $target"
LOAD_MAIL_DIRS=$mail_dirs LOAD_REP_LINKS=$rep_links exec ./target/release/load --host "$target" --users "${LOAD_USERS:-800}" \
  --hatch-rate "${LOAD_HATCH:-100}" --run-time "${LOAD_SECONDS:-60}s" --quiet
