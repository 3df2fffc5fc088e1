"""Ends that depend on the deal, for a search of a hidden-information game.

A search deals the hidden tiles afresh every iteration (:mod:`paisho_core.players.hidden`).  A
line of play that ends the game in the deal at hand need not end it in others: the opponent
meets the goal that the secret tile this deal gave it sets.  Taken from one deal, such an end
would decide the line's value for every deal (a reply that wins in one deal of seven refuting
the move before it).  Instead the line is played again in :data:`END_DEALS`
worlds dealt once a decision from the same observation, and the search weighs the end by the
share of them it ends (:mod:`paisho_core.players.search`).
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from .. import PaishoError
from .hidden import Dealer

END_DEALS = 8
"""Worlds dealt once a decision from a hidden-information observation, in which a line of play
that ended the game in the deal at hand is played again."""


class DealtEnds:
    """The worlds of one decision and the lines of play already weighed in them.  The worlds
    have their own random stream (seeded from the player's seed), so that weighing an end never
    changes the search's other draws."""

    __slots__ = ("rng", "dealer", "worlds", "lines")

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(None if seed is None else f"{seed}/worlds")
        self.dealer: Optional[Dealer] = None  # the decision's observation, when it hides tiles
        self.worlds: Optional[list] = None  # dealt at the first end met in a decision
        self.lines: dict = {}  # line of play (texts from the root) -> (share, end, rest)

    def start(self, dealer: Optional[Dealer]) -> None:
        """A new decision: its observation's dealer (None without hidden information)."""
        self.dealer, self.worlds = dealer, None
        self.lines.clear()

    def weigh(self, line: tuple, ended: float, value: Callable) -> tuple:
        """``(share, end, rest)`` of ``line`` (move texts from the root), which ended the game
        in the deal at hand with the value ``ended``: the share of the worlds, that deal one of
        them, in which it ends the game too, the mean value of those ends, and the mean value of
        the positions it reaches in the others (None if none: the end does not depend on the
        hidden tiles).  ``value(game)`` is the searcher's value of a position.  A world in
        which the line is not legal does not count.  Kept per line for the decision."""
        known = self.lines.get(line)
        if known is not None:
            return known
        if self.worlds is None:
            assert self.dealer is not None  # asked only while searching hidden information
            dealt = (self.dealer.deal(self.rng) for _ in range(END_DEALS))
            self.worlds = [w for w in dealt if w is not None]
        ends: list[float] = [ended]
        rest: list[float] = []
        for w in self.worlds:
            start = w.ply
            try:
                for text in line:
                    if w.outcome is not None:
                        break
                    w.play(text)
                else:
                    (ends if w.outcome is not None else rest).append(value(w))
            except PaishoError:  # the line is not legal in this world
                pass
            finally:
                while w.ply > start:
                    w.undo()
        answer = (len(ends) / (len(ends) + len(rest)), sum(ends) / len(ends),
                  sum(rest) / len(rest) if rest else None)
        self.lines[line] = answer
        return answer
