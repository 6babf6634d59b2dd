#!/usr/bin/env python3
"""Kill -9 under load: no acknowledged save is lost.

Starts the server (target/debug/enroll) on a fresh SQLite database (or, with the argument `postgres`, a fresh
PostgreSQL database), runs 16 browsers that each create quotes and keep changing their ZIP code, kills the server with SIGKILL in
the middle of it, starts it again on the same data, and checks with each browser's own session that every quote whose
creation was acknowledged exists, with the ZIP of its last acknowledged change (or of the change in flight when the
server died, which may have committed without its answer arriving). Exit status 1 on any loss. Run by `make test`.
"""

import http.cookiejar
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ZIPS = ["30318", "33602", "78701", "30301", "70130", "80202"]
BROWSERS = 16


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(env, log):
    server = subprocess.Popen([os.path.join(REPO, "target/debug/enroll"), "serve"], cwd=REPO, env=env, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{env['PORT']}"
    for _ in range(240):
        try:
            with urllib.request.urlopen(f"{base}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if server.poll() is not None:
            raise SystemExit("the server did not start")
        time.sleep(0.25)
    raise SystemExit("the server did not become ready")


class Browser:
    """One person's browser: its own cookie jar, so its own session and quotes."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.acked = {}  # enrollment id -> last acknowledged ZIP
        self.in_flight = {}  # enrollment id -> ZIP of a change sent but not acknowledged

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.base}/api/v1{path}", data=data, method=method)
        request.add_header("Content-Type", "application/json")
        with self.opener.open(request, timeout=10) as answer:
            return json.loads(answer.read() or b"{}")

    def work(self, stop):
        n = 0
        while not stop.is_set():
            n += 1
            try:
                quote = self.call("POST", "/add-filter-for-new-user",
                                  {"zip": ZIPS[0], "gender": "1", "tier": "IO", "dob": "05/20/1980"})
                enrollment = quote["data"]["temp_enrollment_id"]
                self.acked[enrollment] = ZIPS[0]
                for i in range(1, 6):
                    zip_code = ZIPS[(n + i) % len(ZIPS)]
                    self.in_flight[enrollment] = zip_code
                    self.call("PUT", f"/change-filter-info/{enrollment}", {"zip": zip_code})
                    self.acked[enrollment] = zip_code
                    del self.in_flight[enrollment]
            except (urllib.error.URLError, ConnectionError, OSError, TimeoutError):
                return  # the server died under this browser


def main():
    data_dir = tempfile.mkdtemp(prefix="enroll-kill9-")
    port = free_port()
    env = dict(os.environ, PORT=str(port), DATA_DIR=data_dir, RUST_LOG="warn")
    if sys.argv[1:] == ["postgres"]:
        admin = subprocess.run([os.path.join(REPO, "scripts/ensure-postgres.sh")], check=True, capture_output=True,
                               text=True).stdout.strip()
        name = f"etest_kill9_{os.getpid()}"
        subprocess.run(["psql", admin, "-qtA", "-c", f"create database {name}"], check=True, capture_output=True)
        env["DATABASE_URL"] = admin.rsplit("/", 1)[0] + "/" + name
    log = open(os.path.join(data_dir, "server.log"), "ab")
    server = start(env, log)
    base = f"http://127.0.0.1:{port}"
    browsers = [Browser(base) for _ in range(BROWSERS)]
    stop = threading.Event()
    threads = [threading.Thread(target=b.work, args=(stop,)) for b in browsers]
    for t in threads:
        t.start()
    time.sleep(4)
    server.send_signal(signal.SIGKILL)
    server.wait()
    stop.set()
    for t in threads:
        t.join()
    acked = sum(len(b.acked) for b in browsers)
    server = start(env, log)
    lost = []
    try:
        for b in browsers:
            for enrollment, zip_code in b.acked.items():
                info = b.call("GET", f"/get-enrollment-temp-info?enrollment_id={enrollment}&column=filter_info")
                stored = info["data"]["result"]["zip"]
                if stored not in (zip_code, b.in_flight.get(enrollment)):
                    lost.append((enrollment, zip_code, stored))
    except urllib.error.HTTPError as error:
        lost.append(("a quote could not be read", error.code, error.read()[:200]))
    finally:
        server.terminate()
        server.wait()
    if lost:
        print(f"kill -9: {len(lost)} acknowledged saves lost of {acked}: {lost[:5]}")
        print(f"the server's log and data are kept in {data_dir}")
        sys.exit(1)
    print(f"kill -9 under load ({'PostgreSQL' if 'DATABASE_URL' in env else 'SQLite'}): all {acked} acknowledged quotes and their last acknowledged changes are there")
    # A passing run leaves nothing behind: its data directory and its database.
    log.close()
    shutil.rmtree(data_dir, ignore_errors=True)
    if "DATABASE_URL" in env:
        subprocess.run(["psql", admin, "-qtA", "-c", f"drop database if exists {name}"], capture_output=True)


if __name__ == "__main__":
    main()
