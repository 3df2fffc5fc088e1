"""Milliseconds per ``greedy`` decision: the cost of a variant's evaluation as greedy play meets it.

Positions come from seeded random games stopped after a given number of decisions (early,
middle and late); ``greedy`` then chooses in each of them, after one untimed warm-up choice (so
tables a strategy builds once per tile and point are not counted).  Printed per variant and
stage: the median and maximum CPU milliseconds per decision and the mean number of legal moves
(greedy tries at most ``GREEDY_WIDTH`` of them (24), each evaluated once).  Figures are printed, never asserted.

    python benchmarks/greedy_time.py --variants iroh basic modern
    python benchmarks/greedy_time.py --variants iroh --plies 20 60 120 --positions 6
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import paisho_core as paisho
from paisho_core.players import make_player


def positions(variant: str, plies: int, count: int) -> list:
    out, seed = [], 0
    while len(out) < count and seed < 10 * count:
        seed += 1
        game = paisho.new_game(variant, seed=seed)
        rng = random.Random(seed)
        for _ in range(plies):
            if game.outcome is not None:
                break
            game.play(rng.choice(game.legal_moves()))
        if game.outcome is None:
            out.append(game)
    return out


def measure(variant: str, plies: int, count: int) -> dict:
    games = positions(variant, plies, count)
    player = make_player("greedy", seed=1)
    for game in games:
        player.choose(game)  # warm-up
    times, moves = [], []
    for game in games:
        moves.append(len(game.legal_moves()))
        start = time.process_time()
        player.choose(game)
        times.append(1000 * (time.process_time() - start))
    return {"variant": variant, "plies": plies, "positions": len(games),
            "median_ms": statistics.median(times) if times else None,
            "max_ms": max(times) if times else None,
            "moves": statistics.mean(moves) if moves else None}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="*", default=None, help="variants (default: every registered one)")
    ap.add_argument("--plies", nargs="*", type=int, default=[20, 60, 120], help="random decisions before each position")
    ap.add_argument("--positions", type=int, default=6, help="positions per variant and stage")
    args = ap.parse_args(argv)
    variants = args.variants or paisho.variants()
    print("| variant | decisions before | positions | ms per greedy decision (median / max) | legal moves |")
    print("| --- | --- | --- | --- | --- |")
    for v in variants:
        for plies in args.plies:
            r = measure(v, plies, args.positions)
            if r["median_ms"] is None:
                print(f"| {v} | {plies} | 0 | – | – |")
                continue
            print(f"| {v} | {plies} | {r['positions']} | {r['median_ms']:.1f} / {r['max_ms']:.1f} | {r['moves']:.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
