"""Players that try the rule: any level made aware of the rule sets being compared.

A house rule matters only at the decisions where it and its parent disagree, and a level that
never plays those moves (greedy scoring every capture of the protected tile below some other move) reports a
rule as changing nothing.  :class:`RuleAwarePlayer` wraps a base level (a level spec string, as
``--players`` takes it): at each decision it asks :func:`~.touch.touched_moves` for the moves
another rule set would not allow or would resolve differently; with none it plays the base's
move, else it scores the base's move and every touched move one ply ahead on the variant's
evaluation and plays the best, a touched move winning ties, and with probability
:data:`TRY_SHARE` the best touched move whatever the score, so a rule the evaluation does not
yet value is still tried.  ``--players explore:LEVEL`` names it; the compare default is
:data:`DEFAULT_BASE` made rule-aware.
"""
from __future__ import annotations

import random

EXPLORE = "explore"
"""The prefix of a rule-aware level: ``explore:greedy``, ``explore:quick``."""

TRY_SHARE = 0.25
"""How often a decision with touched moves plays the best of them even when the base's own move
scores higher."""

WANDER = 0.15
"""How often any decision plays a uniformly random legal move instead of the base's: a rule
that needs an unusual position (a protected tile open to capture) is reached only if the players
sometimes leave their habits.  Both sides of every game and every rule set wander alike, so
the comparison stays fair."""


def default_base() -> str:
    """The base level of the rule-aware default: ``quick`` when the players offer it, else
    ``greedy``."""
    from ..players import PLAYER_KINDS

    return "quick" if "quick" in PLAYER_KINDS else "greedy"


DEFAULT_BASE = default_base()


class RuleAwarePlayer:
    """A base player that also weighs the moves on which the compared rule sets disagree."""

    def __init__(self, base, shadows, seed) -> None:
        self.base = base
        self.shadows = list(shadows)
        self.rng = random.Random(f"{seed}:explore")
        self.name = f"{EXPLORE}:{getattr(base, 'name', base)}"
        self.tried = 0

    def choose(self, game):
        from ..players.simple import try_moves
        from .touch import touched_moves

        touched = touched_moves(game, self.shadows) if self.shadows else []
        if self.rng.random() < WANDER:
            own = self.rng.choice(game.legal_moves())
        else:
            own = self.base.choose(game)
        if not touched:
            return own
        self.tried += 1
        me = game.to_move
        scored = list(try_moves(game, touched, me))
        best_value, best = max(scored, key=lambda vm: vm[0])
        if self.rng.random() < TRY_SHARE:
            return best
        if own.text in {m.text for m in touched}:
            return own
        own_value = next(v for v, _m in try_moves(game, [own], me))
        return best if best_value >= own_value else own

    def __str__(self) -> str:
        return self.name
