#!/usr/bin/env bash
# The store as it runs in production, on this machine: a PostgreSQL server of its own, REPLICAS (3) replicas of the
# release server sharing its keys, and HAProxy in front, health-checking each replica's /readyz. Everything listens on
# loopback, on free ports, and lives in CLUSTER_DIR (.cluster). docs/OPERATIONS.md is the runbook for this layout.
#
#   scripts/cluster.sh start            make cluster: starts what is not running, prints the store's address
#   scripts/cluster.sh stop             make cluster-stop: stops the replicas (SIGTERM: they drain), HAProxy, PostgreSQL
#   scripts/cluster.sh restart N        restarts replica N as a deployment would: SIGTERM, wait for it to exit, start it
#   scripts/cluster.sh rolling-restart  restarts every replica in turn, each back and ready before the next
#   scripts/cluster.sh restart-database restarts PostgreSQL (fast shutdown: its connections are cut)
#   scripts/cluster.sh status           what runs, where
#
# The replicas run ./target/release/enroll, or ENROLL_BIN. What the cluster wrote (the database, each replica's data
# directory and log, HAProxy's configuration) stays in CLUSTER_DIR until `scripts/cluster.sh clean`.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(realpath -m "${CLUSTER_DIR:-.cluster}")
replicas=${REPLICAS:-3}
bin=$(realpath -m "${ENROLL_BIN:-./target/release/enroll}")
state="$dir/cluster.env"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
say() { echo "cluster: $*"; }

# Waits until `url` answers 200, for up to `tries` tenths of a second.
wait_for() {
  local url=$1 tries=${2:-300}
  for _ in $(seq 1 "$tries"); do
    curl -fs -o /dev/null "$url" && return 0
    sleep 0.1
  done
  echo "cluster: $url did not answer in time" >&2
  return 1
}

pg_bin() { echo "/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -n 1)/bin/$1"; }
as_postgres() { runuser -u postgres -- "$@"; }

start_database() {
  if [ ! -x "$(pg_bin initdb)" ]; then
    say "installing Debian's PostgreSQL"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  local data="$dir/postgres"
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$data" && chown postgres:postgres "$data" && chmod 700 "$data"
    as_postgres "$(pg_bin initdb)" -D "$data" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  if ! as_postgres "$(pg_bin pg_ctl)" -D "$data" status >/dev/null 2>&1; then
    # The socket directory is the data directory: nothing is shared with the machine's own PostgreSQL.
    as_postgres "$(pg_bin pg_ctl)" -D "$data" -w -l "$data/server.log" \
      -o "-p $PG_PORT -k $data -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
  fi
  local psql=("$(pg_bin psql)" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qtA -v ON_ERROR_STOP=1)
  if [ "$("${psql[@]}" -c "select 1 from pg_database where datname = 'enroll'")" != "1" ]; then
    "${psql[@]}" -c "create database enroll" >/dev/null
  fi
}

start_replica() {
  local n=$1 port_var="REPLICA_${1}_PORT" ops_var="REPLICA_${1}_OPS_PORT"
  local port=${!port_var} ops=${!ops_var:-}
  alive "$dir/replica$n.pid" && return 0
  mkdir -p "$dir/replica$n"
  # Every replica has the same keys and database; each its own data directory (its e-mail files when no SMTP_URL).
  (
    set -a
    # shellcheck disable=SC1091
    source "$dir/keys.env"
    set +a
    # OPS_PORT: the balancer's checks and /metrics on a port of their own, never queued behind visitors.
    PORT=$port OPS_PORT=$ops LISTEN_ADDR=127.0.0.1 DATA_DIR="$dir/replica$n" DATABASE_URL="$DATABASE_URL" \
      PUBLIC_URL="http://localhost:$BALANCER_PORT" TRUST_PROXY=true RUST_LOG="${RUST_LOG:-info}" \
      exec "$bin" serve >>"$dir/replica$n.log" 2>&1
  ) &
  echo $! >"$dir/replica$n.pid"
  wait_for "http://127.0.0.1:$port/readyz"
}

stop_replica() {
  local n=$1
  alive "$dir/replica$n.pid" || return 0
  local pid
  pid=$(cat "$dir/replica$n.pid")
  kill -TERM "$pid"
  # It drains (DRAIN_NOTICE_MS), finishes its requests and its workers (SHUTDOWN_GRACE_SECS), then exits.
  for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    say "replica $n did not exit within 60 s; killing it"
    kill -KILL "$pid"
  fi
  rm -f "$dir/replica$n.pid"
}

