#!/usr/bin/env python3
"""Two or more builds of the server measured side by side on the one-category listing (never part of `make test`).

On a shared machine the anchor's own figure moves by a fifth between runs, which is more than most changes are worth.
This serves the same 2,000-plan catalogue from each build at once (each with its own database and shopper) and
measures them in turn with the anchor, round after round, 5 s each; it prints each round and the medians with their
share of the anchor's median. Build each binary first and copy it aside (`cp target/release/enroll /tmp/enroll-a`).

    scripts/bench-ab.py /tmp/enroll-before /tmp/enroll-after          # 5 rounds
    ROUNDS=9 scripts/bench-ab.py /tmp/enroll-before /tmp/enroll-after
    QUERIES=first,whole,all,all-whole scripts/bench-ab.py A B         # other listings too, each in every round

QUERIES names the listings measured (default `first`): `first` (one category, the first page of 24), `refined`
(that page sorted and narrowed), `whole` (one category, every plan), `all` (all 13 categories, a first page of 24)
and `all-whole` (all 13, every plan).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


LISTINGS = {
    "first": "categories=medical&page=1&per_page=24",
    "refined": "categories=medical&page=1&per_page=24&sort=yearly_cost&networks=PPO,HMO&max_deductible=6000",
    "whole": "categories=medical",
    "all": "page=1&per_page=24",
    "all-whole": "",
}


def main():
    binaries = sys.argv[1:]
    if not binaries or any(b in ("-h", "--help") for b in binaries):
        raise SystemExit(__doc__)
    rounds = int(os.environ.get("ROUNDS", "5"))
    queries = os.environ.get("QUERIES", "first").split(",")
    unknown = [q for q in queries if q not in LISTINGS]
    if unknown:
        raise SystemExit(f"unknown QUERIES {unknown}; known: {', '.join(LISTINGS)}")
    work = tempfile.mkdtemp(prefix="enroll-bench-ab-")
    servers, anchor = [], None
    try:
        fixtures = bench.fixtures_with(2000, work)
        for i, binary in enumerate(binaries):
            bench.SERVER = binary
            own = os.path.join(work, f"server-{i}")
            os.makedirs(own)
            proc, port, _ = bench.start_server(own, fixtures)
            base = f"http://127.0.0.1:{port}"
            servers.append((binary, proc, base, bench.Shopper(base).checked_out()))
        port = bench.free_port()
        anchor = subprocess.Popen([bench.ANCHOR], env={**os.environ, "PORT": str(port)})
        bench.wait_ready(f"http://127.0.0.1:{port}/", anchor)
        names = [(b, q) for q in queries for b in binaries]
        results = {"anchor": []} | {f"{b} {q}": [] for b, q in names}
        for n in range(rounds):
            results["anchor"].append(bench.wrk(f"http://127.0.0.1:{port}/", 5, "")["rps"])
            for query in queries:
                for binary, _, base, shopper in servers:
                    url = f"{base}/api/v1/get-filtered-plans?enrollment_id={shopper.id}&{LISTINGS[query]}".rstrip("&")
                    rps = bench.wrk(url, 5, bench.GET_SCRIPT % shopper.fresh().cookie())["rps"]
                    results[f"{binary} {query}"].append(rps)
            print(f"round {n + 1}: " + ", ".join(f"{k} {v[-1]:,.0f}" for k, v in results.items()), flush=True)
        top = statistics.median(results["anchor"])
        for name, runs in results.items():
            median = statistics.median(runs)
            print(f"{name}: median {median:,.0f} req/s, {100 * median / top:.1f}% of the anchor's median")
    finally:
        for _, proc, _, _ in servers:
            bench.stop(proc)
        if anchor:
            bench.stop(anchor)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
