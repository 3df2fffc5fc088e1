"""CPU milliseconds per ``greedy`` decision over whole greedy-v-greedy games, and a digest of
the moves played: the figure issue 40 asks about (the median over a game), and a check that a
change meant to make the evaluation cheaper left every choice as it was (the digest of the same
seeds must not change).

Each game starts from ``new_game(variant, seed=s)`` with greedy players seeded from ``s``, and is
played to its end or ``--max-plies`` decisions.  Printed per variant: decisions timed, the median
and mean CPU ms a decision, and the first 12 hex digits of a SHA-256 over every game's moves.
Each process first plays ``--warmup`` untimed games of other seeds (the tables and memos a long
run has filled).  With ``--repeat R`` a variant's games are played R times, each time in a fresh process (the
same decisions: everything is seeded; and every memo starts empty, as in a first game), and
each decision's least time is kept, which filters out what other processes on a busy machine
add.  Figures are printed, never asserted.

    python benchmarks/greedy_games.py --variants iroh vagabond --games 4 --repeat 3
"""
from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

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


def play_all(variant: str, seeds: list, max_plies: int, warmup: list) -> list:
    """The games of ``seeds``, after the untimed games of ``warmup``."""
    for seed in warmup:
        play(variant, seed, max_plies)
    return [play(variant, seed, max_plies) for seed in seeds]


def fresh_process(variant: str, seeds: list, max_plies: int, warmup: list) -> list:
    """:func:`play_all` in a process of its own (nothing remembered from earlier runs)."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(play_all, variant, seeds, max_plies, warmup).result()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="*", default=None, help="variants (default: every registered one)")
    ap.add_argument("--games", type=int, default=3, help="games per variant")
    ap.add_argument("--seed", type=int, default=4000, help="the first game's seed")
    ap.add_argument("--max-plies", type=int, default=200, help="decisions per game at most")
    ap.add_argument("--repeat", type=int, default=1, help="plays of each game (each decision's least time kept)")
    ap.add_argument("--warmup", type=int, default=1,
                    help="untimed games (other seeds) first in each process: the tables a long run "
                         "has filled")
    args = ap.parse_args(argv)
    print("| variant | games | decisions | CPU ms a decision (median / mean) | moves digest |")
    print("| --- | --- | --- | --- | --- |")
    for v in args.variants or paisho.variants():
        seeds = [args.seed + 10 * k for k in range(args.games)]
        warmup = [args.seed - 1 - k for k in range(args.warmup)]
        games = fresh_process(v, seeds, args.max_plies, warmup)
        for _ in range(args.repeat - 1):
            again = fresh_process(v, seeds, args.max_plies, warmup)
            if [texts for _t, texts in again] != [texts for _t, texts in games]:
                raise SystemExit(f"{v}: a repeated game played other moves")
            games = [(list(map(min, t, t2)), texts) for (t, texts), (t2, _) in zip(games, again)]
        times, digest = [], hashlib.sha256()
        for t, texts in games:
            times += t
            digest.update(("\n".join(texts) + "\n\n").encode())
        print(f"| {v} | {args.games} | {len(times)} | {1000 * statistics.median(times):.2f} / "
              f"{1000 * statistics.mean(times):.2f} | {digest.hexdigest()[:12]} |", flush=True)


if __name__ == "__main__":
    main()
