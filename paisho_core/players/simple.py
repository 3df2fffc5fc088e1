"""The players that do not search: ``random`` and ``greedy`` (one ply)."""
from __future__ import annotations

import random

from .. import PaishoError
from .evaluation import evaluate
from .hidden import determinize, has_hidden_information
from .policy import move_weights

GREEDY_WIDTH = 160
"""On a longer list greedy plays only this many moves, the most promising by the variant's
playout weights (every move when the variant gives none)."""


class Player:
    """Base class: ``choose(game)`` returns one legal move for the decision pending in ``game``,
    made for ``game.to_move``.  ``name`` is the level it was made as."""

    name = "player"
    last_stats: dict | None = None
    """What the last ``choose`` found (searching players fill it in; the engine reports it)."""

    def choose(self, game):  # pragma: no cover - interface
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def legal_or_fail(game) -> list:
    moves = game.legal_moves()
    if not moves:
        raise PaishoError("no legal move to choose")
    return moves


class RandomPlayer(Player):
    """Uniformly random legal moves, from a seeded generator."""

    name = "random"

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(legal_or_fail(game))


class GreedyPlayer(Player):
    """One ply: play each legal move on a copy, score the result for the mover, keep the best
    (ties broken by a seeded generator).  A draw that follows a move is not looked at: the
    position is scored before it, so nothing unknown is used; where the variant hides something
    from the mover, the moves are tried in a determinization of the mover's observation.  On
    lists longer than ``width`` only the ``width`` most promising moves by the variant's playout
    weights are tried."""

    name = "greedy"

    def __init__(self, seed=None, width: int = GREEDY_WIDTH) -> None:
        self.rng = random.Random(seed)
        self.width = width

    def candidates(self, game, moves: list) -> list:
        if len(moves) <= self.width:
            return moves
        weights = move_weights(game, moves)
        if weights is None:
            return moves
        order = sorted(range(len(moves)), key=lambda i: (-weights[i], self.rng.random()))
        return [moves[i] for i in order[:self.width]]

    def scored(self, game) -> list:
        """``[(score, move)]`` for the moves tried, best first."""
        me = game.to_move
        trial = determinize(game, me, self.rng) if has_hidden_information(game, me) else None
        world = trial is not None  # another game: its moves are found by their notation
        if trial is None:
            trial = game.copy()
        trial.auto_chance = False
        out = []
        for move in self.candidates(game, game.legal_moves()):
            trial.play(move.text if world else move)
            out.append((evaluate(trial, me), self.rng.random(), move))
            trial.undo()
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(s, m) for s, _r, m in out]

    def choose(self, game):
        moves = legal_or_fail(game)
        if len(moves) == 1:
            return moves[0]
        return self.scored(game)[0][1]
