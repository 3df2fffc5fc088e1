"""Scoring positions for computer players: the variant's ``paisho_evaluate`` hook, else a
generic, variant-free evaluation; and the squash of a score into a win probability for search.

Only public facts of the position are read (the board, harmonies, scores, the outcome).
"""
from __future__ import annotations

import math

WIN = 1000.0
"""What a won game is worth (a loss is -WIN, a draw 0)."""

SCALE = 4.0
"""How many evaluation points make a clear advantage: a score of SCALE squashes to about 0.88."""


def _other(player: str) -> str:
    return "guest" if player == "host" else "host"


def outcome_value(game, player: str) -> float | None:
    """WIN, -WIN or 0 for a finished game; None while it is running."""
    outcome = game.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return WIN if outcome.winner == player else -WIN


def harmonies(game) -> list:
    """``game.harmonies()``, or [] for a variant that does not list harmonies."""
    try:
        return game.harmonies()
    except TypeError:  # the variant's hook answered None
        return []


def generic_evaluation(game, player: str) -> float:
    """A variant-free score of the position for ``player`` (larger is better, 0 even).

    The outcome dominates; then each harmony counts 1 for its owner(s) and 1 more if it crosses a
    midline (the usual tie-break of the garden games), each tile on the board 0.25, and a
    variant's running scores (``state.scores``) 0.5 a point.
    """
    done = outcome_value(game, player)
    if done is not None:
        return done
    st = game.state
    opp = _other(player)
    value = 0.0
    for h in harmonies(game):
        worth = 2.0 if h.crosses_midline else 1.0
        owners = h.owners or (h.owner,)
        if player in owners:
            value += worth
        if opp in owners:
            value -= worth
    value += 0.25 * (st.owned[player].bit_count() - st.owned[opp].bit_count())
    if st.scores:
        value += 0.5 * (st.scores.get(player, 0) - st.scores.get(opp, 0))
    return value


def evaluate(game, player: str) -> float:
    """The variant's evaluation (``paisho_evaluate``) if it answers, else the generic one; a
    finished game is worth its outcome whatever the hook says."""
    done = outcome_value(game, player)
    if done is not None:
        return done
    value = game.rules.evaluate(game, player)
    if value is None:
        return generic_evaluation(game, player)
    return float(value)


def squash(value: float, scale: float = SCALE) -> float:
    """An evaluation as a win probability in [0, 1]."""
    if value >= WIN:
        return 1.0
    if value <= -WIN:
        return 0.0
    return 0.5 + 0.5 * math.tanh(value / scale)
