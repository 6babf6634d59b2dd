#!/usr/bin/env python3
"""The benchmark (`make bench`; never part of `make test`).

Builds the release server and the anchor (an axum hello-world from the same workspace), draws a synthetic catalogue of
N plans (`enroll generate-catalogue`, beside the fixtures' hand-written plans), starts both servers on free ports and
drives each call with wrk (2 threads, 64 connections, a fixed time) from the same machine, then prints one table: each
call's requests a second, its share of the anchor's (measured before and after the server; the faster run is 100%),
p50 and p99, errors, and the server's resident memory at idle and at its peak. The save is also measured against a
raw insert-and-commit of the same document in the same database settings (`raw-save`), in the same run. Then
carriers' 834 files are written for 1,000, 10,000 and 20,000 submitted applications (`edi-export`): the time and the
peak memory. Ratios are what we compare across machines, not absolute figures.

    scripts/bench.py                      # N = 2000, SQLite, 10 s a call
    scripts/bench.py --plans 500 --seconds 5
    scripts/bench.py --growth             # the listing and the save at N = 100, 500, 2000 and 10000
    scripts/bench.py --postgres           # the save on PostgreSQL too (scripts/ensure-postgres.sh)
"""

import argparse
import http.cookiejar
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import date

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(REPO, "target/release/enroll")
ANCHOR = os.path.join(REPO, "target/release/anchor")
RAW_SAVE = os.path.join(REPO, "target/release/raw-save")
EDI_EXPORT = os.path.join(REPO, "target/release/edi-export")
CENSUS = os.path.join(REPO, "target/release/census")
SHOPPERS = 300


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def wait_ready(url, proc, timeout=60):
    started = time.time()
    while time.time() - started < timeout:
        if proc.poll() is not None:
            raise SystemExit(f"the server stopped: see its log")
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return time.time() - started
        except Exception:
            time.sleep(0.02)
    raise SystemExit(f"{url} did not answer in {timeout} s")


