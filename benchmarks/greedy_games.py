"""CPU milliseconds per ``greedy`` decision over whole greedy-v-greedy games, and a digest of
the moves played: the figure issue 40 asks about (the median over a game), and a check that a
change meant to make the evaluation cheaper left every choice as it was (the digest of the same
seeds must not change).

Each game starts from ``new_game(variant, seed=s)`` with greedy players seeded from ``s``, and is
played to its end or ``--max-plies`` decisions.  Printed per variant: decisions timed, the median
and mean CPU ms a decision, and the first 12 hex digits of a SHA-256 over every game's moves.
With ``--repeat R`` every game is played R times (the same decisions: everything is seeded) and
each decision's least time is kept, which filters out what other processes on a busy machine
add.  Figures are printed, never asserted.

    python benchmarks/greedy_games.py --variants iroh vagabond --games 4 --repeat 3
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import paisho_core as paisho
from paisho_core.players import make_player


def play(variant: str, seed: int, max_plies: int) -> tuple[list, list]:
    """``(CPU seconds per decision, move texts)`` of one greedy-v-greedy game."""
    game = paisho.new_game(variant, seed=seed)
    players = {"host": make_player("greedy", seed=seed), "guest": make_player("greedy", seed=seed + 1)}
    times, texts = [], []
    while game.outcome is None and len(texts) < max_plies:
        start = time.process_time()
        move = players[game.to_move].choose(game)
        times.append(time.process_time() - start)
        texts.append(move.text)
        game.play(move)
    return times, texts


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="*", default=None, help="variants (default: every registered one)")
    ap.add_argument("--games", type=int, default=3, help="games per variant")
    ap.add_argument("--seed", type=int, default=4000, help="the first game's seed")
    ap.add_argument("--max-plies", type=int, default=200, help="decisions per game at most")
    ap.add_argument("--repeat", type=int, default=1, help="plays of each game (each decision's least time kept)")
    args = ap.parse_args(argv)
    print("| variant | games | decisions | CPU ms a decision (median / mean) | moves digest |")
    print("| --- | --- | --- | --- | --- |")
    for v in args.variants or paisho.variants():
        times, digest = [], hashlib.sha256()
        for k in range(args.games):
            t, texts = play(v, args.seed + 10 * k, args.max_plies)
            for _ in range(args.repeat - 1):
                again, same = play(v, args.seed + 10 * k, args.max_plies)
                if same != texts:
                    raise SystemExit(f"{v}: a repeated game played other moves")
                t = list(map(min, t, again))
            times += t
            digest.update(("\n".join(texts) + "\n\n").encode())
        print(f"| {v} | {args.games} | {len(times)} | {1000 * statistics.median(times):.2f} / "
              f"{1000 * statistics.mean(times):.2f} | {digest.hexdigest()[:12]} |", flush=True)


if __name__ == "__main__":
    main()
