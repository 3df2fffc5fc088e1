"""Engine speed: random games of every variant against python-chess random games, in one process.

Both sides build the full legal-move list at every decision and play a uniformly random move
(paisho's chance steps are drawn by the game's seeded generator); games stop after 400
decisions.  Times are this process's CPU time.  Each variant and python-chess alternate three
times and the medians are compared, so other load on the machine mostly cancels out.  This is the
method of ``shared/tools/speed_ratio.py``; its figures should agree with this script's.

Printed per variant: decisions per second, microseconds per legal-move list, mean moves per
list, the ratio to python-chess, how much a game's history grows per decision (tracemalloc over
the first 300 random decisions) and the size of a new game.  Figures are printed, never asserted.

    pip install -e '.[bench]'
    python benchmarks/speed.py                      # every variant, 2 s per round
    python benchmarks/speed.py --variant skud --seconds 1
    python benchmarks/speed.py --smoke              # a quick run (CI)
    python benchmarks/speed.py --variant skud --profile   # cProfile of the random games
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc

import paisho_core as paisho

CAP = 400
"""Decisions per game at most (both sides)."""


def chess_rate(seconds: float) -> float:
    """python-chess random games: decisions (plies) per CPU second."""
    import chess

    rng = random.Random(1)
    plies, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        board, n = chess.Board(), 0
        while n < CAP and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            n += 1
        plies += n
    return plies / (time.process_time() - start)


class Timed:
    """Wraps a variant's resolved legal-move hook to time every full generation."""

    def __init__(self, fn) -> None:
        self.fn = fn
        self.seconds = 0.0
        self.calls = 0
        self.moves = 0

    def __call__(self, game):
        t = time.process_time()
        out = self.fn(game)
        self.seconds += time.process_time() - t
        self.calls += 1
        self.moves += len(out)
        return out


def play_random(game, rng: random.Random, cap: int = CAP) -> int:
    """Play random decisions (the full legal list each time) until the game ends or ``cap``
    decisions; returns how many were played."""
    n = 0
    while n < cap and game.outcome is None:
        moves = list(game.legal_moves())  # as speed_ratio.py does (a caller's own copy)
        if not moves:
            break
        game.play(rng.choice(moves))
        n += 1
    return n


def random_game(variant: str, seed: int, rng: random.Random, cap: int = CAP, options=None):
    """One random game; returns (game, decisions played)."""
    game = paisho.new_game(variant, options=options, seed=seed)
    return game, play_random(game, rng, cap)


def paisho_rate(variant: str, seconds: float) -> float:
    """Random games of ``variant``: decisions per CPU second."""
    rng = random.Random(1)
    decisions, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        _game, n = random_game(variant, seed, rng)
        seed += 1
        decisions += n
    return decisions / (time.process_time() - start)


def history_bytes(variant: str, decisions: int = 300) -> float:
    """Bytes a game's history grows by per decision over its first random decisions."""
    rng = random.Random(7)
    game = paisho.new_game(variant, seed=3)
    game.legal_moves()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    n = play_random(game, rng, decisions)
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return grown / max(n, 1)


def new_game_bytes(variant: str) -> int:
    """Memory a freshly created game holds (the variant and its shared caches already loaded)."""
    random_game(variant, 0, random.Random(0), cap=20)  # warm the per-variant caches
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    game = paisho.new_game(variant, seed=5)
    size = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del game
    return size


def measure(variant: str, seconds: float, rounds: int = 3) -> dict:
    """Every figure of one variant; python-chess alternates with it ``rounds`` times.  The
    legal-move lists are timed in a separate pass, so timing them costs the rates nothing."""
    ours, theirs = [], []
    for _ in range(rounds):
        theirs.append(chess_rate(seconds))
        ours.append(paisho_rate(variant, seconds))
    rules = paisho.get_variant(variant).rules
    timer = Timed(rules.legal_moves)
    rules.legal_moves = timer
    try:
        paisho_rate(variant, min(seconds, 1.0))
    finally:
        rules.legal_moves = timer.fn
    rate = statistics.median(ours)
    return {
        "variant": variant,
        "decisions/s": rate,
        "us/list": 1e6 * timer.seconds / max(timer.calls, 1),
        "moves/list": timer.moves / max(timer.calls, 1),
        "chess/s": statistics.median(theirs),
        "ratio": rate / statistics.median(theirs),
        "history KB/decision": history_bytes(variant) / 1024,
        "new game KB": new_game_bytes(variant) / 1024,
    }


HEADER = (f"{'variant':<10}{'decisions/s':>12}{'us/list':>9}{'moves/list':>11}{'chess/s':>9}"
          f"{'ratio':>7}{'goal':>6}{'KB/dec':>8}{'new KB':>8}")


def row(r: dict) -> str:
    goal = 0.30 if r["variant"] == "skud" else 0.20
    return (f"{r['variant']:<10}{r['decisions/s']:>12.0f}{r['us/list']:>9.0f}{r['moves/list']:>11.1f}"
            f"{r['chess/s']:>9.0f}{r['ratio']:>7.3f}{goal:>6.2f}{r['history KB/decision']:>8.1f}"
            f"{r['new game KB']:>8.1f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", action="append", help="variant(s) to run (default: every one)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per round and side")
    ap.add_argument("--rounds", type=int, default=3, help="alternations (medians are compared)")
    ap.add_argument("--smoke", action="store_true", help="a quick run: 0.2 s, one round")
    ap.add_argument("--profile", action="store_true",
                    help="print a cProfile summary of the variants' random games instead")
    args = ap.parse_args(argv)
    names = args.variant or paisho.variants()
    if args.smoke:
        args.seconds, args.rounds = 0.2, 1
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        for name in names:
            paisho_rate(name, args.seconds)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
        return
    print(HEADER, flush=True)
    for name in names:
        print(row(measure(name, args.seconds, args.rounds)), flush=True)


if __name__ == "__main__":
    main()