write_balancer_config() {
  {
    cat <<EOF
# Written by scripts/cluster.sh: HAProxy in front of the store's replicas (docs/OPERATIONS.md).
global
    # Client and replica connections together stay within the usual 20,000 open files of a process.
    maxconn 8000
    pidfile $dir/haproxy.pid

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    # A visitor past every replica's share waits here, in order, for up to 10 s; then 503.
    timeout queue 10s
    # A request that never reached a replica (refused, reset before an answer) goes to another.
    option redispatch
    retries 2
    retry-on conn-failure empty-response response-timeout

frontend store
    bind 127.0.0.1:$BALANCER_PORT
    # The client's address as the replicas read it (TRUST_PROXY): this balancer's, never what the client claims.
    http-request del-header X-Forwarded-For
    option forwardfor
    # /metrics is read from each replica directly, never through the store's public address.
    http-request deny deny_status 404 if { path /metrics }
    default_backend replicas

backend replicas
    balance leastconn
    option httpchk GET /readyz
    http-check expect status 200
    # Checked twice a second; two failures take a replica out (1 s), two successes bring it back.
    default-server check inter 500ms fall 2 rise 2 maxconn ${REPLICA_MAXCONN:-900}
EOF
    for n in $(seq 1 "$replicas"); do
      local port_var="REPLICA_${n}_PORT" ops_var="REPLICA_${n}_OPS_PORT"
      # Checked on the replica's operators' port: past its connection limit the visitors' port queues.
      echo "    server replica$n 127.0.0.1:${!port_var}${!ops_var:+ check port ${!ops_var}}"
    done
    cat <<EOF

listen stats
    bind 127.0.0.1:$STATS_PORT
    stats enable
    stats uri /
    stats refresh 2s
EOF
  } >"$dir/haproxy.cfg"
}

start_balancer() {
  if ! command -v haproxy >/dev/null; then
    say "installing Debian's HAProxy"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
  fi
  alive "$dir/haproxy.pid" && return 0
  write_balancer_config
  haproxy -c -q -f "$dir/haproxy.cfg"
  haproxy -D -f "$dir/haproxy.cfg"
  wait_for "http://127.0.0.1:$BALANCER_PORT/readyz"
}

load_state() {
  # shellcheck disable=SC1090
  [ -f "$state" ] && source "$state"
  return 0
}

start() {
  [ -x "$bin" ] || { echo "cluster: $bin is missing (make build the release server: cargo build --release -p api)" >&2; exit 1; }
  mkdir -p "$dir"
  chmod 755 "$dir"
  load_state
  if [ -z "${BALANCER_PORT:-}" ]; then
    {
      echo "PG_PORT=$(free_port)"
      echo "BALANCER_PORT=$(free_port)"
      echo "STATS_PORT=$(free_port)"
      for n in $(seq 1 "$replicas"); do
        echo "REPLICA_${n}_PORT=$(free_port)"
        echo "REPLICA_${n}_OPS_PORT=$(free_port)"
      done
      echo "REPLICAS=$replicas"
    } >"$state"
    load_state
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/enroll" >>"$state"
    load_state
  fi
  if [ ! -f "$dir/keys.env" ]; then
    # The keys every replica shares: what seals personal data, and what signs sessions.
    python3 - >"$dir/keys.env" <<'EOF'
import base64, os
print("ENROLL_DATA_KEY=" + base64.b64encode(os.urandom(32)).decode())
print("ENROLL_SESSION_KEY=" + base64.b64encode(os.urandom(64)).decode())
EOF
    chmod 600 "$dir/keys.env"
  fi
  start_database
  # The first replica migrates and seeds the database; the others find it ready.
  for n in $(seq 1 "$replicas"); do start_replica "$n"; done
  start_balancer
  say "the store is at http://localhost:$BALANCER_PORT (HAProxy's page: http://localhost:$STATS_PORT)"
  for n in $(seq 1 "$replicas"); do
    local port_var="REPLICA_${n}_PORT" ops_var="REPLICA_${n}_OPS_PORT"
    say "replica $n at http://127.0.0.1:${!port_var} (checks and metrics: http://127.0.0.1:${!ops_var:-${!port_var}}/metrics), log $dir/replica$n.log"
  done
  say "PostgreSQL at $DATABASE_URL"
}

stop() {
  load_state
  for n in $(seq 1 "${REPLICAS:-$replicas}"); do stop_replica "$n"; done
  if alive "$dir/haproxy.pid"; then kill "$(cat "$dir/haproxy.pid")"; fi
  rm -f "$dir/haproxy.pid"
  if [ -f "$dir/postgres/PG_VERSION" ]; then
    as_postgres "$(pg_bin pg_ctl)" -D "$dir/postgres" -m fast stop >/dev/null 2>&1 || true
  fi
  say "stopped"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  restart)
    load_state
    n=${2:?which replica}
    stop_replica "$n"
    start_replica "$n"
    say "replica $n restarted"
    ;;
  rolling-restart)
    load_state
    for n in $(seq 1 "$REPLICAS"); do
      stop_replica "$n"
      start_replica "$n"
      # Back in the balancer (two checks half a second apart) before the next one goes.
      sleep 1.5
      say "replica $n restarted"
    done
    ;;
  restart-database)
    load_state
    as_postgres "$(pg_bin pg_ctl)" -D "$dir/postgres" -m fast -w restart \
      -o "-p $PG_PORT -k $dir/postgres -c listen_addresses=127.0.0.1 -c max_connections=200" >/dev/null
    say "PostgreSQL restarted"
    ;;
  status)
    load_state
    for n in $(seq 1 "${REPLICAS:-$replicas}"); do
      alive "$dir/replica$n.pid" && say "replica $n running (pid $(cat "$dir/replica$n.pid"))" || say "replica $n stopped"
    done
    alive "$dir/haproxy.pid" && say "HAProxy running at http://localhost:${BALANCER_PORT:-?}" || say "HAProxy stopped"
    ;;
  clean)
    stop
    rm -rf "$dir"
    ;;
  *)
    echo "usage: scripts/cluster.sh start|stop|restart N|rolling-restart|restart-database|status|clean" >&2
    exit 2
    ;;
esac
