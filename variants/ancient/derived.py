"""Per-state derived data shared by the hook modules: drained tiles, effective pairs, the count."""
from __future__ import annotations

from paisho_core.board import coords

from . import rules
from .rules import ORDER, opts


def analysis(game):
    """(drained mask, effective pairs) of the current state, memoised per state."""
    a = game.cache.get("ancient")
    if a is None:
        o = opts(game)
        drained = rules.drained_mask(game.state, o)
        a = game.cache["ancient"] = (drained, rules.analyse(game.state, o, drained))
    return a


def analyse_state(state, o):
    """(drained mask, effective pairs) of any state, for checks inside ``apply``."""
    drained = rules.drained_mask(state, o)
    return drained, rules.analyse(state, o, drained)


def disharmonies(game) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The effective disharmonies as pairs of points."""
    return [(coords(a), coords(q)) for a, q, s in analysis(game)[1] if s < 0]


def harmony_count(game) -> int:
    """The count toward the target (harmonies minus disharmonies by default)."""
    return rules.count(analysis(game)[1], opts(game))


def hand_codes(st, player):
    """The distinct tile codes in ``player``'s hand, in tile-set order."""
    hand = st.pile("hand", player)
    return sorted((c for c, n in hand.items() if n), key=ORDER.__getitem__)
