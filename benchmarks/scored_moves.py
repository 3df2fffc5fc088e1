"""The cost of the moves greedy scores, alone: play, evaluate and take back each candidate of
positions recorded from a greedy-v-greedy game, once.  On a machine other processes keep busy,
CPU time swings by a third from run to run, so this is made to run under an instruction counter
(``valgrind --tool=callgrind``), which counts the same for the same work: the difference of a run
with ``--setup-only`` (imports and the recorded positions) and a full run is the count for the
moves scored.  Printed: positions, moves scored, CPU ms per move scored (this run, not a
figure to quote on a busy machine) and a digest of the values (a speed-up must not change it).

    python benchmarks/scored_moves.py iroh
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/scored_moves.py iroh --setup-only
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/scored_moves.py iroh
"""
from __future__ import annotations

import argparse
import hashlib
import random
import time

import paisho_core as paisho
from paisho_core.players import make_player
from paisho_core.players.simple import GREEDY_WIDTH, preselect, try_moves


def record(variant: str, seed: int, plies: int, every: int) -> list:
    """``(position, candidate notations)`` every ``every`` decisions of a greedy-v-greedy game:
    the positions and moves greedy scores (the candidates drawn with a generator seeded by the
    ply, so that a changed evaluation does not change them)."""
    game = paisho.new_game(variant, seed=seed)
    players = {"host": make_player("greedy", seed=seed), "guest": make_player("greedy", seed=seed + 1)}
    out = []
    while game.outcome is None and game.ply < plies:
        if game.ply % every == 0:
            moves = preselect(game, game.legal_moves(), GREEDY_WIDTH, random.Random(game.ply))
            out.append((game.copy(), [m.text for m in moves]))
        game.play(players[game.to_move].choose(game))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant")
    ap.add_argument("--seed", type=int, default=4000)
    ap.add_argument("--plies", type=int, default=160, help="decisions of the recorded game at most")
    ap.add_argument("--every", type=int, default=4, help="record a position every this many decisions")
    ap.add_argument("--setup-only", action="store_true", help="record the positions, score nothing")
    args = ap.parse_args(argv)
    positions = record(args.variant, args.seed, args.plies, args.every)
    if args.setup_only:
        print(f"{args.variant}: {len(positions)} positions recorded")
        return
    values = []
    start = time.process_time()
    for game, texts in positions:
        legal = {m.text: m for m in game.legal_moves()}
        for value, _move in try_moves(game, [legal[t] for t in texts], game.to_move, one_ply=True):
            values.append(value)
    spent = time.process_time() - start
    digest = hashlib.sha256(repr(values).encode()).hexdigest()[:12]
    print(f"{args.variant}: {len(positions)} positions, {len(values)} moves scored, "
          f"{1000 * spent / max(1, len(values)):.3f} CPU ms a move, values {digest}")


if __name__ == "__main__":
    main()
