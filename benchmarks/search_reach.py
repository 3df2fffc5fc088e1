"""How far the search levels see: iterations, root moves looked at, and tree depth per decision.

The strength table says how often ``hard`` beats ``medium``; this says how much more ``hard``
actually searches.  For each variant, ``--positions`` positions are taken from seeded games of
``greedy`` against itself (at evenly spaced decisions), and each search level decides there at its
own time (times ``--time-scale``, counted in CPU seconds), on a fresh tree.  Printed per variant
and level: the median iterations (node openings) per decision, the median root moves with a
node, and the median depth of the most visited line.  Figures are printed, never asserted.

    python benchmarks/search_reach.py --time-scale 0.2              # the strength table's budgets
    python benchmarks/search_reach.py --variants iroh basic --positions 8
    python benchmarks/search_reach.py --smoke                       # CI: one position, tiny budgets
"""
from __future__ import annotations

import argparse
import statistics
import sys

import paisho_core as paisho
from paisho_core.players import SEARCH as LEVEL_SETTINGS
from paisho_core.players import make_player

LEVELS = ("easy", "medium", "hard")


def positions(variant: str, count: int, seed: int, stride: int) -> list:
    """``count`` positions from greedy self-play: the game of ``seed + k`` after ``stride * (k % 4
    + 1)`` decisions, or halfway through it if it ended before (a position a move from the end is
    mostly finished lines, cheap to search and not typical)."""
    found = []
    for k in range(count):
        game = paisho.new_game(variant, seed=seed + k)
        players = {"host": make_player("greedy", seed=seed + k), "guest": make_player("greedy", seed=seed + k + 1)}
        for _ in range(stride * (k % 4 + 1)):
            if game.outcome is not None:
                break
            game.play(players[game.to_move].choose(game))
        if game.outcome is not None:
            for _ in range(game.ply - game.ply // 2):
                game.undo()
        found.append(game)
    return found


def measure(game, level: str, scale: float, seed: int) -> dict:
    player = make_player(level, seed=seed, seconds=LEVEL_SETTINGS[level]["seconds"] * scale, cpu_time=True)
    player.choose(game.copy())
    return {key: player.last_stats.get(key, 0) for key in ("iterations", "children", "depth")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="*", default=None, help="variants (default: every registered one)")
    ap.add_argument("--levels", nargs="*", default=list(LEVELS), choices=LEVELS)
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--stride", type=int, default=20, help="decisions between sampled positions")
    ap.add_argument("--time-scale", type=float, default=1.0, help="multiply each level's own time")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="one position, two variants, tiny budgets")
    args = ap.parse_args(argv)
    if args.smoke:
        args.variants, args.positions, args.time_scale, args.stride = ["skud", "iroh"], 1, 0.02, 4
    names = args.variants or paisho.variants()
    scale_text = "each level's own time" if args.time_scale == 1 else f"each level's own time x {args.time_scale:g}"
    print(f"{args.positions} positions per variant from greedy self-play, {scale_text}, CPU seconds, fresh tree.\n")
    print("| variant | level | seconds | iterations (median) | root moves searched | depth of the main line |")
    print("| --- | --- | --- | --- | --- | --- |")
    for variant in names:
        games = positions(variant, args.positions, args.seed, args.stride)
        for level in args.levels:
            rows = [measure(g, level, args.time_scale, args.seed + k) for k, g in enumerate(games)]
            med = {key: statistics.median(r[key] for r in rows) for key in ("iterations", "children", "depth")}
            print(f"| {variant} | {level} | {LEVEL_SETTINGS[level]['seconds'] * args.time_scale:g} | "
                  f"{med['iterations']:.0f} | {med['children']:.0f} | {med['depth']:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