class Shopper:
    """A browser: its own session cookie, one quote checked out to Personal Information."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("content-type", "application/json")
        with self.opener.open(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")

    def cookie(self):
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def fresh(self):
        """Keeps the session's cookie as a browser would: the server renews it at most once a minute, and a browser
        sends the renewed one; wrk replays what it is given, so it is given one renewed just now."""
        self.call("GET", "/api/v1/get-plan-category")
        return self

    def checked_out(self):
        dob = date(date.today().year - 40, 5, 1).strftime("%m/%d/%Y")
        quote = self.call("POST", "/api/v1/add-filter-for-new-user", {"zip": "30301", "gender": "1", "tier": "IO", "dob": dob})
        self.id = quote["data"]["temp_enrollment_id"]
        pricing = self.call("GET", f"/api/v1/get-plan-pricing-detail?pid=1101&enrollment_id={self.id}")
        option = pricing["data"]["plans"][0]["plan_pricing_id"]
        self.call("POST", "/api/v1/add-plan-to-cart", {"enrollment_id": self.id, "plan_id": 1101, "plan_pricing_id": option})
        dates = self.call("GET", f"/api/v1/get-cart-effective-dates?enrollment_id={self.id}")
        self.call("POST", "/api/v1/cart-checkout", {"enrollment_id": self.id, "effective_date": dates["data"]["result"][0]})
        return self


PERSONAL = {
    "first_name": "Dana", "last_name": "Okafor", "weight": 165, "height_feet": 5, "height_inch": 7,
    "marital_status": "1", "ssn": "123-45-6789", "prior_coverage_flag": "0",
}

GET_SCRIPT = """
wrk.method = "GET"
wrk.headers["Cookie"] = "%s"
"""

# What a browser adds to every request (Chromium's Accept-Encoding): the answer it gets is compressed.
AS_A_BROWSER = GET_SCRIPT + """
wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd"
"""

# Each request saves the next shopper's Personal Information with that shopper's cookie (no version: the latest wins).
# The two threads take alternate shoppers, so no two requests save the same enrollment at once. The statuses answered
# are counted and printed, so a run that measures refusals says so.
SAVE_SCRIPT = """
local shoppers = { %s }
local threads = {}
local counter = 0
function setup(thread)
  thread:set("part", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
function init(args)
  part = tonumber(wrk.thread:get("part"))
  n = part
  statuses = {}
end
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  n = n + 2
  local s = shoppers[(n %% #shoppers) + 1]
  wrk.headers["Cookie"] = s[2]
  return wrk.format(nil, "/api/v1/save-personal-info", nil, '{"enrollment_id":' .. s[1] .. ',%s}')
end
response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status ~= 200 and not first_refusal then first_refusal = body end
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, count in pairs(counts) do io.write("status ", status, ": ", count, "\\n") end
    local refusal = thread:get("first_refusal")
    if refusal then io.write("first refusal: ", string.sub(refusal, 1, 300), "\\n") end
  end
end
"""


def wrk(url, seconds, script_text, connections=64):
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script_text or "")
        script = f.name
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script, url],
        capture_output=True, text=True, check=True,
    ).stdout
    os.unlink(script)
    for line in out.splitlines():
        if line.startswith("status ") and not line.startswith("status 200") or line.startswith("first refusal"):
            print("  " + line, file=sys.stderr)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def latency(q):
        m = re.search(rf"^\s+{q}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        errors += int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        errors += sum(int(g) for g in m.groups())
    return {"rps": rps, "p50": latency(50), "p99": latency(99), "errors": errors}


def fixtures_with(plans, work):
    """The fixtures, with the market plans replaced by `plans` drawn ones."""
    fixtures = os.path.join(work, "fixtures")
    shutil.copytree(os.path.join(REPO, "fixtures"), fixtures)
    market = os.path.join(fixtures, "catalogue/plans/market.yaml")
    with open(market, "w") as f:
        subprocess.run([SERVER, "generate-catalogue", str(plans), "--seed", "1", "--first-id", "100000"],
                       stdout=f, check=True, env={**os.environ, "FIXTURES_DIR": os.path.join(REPO, "fixtures"), "RUST_LOG": "warn"})
    return fixtures


def start_server(work, fixtures, database_url=None):
    port = free_port()
    env = {**os.environ, "PORT": str(port), "DATA_DIR": os.path.join(work, "data"), "FIXTURES_DIR": fixtures,
           "RUST_LOG": "warn", "RENDERER_DIR": os.path.join(REPO, "renderer/dist"),
           # wrk's 64 connections and the bench's own calls all come from loopback: one address standing for many
           # clients, which the per-client share (64 by default) would otherwise cut off between two measurements.
           "MAX_CONNECTIONS_PER_CLIENT": "4096"}
    if database_url:
        env["DATABASE_URL"] = database_url
    log = open(os.path.join(work, "server.log"), "a")
    proc = subprocess.Popen([SERVER, "serve"], env=env, stdout=log, stderr=log)
    first = wait_ready(f"http://127.0.0.1:{port}/readyz", proc)
    return proc, port, first


def stop(proc):
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def measure_server(plans, seconds, database_url=None, label="SQLite", listing_only=False):
    work = tempfile.mkdtemp(prefix="enroll-bench-")
    try:
        fixtures = fixtures_with(plans, work)
        # Migrate and seed once, then time the first answer of a start on the migrated database.
        proc, port, _ = start_server(work, fixtures, database_url)
        stop(proc)
        proc, port, first_answer = start_server(work, fixtures, database_url)
        base = f"http://127.0.0.1:{port}"
        idle_kb = rss_kb(proc.pid)
        shoppers = [Shopper(base).checked_out() for _ in range(SHOPPERS)]
        one = shoppers[0]
        rows = {}
        get = lambda: GET_SCRIPT % one.fresh().cookie()
        browser = lambda: AS_A_BROWSER % one.fresh().cookie()
        first_page = f"{base}/api/v1/get-filtered-plans?enrollment_id={one.id}&categories=medical&page=1&per_page=24"
        rows["get-filtered-plans, one category (medical), the plans page's first page of 24"] = wrk(first_page, seconds, get())
        rows["the same, as a browser asks (Accept-Encoding: gzip, deflate, br, zstd)"] = wrk(first_page, seconds, browser())
        refined = f"{first_page}&sort=yearly_cost&networks=PPO,HMO&max_deductible=6000"
        rows["the same page, sorted by yearly cost and narrowed (networks, deductible limit)"] = wrk(refined, seconds, get())
        rows["get-filtered-plans, one category (medical), whole"] = wrk(
            f"{base}/api/v1/get-filtered-plans?enrollment_id={one.id}&categories=medical", seconds, get())
        if not listing_only:
            rows["get-filtered-plans, all 13 categories, a first page of 24"] = wrk(
                f"{base}/api/v1/get-filtered-plans?enrollment_id={one.id}&page=1&per_page=24", seconds, get())
            rows["get-filtered-plans, all 13 categories, whole"] = wrk(
                f"{base}/api/v1/get-filtered-plans?enrollment_id={one.id}", seconds, get())
            rows["the landing page's HTML"] = wrk(f"{base}/", seconds, get())
            rows["the landing page's HTML, as a browser asks"] = wrk(f"{base}/", seconds, browser())
            script = re.search(r'/static/index-[^"]+\.js', urllib.request.urlopen(base + "/").read().decode())
            if script:
                rows["the landing page's main script, as a browser asks"] = wrk(base + script.group(0), seconds, browser())
        body = json.dumps(PERSONAL)[1:-1]
        table = ", ".join(f'{{{s.id}, "{s.fresh().cookie()}"}}' for s in shoppers)
        rows[f"save-personal-info, {SHOPPERS} shoppers ({label})"] = wrk(base + "/", seconds, SAVE_SCRIPT % (table, body))
        peak_kb = rss_kb(proc.pid, "VmHWM")
        stop(proc)
        raw = None
        if not listing_only:
            url = database_url or f"sqlite://{os.path.join(work, 'data', 'enroll.db')}?mode=rwc"
            out = subprocess.run([RAW_SAVE], env={**os.environ, "DATABASE_URL": url, "SECONDS": str(seconds)},
                                 capture_output=True, text=True, check=True).stdout.split()
            raw = {"rps": float(out[0]), "p50": float(out[1]), "p99": float(out[2]), "errors": 0}
        return {"rows": rows, "idle_mb": idle_kb / 1024, "peak_mb": peak_kb / 1024, "first_answer_s": first_answer, "raw": raw}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure_edi_export(applications):
    """Carriers' 834 files for `applications` submitted applications (two carriers each) on a fresh SQLite database:
    the time the batcher takes and its peak resident memory (bench/src/bin/edi_export.rs)."""
    work = tempfile.mkdtemp(prefix="enroll-edi-")
    try:
        env = {**os.environ, "DATA_DIR": os.path.join(work, "data"), "FIXTURES_DIR": os.path.join(REPO, "fixtures"),
               "WORKFLOWS_DIR": os.path.join(REPO, "workflows"), "RUST_LOG": "warn", "APPLICATIONS": str(applications)}
        env.pop("DATABASE_URL", None)
        out = subprocess.run([EDI_EXPORT], env=env, capture_output=True, text=True, check=True).stdout.split()
        n, files, seconds, peak, size = int(out[0]), int(out[1]), float(out[2]), float(out[3]), int(out[4])
        return {"applications": n, "files": files, "seconds": seconds, "peak_mb": peak, "bytes": size}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure_census(import_rows, quote_rows):
    """An employer's census imported whole (`import_rows` employees) and quoted (`quote_rows` employees, 10 plans,
    the group's contribution and a what-if) through the console's calls, on a fresh SQLite database: each one's time
    and peak resident memory (bench/src/bin/census.rs)."""
    work = tempfile.mkdtemp(prefix="enroll-census-")
    try:
        env = {**os.environ, "DATA_DIR": os.path.join(work, "data"), "FIXTURES_DIR": os.path.join(REPO, "fixtures"),
               "WORKFLOWS_DIR": os.path.join(REPO, "workflows"), "RUST_LOG": "warn",
               "IMPORT_ROWS": str(import_rows), "QUOTE_ROWS": str(quote_rows)}
        env.pop("DATABASE_URL", None)
        lines = subprocess.run([CENSUS], env=env, capture_output=True, text=True, check=True).stdout.splitlines()
        found = {line.split()[0]: line.split()[1:] for line in lines}
        i, q = found["import"], found["quote"]
        return {"import_rows": int(i[0]), "import_s": float(i[1]), "import_mb": float(i[2]),
                "quote_rows": int(q[0]), "plans": int(q[1]), "quote_s": float(q[2]), "quote_mb": float(q[3])}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure_anchor(seconds):
    port = free_port()
    proc = subprocess.Popen([ANCHOR], env={**os.environ, "PORT": str(port)})
    try:
        wait_ready(f"http://127.0.0.1:{port}/", proc)
        return {
            "axum hello-world (anchor)": wrk(f"http://127.0.0.1:{port}/", seconds, ""),
            "axum, a prebuilt 50-item JSON (anchor)": wrk(f"http://127.0.0.1:{port}/json50", seconds, ""),
        }
    finally:
        stop(proc)


def table(anchor, rows):
    top = anchor["axum hello-world (anchor)"]
    lines = [
        "| call | req/s | share of hello-world | p50 | p99 | errors |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, r in list(anchor.items()) + list(rows.items()):
        lines.append(f"| {name} | {r['rps']:,.0f} | {100 * r['rps'] / top['rps']:.1f}% | {r['p50']:.2f} ms | {r['p99']:.2f} ms | {r['errors']} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--plans", type=int, default=2000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--growth", action="store_true")
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install -y wrk (make bench does it)")
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-p", "api", "-p", "bench"], cwd=REPO, check=True)
    print(f"machine: {os.cpu_count()} cores, {open('/proc/meminfo').readline().split()[1]} kB memory; {date.today()}")
    # The anchor is measured before the server and again after it: on a shared machine one run of it can come out a
    # fifth lower than the next. Each anchor row keeps its faster run, so a share is never flattered by a slow anchor.
    before = measure_anchor(args.seconds)
    result = measure_server(args.plans, args.seconds)
    after = measure_anchor(args.seconds)
    anchor = {k: max(before[k], after[k], key=lambda r: r["rps"]) for k in before}
    rows = dict(result["rows"])
    rows["raw insert-and-commit, same document (SQLite)"] = result["raw"]
    if args.postgres:
        url = subprocess.run([os.path.join(REPO, "scripts/ensure-postgres.sh")], capture_output=True, text=True, check=True).stdout.strip()
        name = f"enroll_bench_{os.getpid()}"
        subprocess.run(["psql", url, "-qtA", "-c", f"create database {name}"], check=True)
        try:
            pg = measure_server(args.plans, args.seconds, url.rsplit("/", 1)[0] + "/" + name, "PostgreSQL")
            for k, v in pg["rows"].items():
                if "save" in k:
                    rows[k] = v
            rows["raw insert-and-commit, same document (PostgreSQL)"] = pg["raw"]
        finally:
            subprocess.run(["psql", url, "-qtA", "-c", f"drop database if exists {name}"], check=False)
    print(f"\nN = {args.plans} generated plans (plus the fixtures' hand-written ones), wrk -t2 -c64 -d{args.seconds}s, loopback\n")
    print(table(anchor, rows))
    print("\nthe anchor's runs, before and after the server: " + "; ".join(
        f"{k.split(' (')[0]} {before[k]['rps']:,.0f} and {after[k]['rps']:,.0f} req/s" for k in before))
    save = next(v for k, v in rows.items() if k.startswith("save-personal-info") and "SQLite" in k)
    if any(r["errors"] for r in rows.values()):
        print("\nSOME CALLS ANSWERED ERRORS: their figures measure refusals, not the call", file=sys.stderr)
    print(f"\nsave / raw insert-and-commit: {100 * save['rps'] / result['raw']['rps']:.0f}%")
    print(f"resident memory: {result['idle_mb']:.0f} MB at idle, {result['peak_mb']:.0f} MB at its peak under load")
    print(f"first answer after a start on a migrated database: {result['first_answer_s']:.2f} s")
    print("\nCarriers' 834 files (each application holds plans of two of the 8 carriers; SQLite):\n")
    print("| applications | transactions | files | seconds | applications a second | peak memory of the export | bytes written |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in (1000, 10000, 20000):
        e = measure_edi_export(n)
        print(f"| {n:,} | {2 * n:,} | {e['files']} | {e['seconds']:.2f} | {n / e['seconds']:,.0f} | {e['peak_mb']:.0f} MB "
              f"| {e['bytes']:,} |")
    print("\nEmployers' censuses, through the console's calls (SQLite):\n")
    print("| what | employees | plans | seconds | peak memory |")
    print("|---|---:|---:|---:|---:|")
    c = measure_census(5000, 1000)
    print(f"| census imported whole (read, checked, sealed, one transaction) | {c['import_rows']:,} | | {c['import_s']:.3f} "
          f"| {c['import_mb']:.0f} MB |")
    print(f"| census quoted, the contribution and a what-if | {c['quote_rows']:,} | {c['plans']} | {c['quote_s']:.3f} "
          f"| {c['quote_mb']:.0f} MB |")
    if args.growth:
        print("\nHow cost grows with the catalogue (one category's listing and the save):\n")
        print("| plans | listing req/s | listing p99 | as a browser asks, req/s | p99 | save req/s | save p99 |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for n in (100, 500, 2000, 10000):
            g = measure_server(n, args.seconds, listing_only=True)
            listing = g["rows"]["get-filtered-plans, one category (medical), the plans page's first page of 24"]
            browser = g["rows"]["the same, as a browser asks (Accept-Encoding: gzip, deflate, br, zstd)"]
            s = next(v for k, v in g["rows"].items() if k.startswith("save"))
            print(f"| {n} | {listing['rps']:,.0f} | {listing['p99']:.2f} ms | {browser['rps']:,.0f} | {browser['p99']:.2f} ms "
                  f"| {s['rps']:,.0f} | {s['p99']:.2f} ms |")


if __name__ == "__main__":
    sys.exit(main())
