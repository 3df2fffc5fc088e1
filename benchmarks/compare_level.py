"""CPU cost of the compare level (``paisho compare``'s default ``explore`` players), per game and
per decision, for every variant (issue 33, acceptance 7).

Each variant plays ``--games`` self-play games in this one process with
:func:`paisho_core.compare.selfplay.play_one`, the function a compare worker runs; the figures are
this process's CPU time, so other load on the machine changes them little.  Two modes:

* ``plain``: a variant alone (``paisho compare VARIANT``);
* ``watched``: the variant watched by a second copy of its own rules, as a house rule's side is
  watched by its parent (``paisho compare PARENT RULE``): the touch bookkeeping and the
  rule-aware player's touched moves are paid for, though no move is ever touched;
* ``--parent P``: the variant (a house rule) watched by its parent P, as in
  ``paisho compare P RULE``: the house rule's side, the costlier of the two.

Printed: CPU seconds per game and milliseconds per decision, and the projected wall time of
1,000 games a side on 2 cores (two sides of ``games`` each: ``2 * 1000 * cpu_per_game / 2``).
``--profile VARIANT`` prints a cProfile of that variant's games split into the compare lab's
own modules, the players and the rules.  Figures are printed, never asserted.

    python benchmarks/compare_level.py --games 10
    python benchmarks/compare_level.py --variant iroh --games 6 --mode watched --profile
    python benchmarks/compare_level.py --variant tests/data/house-rules/fire-choose-bonus/fire-choose-bonus.yaml \
        --parent fire --games 4
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from paisho_core import variants
from paisho_core.cli.util import variant_and_options
from paisho_core.compare.selfplay import DEFAULT_PLAYERS, game_seed, play_one


def measure(name: str, games: int, mode: str, players: str, master: int = 1,
            parent: str | None = None) -> dict:
    variant, options = variant_and_options(name)
    others = ((variant, variant.options(options)),) if mode == "watched" else ()
    if parent:
        pv, po = variant_and_options(parent)
        others = ((pv, pv.options(po)),)  # a watcher's options in full, as paisho compare gives them
    cpu = decisions = 0.0
    for k in range(games):
        t0 = time.process_time()
        result = play_one(variant, options, game_seed(master, k), players, others=others)
        cpu += time.process_time() - t0
        decisions += result["decisions"]
    per_game = cpu / games
    return {"variant": name, "games": games, "cpu_per_game": per_game,
            "ms_per_decision": 1000 * cpu / max(1, decisions), "decisions_per_game": decisions / games,
            "minutes_1000_a_side_2_cores": 1000 * per_game / 60}


def profile(name: str, games: int, mode: str, players: str, parent: str | None = None) -> None:
    prof = cProfile.Profile()
    prof.enable()
    measure(name, games, mode, players, parent=parent)
    prof.disable()
    stats = pstats.Stats(prof)
    own: dict[str, float] = {}
    for (path, _line, _fn), (_cc, _nc, tt, _ct, _callers) in stats.stats.items():
        if "paisho_core/compare" in path:
            part = "compare lab"
        elif "paisho_core/players" in path:
            part = "players"
        elif "/variants/" in path:
            part = "variant rules and strategy"
        elif "paisho_core" in path:
            part = "core (game, state, board)"
        else:
            part = "other (stdlib, C)"
        own[part] = own.get(part, 0.0) + tt
    total = sum(own.values()) or 1.0
    print(f"\nwhere {name}'s time goes ({mode}, own time of each function, profiled):")
    for part, t in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {part:30s} {t:7.2f} s  {100 * t / total:5.1f}%")
    stats.sort_stats("tottime").print_stats(25)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", action="append", help="a variant (repeatable; default: all)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--mode", choices=("plain", "watched"), default="plain")
    ap.add_argument("--players", default=DEFAULT_PLAYERS)
    ap.add_argument("--parent", help="a house rule's parent: the --variant (a house rule) is watched by it, "
                                     "as in paisho compare PARENT RULE")
    ap.add_argument("--profile", action="store_true", help="cProfile the (first) variant's games")
    args = ap.parse_args()
    names = args.variant or sorted(variants())
    if args.profile:
        profile(names[0], args.games, args.mode, args.players, args.parent)
        return
    print(f"{'variant':14s} {'CPU-s/game':>10s} {'ms/decision':>11s} {'decisions':>9s} {'min/1000':>8s}")
    for name in names:
        r = measure(name, args.games, args.mode, args.players, parent=args.parent)
        print(f"{name:14s} {r['cpu_per_game']:10.2f} {r['ms_per_decision']:11.2f} "
              f"{r['decisions_per_game']:9.0f} {r['minutes_1000_a_side_2_cores']:8.1f}", flush=True)


if __name__ == "__main__":
    main()
