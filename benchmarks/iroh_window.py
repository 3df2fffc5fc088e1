"""Why Iroh games end or run to the turn limit: the one-turn window, counted over played games.

Iroh is won by a four-midline set that survives the opponent's one turn (book chapter 2,
L475-483).  Each time a player ends a turn holding a set, this counts the opponent's replies that
would break it (``variants/iroh/window.py``, exact: every suspect reply is played): a set no
reply breaks is a won game; any other set is lost again unless the opponent overlooks the break.
Printed per game and in total: how the game ended, the sets made (none breakable / breakable),
and whether a win came from a set no reply could break or from a breaking reply not played.

Games are seeded and sides alternate as in ``benchmarks/strength.py`` (the same ``--seed`` gives
the same games there and here, given the same levels and budgets).

    python benchmarks/iroh_window.py --pair greedy:greedy --games 12
    python benchmarks/iroh_window.py --pair medium:medium --games 4 --time-scale 0.25 --cpu-time
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import paisho_core as paisho
from paisho_core import PaishoError
from paisho_core.players import SEARCH, make_player, play_game
from paisho_core.players.levels import check_kind
from paisho_core.tiles import other

from paisho_variants.iroh import winning_set
from paisho_variants.iroh.window import breaking_replies


def one_game(upper: str, lower: str, index: int, seed: int, scale: float, cpu_time: bool,
             max_plies: int) -> dict:
    game = paisho.new_game("iroh", seed=seed + index)
    upper_side = "guest" if index % 2 == 0 else "host"
    players = {}
    for side, level, k in ((upper_side, upper, 1), (other(upper_side), lower, 2)):
        seconds = SEARCH[level]["seconds"] * scale if level in SEARCH else None
        players[side] = make_player(level, seed=(seed + index) * 7 + k, seconds=seconds, cpu_time=cpu_time)
    counts: Counter = Counter()
    last = {}  # the replies that would have broken the set standing at the last turn's end

    def on_move(g, _move):
        if g.outcome is not None:
            return
        mover = other(g.to_move)
        if winning_set(g, mover):
            last[mover] = len(breaking_replies(g, mover))
            counts["sets no reply breaks" if last[mover] == 0 else "sets a reply breaks"] += 1

    play_game(game, players, max_plies=max_plies, on_move=on_move)
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None:
        counts["won: no reply broke the set" if last.get(outcome.winner) == 0
               else "won: a breaking reply was not played"] += 1
    reason = outcome.reason if outcome is not None else "decision cap"
    counts["ended: " + reason] += 1
    return {"index": index, "reason": reason, "decisions": game.ply, "counts": counts}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pair", default="greedy:greedy", help="UPPER:LOWER levels (upper is the Guest in even games)")
    ap.add_argument("--games", "-n", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-scale", type=float, default=1.0, help="multiply each search level's own time")
    ap.add_argument("--cpu-time", action="store_true", help="search budgets in CPU seconds")
    ap.add_argument("--max-plies", type=int, default=500)
    args = ap.parse_args(argv)
    upper, _, lower = args.pair.partition(":")
    if not lower:
        ap.error(f"--pair {args.pair!r}: expected UPPER:LOWER, such as greedy:greedy")
    try:
        check_kind(upper)
        check_kind(lower)
    except PaishoError as exc:
        ap.error(f"--pair {args.pair!r}: {exc}")
    total: Counter = Counter()
    start = time.time()
    for i in range(args.games):
        row = one_game(upper, lower, i, args.seed, args.time_scale, args.cpu_time, args.max_plies)
        total.update(row["counts"])
        detail = ", ".join(f"{k} {v}" for k, v in sorted(row["counts"].items()) if not k.startswith("ended"))
        print(f"  game {i + 1}: {row['reason']} after {row['decisions']} decisions; {detail or 'no set made'}",
              flush=True)
    print(f"\niroh {upper} v {lower}, {args.games} games (--seed {args.seed}), {time.time() - start:.0f} s wall")
    for key in sorted(total):
        print(f"  {key}: {total[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
