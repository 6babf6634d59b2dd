#!/usr/bin/env python3
"""Many open connections at one replica (docs/PERFORMANCE.md, "What a replica can take").

Each client opens a connection from an address of its own on 127.0.0.0/8 (so the per-client bound sees many people),
asks for the categories over and over on it (keep-alive, a pause between requests), and when the replica says it is
busy (503 and the connection closed) waits and connects again. Meanwhile a probe asks for /readyz on a new connection
every 200 ms, as a balancer does (on the replica's OPS_PORT with --probe-port), and, given the replica's process id,
its resident memory is read every second.

  python3 scripts/connections.py --port 8080 --clients 3000 --seconds 60 --pid $(pgrep -f 'enroll serve')

At the end it prints the answers by kind (answered, busy, other statuses, connection errors), the probe's times and
statuses, and the replica's peak resident memory (VmHWM). It exits 1 when a probe failed or took over a second.
"""

import argparse
import asyncio
import collections
import statistics
import time


async def read_answer(reader):
    """The status of one answer, and whether the server closes the connection after it (its body read and dropped)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip().lower()
    if headers.get("transfer-encoding") == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        await reader.readexactly(int(headers.get("content-length", "0")))
    return status, headers.get("connection") == "close"


async def client(n, args, counts, stop):
    source = f"127.2.{(n >> 8) & 0xFF}.{max(n & 0xFF, 1)}"
    request = f"GET {args.path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode()
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(args.host, args.port, local_addr=(source, 0))
        except OSError:
            counts["connection errors"] += 1
            await asyncio.sleep(1)
            continue
        try:
            while not stop.is_set():
                writer.write(request)
                await writer.drain()
                status, closes = await read_answer(reader)
                if status == 200:
                    counts["answered"] += 1
                elif status == 503:
                    counts["told busy"] += 1
                else:
                    counts[f"status {status}"] += 1
                if closes:
                    break
                await asyncio.sleep(args.pause)
        except (OSError, asyncio.IncompleteReadError):
            if not stop.is_set():
                counts["connection errors"] += 1
        finally:
            writer.close()
        # Told busy (or done): back after a pause, as a person told to try again in a moment would be.
        await asyncio.sleep(args.pause)


async def probe(args, times, statuses, stop):
    while not stop.is_set():
        started = time.perf_counter()
        try:
            reader, writer = await asyncio.open_connection(args.host, args.probe_port or args.port)
            writer.write(b"GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            await writer.drain()
            status, _ = await asyncio.wait_for(read_answer(reader), 10)
            writer.close()
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError):
            status = "failed"
        times.append((time.perf_counter() - started) * 1000)
        statuses[status] += 1
        await asyncio.sleep(0.2)


def memory_kb(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


async def watch_memory(pid, peak, stop):
    while not stop.is_set():
        rss = memory_kb(pid, "VmRSS")
        if rss is not None:
            peak[0] = max(peak[0], rss)
        await asyncio.sleep(1)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--clients", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between a client's requests")
    parser.add_argument("--path", default="/api/v1/get-plan-category")
    parser.add_argument("--pid", type=int, help="the replica's process, to read its memory")
    parser.add_argument("--probe-port", type=int, help="where the probe asks (the replica's OPS_PORT); default --port")
    args = parser.parse_args()

    counts, statuses, times, peak = collections.Counter(), collections.Counter(), [], [0]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(probe(args, times, statuses, stop))]
    if args.pid:
        tasks.append(asyncio.create_task(watch_memory(args.pid, peak, stop)))
    for n in range(args.clients):
        tasks.append(asyncio.create_task(client(n, args, counts, stop)))
        if n % 100 == 99:
            await asyncio.sleep(0.05)
    await asyncio.sleep(args.seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=15)

    print(f"{args.clients} clients for {args.seconds:.0f} s at {args.host}:{args.port}{args.path}")
    for kind in sorted(counts):
        print(f"  {kind:<18} {counts[kind]:>9}")
    if times:
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(
            f"probes /readyz: {len(times)}, {dict(statuses)}; ms min {ordered[0]:.1f}, median "
            f"{statistics.median(ordered):.1f}, p99 {p99:.1f}, max {ordered[-1]:.1f}"
        )
    if args.pid:
        hwm = memory_kb(args.pid, "VmHWM")
        print(f"replica memory: peak seen {peak[0] / 1024:.1f} MB, high-water mark {(hwm or 0) / 1024:.1f} MB")
    failed = statuses.get("failed", 0) + sum(v for k, v in statuses.items() if k not in (200, "failed"))
    return 1 if failed or (times and max(times) > 1000) else 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
