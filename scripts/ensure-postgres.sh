#!/usr/bin/env bash
# Starts the machine's PostgreSQL cluster if it is stopped, makes sure the test role exists, drops databases left by
# earlier test runs, and prints the admin URL the api tests create their databases from.
# Fails (exit 1) when PostgreSQL cannot be made available; the Makefile decides whether that may be skipped.
set -euo pipefail
ROLE=enroll_test
PASSWORD=enroll_test
ADMIN_DB=enroll_test_admin

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
  else
    echo "PostgreSQL is not installed" >&2; exit 1
  fi
fi
cluster=$(pg_lsclusters --no-header | head -n 1)
[ -n "$cluster" ] || { echo "no PostgreSQL cluster" >&2; exit 1; }
version=$(echo "$cluster" | awk '{print $1}')
name=$(echo "$cluster" | awk '{print $2}')
port=$(echo "$cluster" | awk '{print $3}')
status=$(echo "$cluster" | awk '{print $4}')
# A cluster that was not shut down cleanly (a machine image taken while it ran, a run killed at its time limit)
# recovers before it answers, and first syncs its whole data directory: on a directory full of earlier runs' databases
# that took longer than pg_ctl's own 60 s wait in CI, and the start was reported failed while recovery went on. Wait
# for as long as recovery takes (up to PG_START_WAIT seconds), then ask the server itself.
wait_secs=${PG_START_WAIT:-900}
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" "$name" start -- -t "$wait_secs" >&2 || echo "pg_ctlcluster start did not report success; waiting for the server" >&2
fi
psql_admin() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
ready=""
# A start can also fail outright just after an unclean stop (the socket's lock file names a process still exiting):
# a cluster that says it is down is started again every 10 s.
for second in $(seq 1 "$wait_secs"); do
  if psql_admin -c "select 1" >/dev/null 2>&1; then ready=1; break; fi
  if [ $((second % 10)) = 0 ] && pg_lsclusters --no-header | awk -v v="$version" -v n="$name" '$1 == v && $2 == n {print $4}' | grep -qx down; then
    pg_ctlcluster "$version" "$name" start -- -t "$wait_secs" >&2 || echo "PostgreSQL did not start; trying again" >&2
  fi
  sleep 1
done
[ -n "$ready" ] || { echo "PostgreSQL $version/$name did not answer within $wait_secs s" >&2; exit 1; }
if [ "$(psql_admin -c "select 1 from pg_roles where rolname = '$ROLE'")" != "1" ]; then
  psql_admin -c "create role $ROLE login createdb password '$PASSWORD'" >&2
fi
if [ "$(psql_admin -c "select 1 from pg_database where datname = '$ADMIN_DB'")" != "1" ]; then
  psql_admin -c "create database $ADMIN_DB owner $ROLE" >&2
fi
for db in $(psql_admin -c "select datname from pg_database where datname like 'etest%'"); do
  psql_admin -c "drop database if exists $db" >/dev/null
done
echo "postgres://$ROLE:$PASSWORD@localhost:$port/$ADMIN_DB"
