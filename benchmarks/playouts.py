"""Random playouts: decisions per second and the cost of a full legal-move list.

Every decision generates the complete list of legal moves and plays a uniformly random one
(chance steps are drawn by the game's seeded generator).  Figures are printed, never asserted.
Times are this process's CPU time (``time.process_time``), so other load on the machine moves
them less than wall-clock time would.

    python benchmarks/playouts.py --variant skud --games 50 --max-plies 600
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import paisho_core as paisho


class Timed:
    """Wraps a variant's resolved legal-move hook to time every full generation."""

    def __init__(self, fn):
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


def playout(variant: str, seed: int, max_plies: int, options=None):
    """One random game; returns (game, decisions played)."""
    rng = random.Random(seed)
    game = paisho.new_game(variant, options=options, seed=seed)
    decisions = 0
    while game.outcome is None and decisions < max_plies:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        decisions += 1
    return game, decisions


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", action="append", help="variant(s) to run (default: all registered)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--max-plies", type=int, default=600, help="decision cap per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = ap.parse_args(argv)
    names = args.variant or paisho.variants()
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
    print(f"{'variant':<12}{'games':>6}{'decisions/s':>13}{'us/movelist':>13}{'mean moves':>12}"
          f"{'mean plies':>11}{'capped':>8}  results")
    for name in names:
        rules = paisho.get_variant(name).rules
        timer = Timed(rules.legal_moves)
        rules.legal_moves = timer
        total_dec = 0
        capped = 0
        plies = []
        results: dict[str, int] = {}
        start = time.process_time()
        for k in range(args.games):
            game, dec = playout(name, args.seed + k, args.max_plies)
            total_dec += dec
            plies.append(dec)
            if game.outcome is None:
                capped += 1
                results["capped"] = results.get("capped", 0) + 1
            else:
                results[game.outcome.result] = results.get(game.outcome.result, 0) + 1
        elapsed = time.process_time() - start
        rules.legal_moves = timer.fn
        print(f"{name:<12}{args.games:>6}{total_dec / elapsed:>13.0f}"
              f"{1e6 * timer.seconds / max(timer.calls, 1):>13.0f}"
              f"{timer.moves / max(timer.calls, 1):>12.1f}"
              f"{statistics.mean(plies):>11.0f}{capped / args.games:>8.0%}  "
              + ", ".join(f"{k}={v}" for k, v in sorted(results.items())))
    if args.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
