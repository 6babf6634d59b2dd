#!/usr/bin/env bash
# Starts ClamAV's scanner daemon (clamd, Debian's clamav-daemon) for this machine's tests and `make run`, if one of
# ours is not answering already, and prints its address (tcp:127.0.0.1:PORT) for CLAMD_ADDRESS.
#
# Its signatures: the machine's own database (/var/lib/clamav, kept by freshclam) when it has one. This machine's
# network reaches no signature mirror, so otherwise it loads scripts/clamav/test-signatures.ndb, which knows only the
# EICAR test file: a clamd that finds the test file and nothing else. Production runs clamd with freshclam's database
# (docs/OPERATIONS.md, "Uploads and their scanner").
# Fails (exit 1) when clamd cannot be installed or started; the Makefile decides whether that may be skipped.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${CLAMD_DIR:-${TMPDIR:-/tmp}/enroll-clamd-$(id -u)}
mkdir -p "$dir"
# One start at a time: the test suites, the fuzzing runs and the journeys may ask at once. The daemon is started with
# this lock's descriptor closed (below): a clamd that inherited it would hold the lock for as long as it runs, and every
# later call would wait here for ever. The wait is bounded all the same, so a stuck holder fails a run instead of
# hanging it.
exec 9>"$dir/lock"
if ! flock -w 300 9; then echo "another scripts/ensure-clamd.sh held $dir/lock for 5 minutes" >&2; exit 1; fi

if ! command -v clamd >/dev/null 2>&1 && [ ! -x /usr/sbin/clamd ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clamav-daemon >/dev/null) >&2
  else
    echo "clamd is not installed (Debian's clamav-daemon)" >&2; exit 1
  fi
fi
clamd=$(command -v clamd || echo /usr/sbin/clamd)

answers() { # PORT: does a clamd answer PING there?
  python3 - "$1" <<'PY' 2>/dev/null
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2)
s.sendall(b"zPING\0")
sys.exit(0 if s.recv(16).startswith(b"PONG") else 1)
PY
}

if [ -f "$dir/port" ] && answers "$(cat "$dir/port")"; then
  echo "tcp:127.0.0.1:$(cat "$dir/port")"; exit 0
fi
[ -f "$dir/clamd.pid" ] && kill "$(cat "$dir/clamd.pid")" 2>/dev/null || true

if ls /var/lib/clamav/*.cvd /var/lib/clamav/*.cld >/dev/null 2>&1; then
  database=/var/lib/clamav
else
  database="$dir/db"; mkdir -p "$database"; cp "$here/clamav/test-signatures.ndb" "$database/"
fi
port=$(python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
cat > "$dir/clamd.conf" <<CONF
DatabaseDirectory $database
TCPAddr 127.0.0.1
TCPSocket $port
PidFile $dir/clamd.pid
LogFile $dir/clamd.log
Foreground no
StreamMaxLength 16M
User $(id -un)
CONF
"$clamd" --config-file="$dir/clamd.conf" >&2 9>&-
for _ in $(seq 1 120); do
  if answers "$port"; then echo "$port" > "$dir/port"; echo "tcp:127.0.0.1:$port"; exit 0; fi
  sleep 0.5
done
echo "clamd did not answer on port $port within 60 s (its log: $dir/clamd.log)" >&2; exit 1
