"""Web server load: many games at once between scripted players over HTTP on 127.0.0.1.

A server (``paisho_core.web`` under uvicorn, games in a fresh SQLite file, the limits per client
raised since every player here shares one address) runs in its own process.  For each of
``--games`` slots a game is created between two seat links; each side follows the game on its
event stream (server-sent events) and, whenever its view says it is to play, posts a random legal
decision.  A finished game is replaced by a new one, until ``--seconds`` have passed.

Printed: decisions per second, the move request's latency (p50, p99), how long after a move
was sent its view reached the opponent's stream (p50, p99), the server's resident memory
before and after (and its peak), and every error.  Figures are printed, never asserted.

    pip install -e '.[web,webtest]'
    python benchmarks/web_load.py                        # 200 games for 180 s
    python benchmarks/web_load.py --games 200 --seconds 60
    python benchmarks/web_load.py --smoke                # 4 games for 5 s
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

import httpx

SERVER = """
import sys, uvicorn
from paisho_core.web.app import create_app
from paisho_core.web.quota import Limits
limits = Limits(tables_per_client=100000, streams_per_client=100000, streams=100000)
uvicorn.run(create_app(db=sys.argv[1], limits=limits), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning", timeout_graceful_shutdown=1)
"""


class Stats:
    def __init__(self) -> None:
        self.moves = 0
        self.games = 0
        self.finished = 0
        self.latency: list[tuple[float, float]] = []  # (when, seconds)
        self.push: list[tuple[float, float]] = []
        self.streams = 0  # streams that delivered their first view
        self.ready: float | None = None  # when every first game's two streams had
        self.errors: Counter[str] = Counter()
        self.sent: dict[tuple[str, int], float] = {}
        self.played: list[float] = []
        self.slots = 0
        self.began = self.ended = 0.0
        self.pid = 0
        self.cpu_ready = 0.0


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int, field: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def legal(view: dict) -> list[str]:
    out = [b["text"] for g in view["choices"] for b in g["buttons"]]
    return out + [m["text"] for g in view["choices"] for t in g["targets"] for m in t["moves"]]


async def player(http: httpx.AsyncClient, base: str, key: str, token: str, seat: str,
                 stats: Stats, stop: float, rng: random.Random) -> None:
    headers = {"X-Paisho-Seat": token}
    first = True
    async with http.stream("GET", f"{base}/api/tables/{key}/events", headers=headers) as events:
        if events.status_code != 200:
            stats.errors[f"events {events.status_code}"] += 1
            return
        async for line in events.aiter_lines():
            if not line.startswith("data:"):
                continue
            view = json.loads(line[5:])
            if first:
                first = False
                stats.streams += 1
                if stats.ready is None and stats.streams >= 2 * stats.slots:
                    stats.ready = time.perf_counter()
                    stats.cpu_ready = cpu_seconds(stats.pid)
            sent = stats.sent.pop((key, view["ply"]), None)
            if sent is not None and view["seats"] == [seat]:
                stats.push.append((sent, time.perf_counter() - sent))
            if view["status"]["outcome"] or time.monotonic() > stop:
                return
            if view["mode"] != "play":
                continue
            move = rng.choice(sorted(legal(view)))
            started = time.perf_counter()
            try:
                answer = await http.post(f"{base}/api/tables/{key}/move", headers=headers,
                                         json={"move": move, "ply": view["ply"]})
            except httpx.HTTPError as exc:
                stats.errors[type(exc).__name__] += 1
                return
            stats.latency.append((started, time.perf_counter() - started))
            if answer.status_code != 200:
                stats.errors[f"move {answer.status_code}: {answer.json().get('error', '')[:60]}"] += 1
                continue
            stats.moves += 1
            stats.played.append(started)
            stats.sent[(key, answer.json()["ply"])] = started


async def slot(n: int, base: str, variant: str, stats: Stats, stop: float,
               http: httpx.AsyncClient) -> None:
    rng = random.Random(n)
    while time.monotonic() < stop:
        try:
            async with httpx.AsyncClient(timeout=60) as creator:  # its cookie jar never plays
                made = await creator.post(f"{base}/api/tables",
                                          json={"variant": variant, "seat": "guest"})
        except httpx.HTTPError as exc:
            stats.errors[f"create {type(exc).__name__}"] += 1
            continue
        if made.status_code != 200:
            stats.errors[f"create {made.status_code}"] += 1
            await asyncio.sleep(1)
            continue
        view = made.json()
        stats.games += 1
        tokens = {"guest": view["links"]["seats"]["guest"].split("seat=")[1],
                  "host": view["invite"]["host"].split("seat=")[1]}
        await asyncio.gather(*(player(http, base, view["id"], tokens[p], p, stats, stop, rng)
                               for p in ("guest", "host")))
        if time.monotonic() < stop:
            stats.finished += 1


async def load(base: str, games: int, seconds: float, variant: str, pid: int) -> tuple[Stats, float]:
    stats = Stats()
    stats.pid = pid
    stats.slots = games
    limits = httpx.Limits(max_connections=4 * games + 50, max_keepalive_connections=4 * games + 50)
    timeout = httpx.Timeout(60.0, read=None)
    async with httpx.AsyncClient(limits=limits, timeout=timeout) as http:
        stats.began = time.perf_counter()
        stop = time.monotonic() + seconds
        tasks = [asyncio.create_task(slot(n, base, variant, stats, stop, http)) for n in range(games)]
        await asyncio.wait(tasks, timeout=seconds)
        stats.ended = time.perf_counter()
        for task in tasks:  # the time is up: requests still under way are left unanswered
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return stats, stats.ended - stats.began


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games played at once")
    ap.add_argument("--seconds", type=float, default=180.0, help="how long to play")
    ap.add_argument("--variant", default="skud")
    ap.add_argument("--smoke", action="store_true", help="4 games for 5 s")
    args = ap.parse_args()
    if args.smoke:
        args.games, args.seconds = 4, 5.0
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite"
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(db), str(port)])
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.time() + 30
            while True:
                try:
                    urllib.request.urlopen(f"{base}/api/variants", timeout=2).read()
                    break
                except OSError:
                    if server.poll() is not None or time.time() > deadline:
                        sys.exit("the server did not start")
                    time.sleep(0.2)
            before = rss_kb(server.pid)
            stats, took = asyncio.run(load(base, args.games, args.seconds, args.variant, server.pid))
            cpu_end = cpu_seconds(server.pid)
            after, peak = rss_kb(server.pid), rss_kb(server.pid, "VmHWM")
            size = sum(f.stat().st_size for f in Path(tmp).iterdir())  # with its journal
        finally:
            server.terminate()
            server.wait(20)
    ready = stats.ready or stats.ended
    steady = stats.ended - ready
    ms = [x * 1000 for t, x in stats.latency if t >= ready]
    push = [x * 1000 for t, x in stats.push if t >= ready]
    moves = sum(1 for t in stats.played if t >= ready)
    print(f"web load: {args.games} games at once ({args.variant}) for {took:.0f} s on 127.0.0.1")
    print(f"  all {args.games} games started and followed by both players after "
          f"{ready - stats.began:.1f} s; figures below from then on ({steady:.0f} s)")
    print(f"  games started {stats.games}, finished {stats.finished}; decisions {stats.moves} in all")
    print(f"  decisions {moves}, {moves / max(steady, 1e-9):.1f} per second")
    if stats.ready:
        used = cpu_end - stats.cpu_ready
        print(f"  server CPU time then: {used:.1f} s ({used / max(steady, 1e-9):.2f} CPUs), "
              f"{moves / max(used, 1e-9):.1f} decisions per server CPU second")
    print(f"  move request latency: p50 {percentile(ms, 50):.0f} ms, p99 {percentile(ms, 99):.0f} ms")
    print(f"  move to opponent's stream: p50 {percentile(push, 50):.0f} ms, "
          f"p99 {percentile(push, 99):.0f} ms")
    print(f"  server RSS: {before / 1024:.0f} MB before, {after / 1024:.0f} MB after, "
          f"peak {peak / 1024:.0f} MB; database {size / 2 ** 20:.1f} MB")
    print(f"  machine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} CPUs")
    print(f"  errors: {sum(stats.errors.values())}" +
          "".join(f"\n    {n} x {what}" for what, n in stats.errors.most_common()))


if __name__ == "__main__":
    main()
