"""Playing whole games between computer players, and scoring them."""
from __future__ import annotations

import time
from typing import Optional

from .evaluation import evaluate


def play_game(game, players: dict, max_plies: Optional[int] = None, on_move=None,
              times: Optional[dict] = None, clock=time.perf_counter):
    """Play ``game`` to its end (or ``max_plies`` decisions) with ``players[side]`` choosing.

    Chance steps are drawn by the game itself.  With ``times`` (a dict), the seconds of every
    choice by ``clock`` (wall-clock by default) are appended to ``times[side]``.  Returns the
    game."""
    plies = 0
    while game.outcome is None:
        if max_plies is not None and plies >= max_plies:
            break
        chance = game.chance_outcomes()
        if chance:
            game.play(game.sample_chance(chance))
            continue
        if not game.legal_moves():
            break
        side = game.to_move
        start = clock()
        move = players[side].choose(game)
        if times is not None:
            times.setdefault(side, []).append(clock() - start)
        game.play(move)
        plies += 1
        if on_move:
            on_move(game, move)
    return game


def result_for(game, player: str, capped: str = "evaluation") -> float:
    """1, 0.5 or 0 for a finished game.  An unfinished (capped) game counts by the evaluation
    (above 0 a win, below a loss, 0 a draw) or, with ``capped="draw"``, as a draw."""
    if game.outcome is not None:
        w = game.outcome.winner
        return 0.5 if w is None else (1.0 if w == player else 0.0)
    if capped == "draw":
        return 0.5
    e = evaluate(game, player)
    return 1.0 if e > 0 else 0.0 if e < 0 else 0.5
