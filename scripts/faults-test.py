#!/usr/bin/env python3
"""Faults answer fast and clearly, and traffic recovers by itself. Run by `make test`; exit status 1 on a failure.

`faults-test.py disk`: the server on SQLite in a data directory on a small tmpfs. The disk is filled: saves answer
503 in the envelope with words for people, /readyz says not ready; the filler is removed: /readyz is ready again and
saves succeed, and what was saved before the disk filled is still there.

`faults-test.py postgres`: the server on a PostgreSQL cluster of its own (made for the test and dropped after it, so
the machine's other cluster and tests are untouched). The cluster is stopped: /readyz answers 503 within 2 s and a
call that needs the database answers 503 "The service is temporarily unavailable" within 5 s; the cluster is started
again: calls succeed again without restarting the server.
"""

import http.cookiejar
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment."
FULL = "The store cannot save anything right now. What you saved before is safe; please try again in a few minutes."
QUOTE = {"zip": "30301", "gender": "1", "tier": "IO", "dob": "05/20/1980"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fail(message):
    print(f"FAILED: {message}", file=sys.stderr)
    raise SystemExit(1)


class Client:
    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, method, path, body=None, timeout=15):
        """(status, envelope, seconds taken) of one call."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.base}{path}", data=data, method=method)
        request.add_header("Content-Type", "application/json")
        started = time.monotonic()
        try:
            with self.opener.open(request, timeout=timeout) as answer:
                status, raw = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        taken = time.monotonic() - started
        try:
            envelope = json.loads(raw or b"{}")
        except ValueError:
            envelope = {"raw": raw[:200].decode(errors="replace")}
        return status, envelope, taken


def start(env, log):
    server = subprocess.Popen([os.path.join(REPO, "target/debug/enroll"), "serve"], cwd=REPO, env=env, stdout=log, stderr=log)
    client = Client(f"http://127.0.0.1:{env['PORT']}")
    for _ in range(240):
        try:
            if client.call("GET", "/readyz", timeout=2)[0] == 200:
                return server, client
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if server.poll() is not None:
            fail("the server did not start")
        time.sleep(0.25)
    fail("the server did not become ready")


def server_env(data_dir, port, **more):
    env = dict(os.environ, PORT=str(port), DATA_DIR=data_dir, RUST_LOG="warn", RECOMMEND_REFRESH_SECS="3600")
    env.update(more)
    return env


def expect(label, answer, status, message, within):
    got, envelope, taken = answer
    if got != status:
        fail(f"{label}: answered {got}, not {status}: {envelope}")
    if message is not None and envelope.get("message") != message:
        fail(f"{label}: said {envelope.get('message')!r}, not {message!r}")
    if within is not None and taken > within:
        fail(f"{label}: took {taken:.1f} s, more than {within} s")
    print(f"ok: {label} ({got} in {taken:.2f} s)")


def until(label, check, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            print(f"ok: {label}")
            return
        time.sleep(0.5)
    fail(f"{label}: not within {seconds} s")


def disk():
    mount = tempfile.mkdtemp(prefix="enroll-disk-")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=48m,mode=0700", "tmpfs", mount], check=True)
    server = None
    log = open(os.path.join(tempfile.gettempdir(), "enroll-faults-disk.log"), "w")
    try:
        data_dir = os.path.join(mount, "data")
        server, client = start(server_env(data_dir, free_port()), log)
        status, saved, _ = client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE)
        if status != 200:
            fail(f"a quote before the disk filled: {status} {saved}")
        kept = saved["data"]["temp_enrollment_id"]

        filler = os.path.join(mount, "filler")
        with open(filler, "wb") as f:
            try:
                while True:
                    f.write(b"\0" * (1 << 20))
                    f.flush()
            except OSError:
                pass
        # Saves go on while SQLite's log still has room it wrote before; the first that needs the disk is refused with
        # words, and so are the next ones.
        for n in range(5000):
            answer = client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE)
            if answer[0] != 200:
                print(f"ok: {n} saves fitted in the room the log had")
                break
        else:
            fail("5000 saves succeeded on a full disk")
        expect("a save on a full disk", answer, 503, FULL, 5)
        expect("another save on a full disk", client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE), 503, FULL, 5)
        expect("readiness on a full disk", client.call("GET", "/readyz"), 503, None, 2.0)

        os.remove(filler)
        until("ready again once the disk has room", lambda: client.call("GET", "/readyz")[0] == 200, 20)
        expect("a save once the disk has room", client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE), 200, None, 5)
        status, info, _ = client.call("GET", f"/api/v1/get-enrollment-temp-info?enrollment_id={kept}&column=filter_info")
        if status != 200 or info["data"]["result"]["zip"] != "30301":
            fail(f"the quote saved before the disk filled: {status} {info}")
        print("ok: what was saved before the disk filled is there")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
        subprocess.run(["umount", mount], check=False)
        shutil.rmtree(mount, ignore_errors=True)
        log.close()


def cluster_version():
    clusters = subprocess.run(["pg_lsclusters", "--no-header"], capture_output=True, text=True, check=True).stdout
    return clusters.split()[0]


def postgres():
    version, name, port = cluster_version(), "zfaults", free_port()
    subprocess.run(["pg_dropcluster", "--stop", version, name], capture_output=True)
    subprocess.run(["pg_createcluster", version, name, "-p", str(port), "--start"], check=True, capture_output=True)
    psql = ["runuser", "-u", "postgres", "--", "psql", "-p", str(port), "-v", "ON_ERROR_STOP=1", "-qc"]
    server = None
    data_dir = tempfile.mkdtemp(prefix="enroll-faults-")
    log = open(os.path.join(tempfile.gettempdir(), "enroll-faults-postgres.log"), "w")
    try:
        subprocess.run(psql + ["create role faults login password 'faults'"], check=True)
        subprocess.run(psql + ["create database faults owner faults"], check=True)
        url = f"postgres://faults:faults@127.0.0.1:{port}/faults"
        server, client = start(server_env(data_dir, free_port(), DATABASE_URL=url), log)
        expect("a quote while the database runs", client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE), 200, None, 5)

        subprocess.run(["pg_ctlcluster", version, name, "stop", "-m", "fast"], check=True)
        expect("readiness with the database stopped", client.call("GET", "/readyz"), 503, None, 2.0)
        expect(
            "a call that needs the database, stopped",
            client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE),
            503,
            UNAVAILABLE,
            5.5,
        )

        subprocess.run(["pg_ctlcluster", version, name, "start"], check=True)
        until(
            "calls succeed again once the database is back",
            lambda: client.call("POST", "/api/v1/add-filter-for-new-user", QUOTE)[0] == 200,
            30,
        )
        expect("readiness once the database is back", client.call("GET", "/readyz"), 200, None, 2.5)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
        subprocess.run(["pg_dropcluster", "--stop", version, name], capture_output=True)
        shutil.rmtree(data_dir, ignore_errors=True)
        log.close()


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "disk"
    {"disk": disk, "postgres": postgres}[which]()
    print(f"faults-test {which}: passed")
