"""Engine load benchmark (issue 19, item 8): many concurrent ``paisho engine`` sessions, each a
subprocess on stdin/stdout, driven with thousands of commands (good and bad), with the memory of
every session before and after.  Not a test: it prints figures for the note.

    python benchmarks/engine_load.py --sessions 8 --commands 500

Each session plays seeded random games of every variant through the protocol: ``new``,
``legal``, ``play`` (a legal move, or now and then a malformed or illegal one), ``undo``,
``state``, ``record`` and ``load`` of its own record.  Every reply must be a JSON object with
``ok``; a refused request must carry a typed ``kind`` (never InternalError).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

BAD_MOVES = ["(99,99)", "R3(0,8", "zzz", "(0,0)-(0,1)", "", "null", "R3 (0,8)"]


def rss_kb(pid: int) -> int:
    """Resident memory of a process, from /proc (kB); 0 where /proc is missing."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Session:
    def __init__(self, seed: int) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "paisho_core.cli", "engine"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.rng = random.Random(seed)
        self.sent = 0
        self.errors = 0
        self.untyped = 0
        self.legal: list[str] = []

    def ask(self, **req) -> dict:
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        self.sent += 1
        if not reply.get("ok"):
            self.errors += 1
            if reply.get("kind") in (None, "InternalError"):
                self.untyped += 1
        return reply

    def step(self, variants: list[str]) -> None:
        rng = self.rng
        if not self.legal or rng.random() < 0.01:
            self.ask(cmd="new", variant=rng.choice(variants), seed=rng.randrange(10**6))
        reply = self.ask(cmd="legal")
        self.legal = reply.get("moves", []) if reply.get("ok") and not reply.get("outcome") else []
        roll = rng.random()
        if self.legal and roll < 0.75:
            self.ask(cmd="play", move=rng.choice(self.legal))
        elif roll < 0.85:
            self.ask(cmd="play", move=rng.choice(BAD_MOVES))
        elif roll < 0.9:
            self.ask(cmd="undo")
        elif roll < 0.95:
            self.ask(cmd="state")
        else:
            record = self.ask(cmd="record").get("record")
            if record:
                self.ask(cmd="load", record=record)

    def close(self) -> None:
        self.ask(cmd="quit")
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=8)
    ap.add_argument("--commands", type=int, default=500, help="commands per session (at least)")
    ap.add_argument("--seed", type=int, default=19)
    args = ap.parse_args()
    sessions = [Session(args.seed * 1000 + k) for k in range(args.sessions)]
    variants = sessions[0].ask(cmd="hello")["variants"]
    before = [rss_kb(s.proc.pid) for s in sessions]
    start = time.perf_counter()
    while any(s.sent < args.commands for s in sessions):
        for s in sessions:  # interleaved: every session is live at once
            if s.sent < args.commands:
                s.step(variants)
    elapsed = time.perf_counter() - start
    after = [rss_kb(s.proc.pid) for s in sessions]
    total = sum(s.sent for s in sessions)
    errors = sum(s.errors for s in sessions)
    untyped = sum(s.untyped for s in sessions)
    for s in sessions:
        s.close()
    print(f"sessions {args.sessions}, commands {total} ({errors} refused, {untyped} untyped), "
          f"{elapsed:.1f} s, {total / elapsed:.0f} commands/s")
    print(f"memory per session (RSS): before {min(before) / 1024:.1f}-{max(before) / 1024:.1f} MB, "
          f"after {min(after) / 1024:.1f}-{max(after) / 1024:.1f} MB; "
          f"total {sum(before) / 1024:.0f} MB -> {sum(after) / 1024:.0f} MB")
    if untyped:
        sys.exit(1)


if __name__ == "__main__":
    main()
