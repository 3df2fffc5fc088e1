"""``quick``: greedy's best few moves, each answered by the opponent's best reply (a two-ply
look on a shortlist), for a few milliseconds a decision.

Between ``greedy`` (one ply: blind to what the opponent does next) and the search levels (a
quarter of a second and up): cheap enough for the hundreds of games a comparison plays, and it
still sees the reply that punishes a move.  Deterministic for a seed.
"""
from __future__ import annotations

import heapq
import math

from .evaluation import WIN
from .policy import move_weights
from .simple import GREEDY_WIDTH, GreedyPlayer, try_moves

SHORTLIST = 3
"""Greedy's best this many moves are looked at two plies deep.  A longer list did not help:
12 moves (8 answers each, the answer that hurt the move before tried first) scored 50% against
greedy in 40 games of one garden game where 3 scored 58% (issue 40)."""

REPLIES = 8
"""Replies tried after each of them: the most promising by the variant's playout weights.
Measured against greedy (issue 40), 24 replies to each of 2 moves scored no better than this
(50% of 21 games in one garden game, 3 of 6 in another) at up to three times the cost
(24 ms a decision in the dearest variant)."""


class QuickPlayer(GreedyPlayer):
    """Score every candidate for one ply as greedy does; then, for the ``shortlist`` best, play
    the move and score up to ``replies`` answers to it (the next decision's most promising moves
    by the variant's playout weights, or drawn at random where it gives none), and keep the move
    whose answers leave the mover best off: the opponent's answer that is worst for the mover,
    the rest of the mover's own turn (a bonus) first played by greedy's choice among the same
    few moves.  Where the variant can tell a won turn cheaply (``paisho_quick_winning_moves``),
    a won turn is taken at once and an answer that wins one for the opponent counts as a loss.
    A move after which a chance step follows, or the game ends, is worth its one-ply score.
    Where the variant hides tiles from the mover, everything happens in one determinization of
    the mover's observation, as greedy's does."""

    name = "quick"
    one_ply = False  # it sees the reply: the variant's one-ply value is not for it

    def __init__(self, seed=None, width: int = GREEDY_WIDTH, shortlist: int = SHORTLIST,
                 replies: int = REPLIES) -> None:
        super().__init__(seed, width)
        self.shortlist = shortlist
        self.replies = replies

    def choose(self, game):
        chosen, wins, world, scored = self.opening(game)
        if chosen is not None:
            return chosen
        me = game.to_move
        best, best_value = scored[0][1], None
        for value, move in scored[:self.shortlist]:
            after = self.answered(world or game, move, me, value, wins is not None,
                                  by_text=world is not None, floor=best_value)
            if best_value is None or after > best_value:
                best, best_value = move, after
        return best

    def likely(self, game, moves: list) -> list:
        """The ``replies`` most promising of ``moves`` by the variant's playout weights (the
        first in the list among equals), or as many drawn at random without weights."""
        if len(moves) <= self.replies:
            return moves
        weights = move_weights(game, moves)
        if weights is None:
            return self.rng.sample(moves, self.replies)
        return [moves[i] for i in heapq.nlargest(self.replies, range(len(moves)),
                                                 key=weights.__getitem__)]

    def answered(self, game, move, me: str, value: float, tells_wins: bool,
                 by_text: bool = False, floor: float | None = None) -> float:
        """The mover's evaluation after ``move``, the rest of the mover's turn as greedy would
        play it, and the opponent's best answer (see the class); ``game`` ends as it began.
        Answers are scored most promising first, and once one leaves the mover no better off
        than ``floor`` (what a move looked at before is worth) the rest are skipped: the move
        cannot be chosen then, so the choice is the same as scoring them all (a cutoff, as in
        alpha-beta search), for fewer evaluations."""
        auto, game.auto_chance = game.auto_chance, False
        depth = game.ply
        try:
            game.play(move.text if by_text else move)
            for _step in range(MAX_STEPS):
                if game.outcome is not None or game.chance_outcomes():
                    return value
                answers = game.legal_moves()
                if not answers:
                    return value
                theirs = game.to_move != me
                if theirs and tells_wins and game.rules.quick_winning_moves(game):
                    return -WIN
                tried = self.likely(game, answers)
                if theirs:
                    return worst_answer(game, tried, me, floor)
                scored = list(try_moves(game, tried, me))
                value, step = max(scored, key=lambda vm: vm[0])  # the turn goes on: greedy's step
                game.play(step)
            return value
        finally:
            while game.ply > depth:
                game.undo()
            game.auto_chance = auto


MAX_STEPS = 4
"""At most this many further steps of the mover's own turn are played before the answer."""


def worst_answer(game, answers: list, me: str, floor: float | None) -> float:
    """The least of ``me``'s evaluations after each of ``answers`` (played on ``game`` and taken
    back), stopping at the first that is at most ``floor`` (no answers: nothing can hurt, +inf)."""
    worst = math.inf
    scores = try_moves(game, answers, me)
    try:
        for v, _m in scores:
            if v < worst:
                worst = v
                if floor is not None and worst <= floor:
                    break
    finally:
        scores.close()  # takes back the answer being scored, now, before the caller's own undo
    return worst
