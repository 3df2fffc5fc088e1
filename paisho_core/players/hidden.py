"""Hidden information: dealing a world consistent with what one player sees.

A player reads only ``game.observation(player)``.  A search on a hidden-information variant
searches random *determinizations*: games built from the observation with every hidden pile
dealt at random from the tiles the player cannot see, so what it cannot see never reaches its
choice.  Where the variant says how likely each unseen tile is to be there, as the player can
judge from what it sees (``paisho_deal_weights``), the tiles are drawn by those weights, else
alike.
"""
from __future__ import annotations

import random
from typing import Optional

from .. import PaishoError, from_position, new_game

_PLAYERS = ("host", "guest")

_NOTES = ("hidden", "unseen", "viewer")
"""What an observation adds to a position: the hidden piles' sizes, the tiles that may be in
them, and whose view it is."""


def has_hidden_information(game, player: str) -> bool:
    """True if the variant hides something from ``player`` in the current position."""
    return game.rules.observation(game, player) is not None


def hidden_players(hidden: dict) -> set:
    """The players whose piles an observation's ``hidden`` map names."""
    return {p for path in hidden for p in _PLAYERS if path.split(".")[-1] == p}


def determinize(game, player: str, rng: random.Random):
    """A game consistent with what ``player`` sees, the hidden tiles dealt at random.

    Reads only ``game.observation(player)``.  The observation names each hidden pile and its size
    in ``hidden`` (``{"reserves.host": 7}`` or ``{"piles.hand.host": 3}``); the tiles that may be
    there are the observation's ``unseen`` counts if it gives them, else the full set less
    every tile the observation shows.  Returns None when the observation does not follow this
    shape (the caller then searches the true position: a documented limitation).  A caller
    dealing many times from one position builds a :class:`Dealer` once instead.
    """
    return Dealer(game, player).deal(rng)


class Dealer:
    """Deals determinizations of one player's observation of one position.  The observation is
    read, the unseen tiles counted and the variant's deal weights asked once; each :meth:`deal`
    only draws them into the hidden piles and builds the game (a search deals once per
    iteration, from the same position)."""

    __slots__ = ("base", "hidden", "bag", "weights")

    def __init__(self, game, player: str) -> None:
        self.base: Optional[dict] = None
        self.hidden: list = []
        self.bag: list = []
        self.weights: Optional[dict] = None
        view = game.observation(player)
        hidden = view.get("hidden")
        if not isinstance(hidden, dict) or not hidden:
            return
        try:
            unseen = dict(view.get("unseen") or {})
            if not unseen:
                unseen = _unseen(game, view, hidden_players(hidden))
            self.bag = [c for c, n in sorted(unseen.items()) for _ in range(n)]
            self.hidden = [(path.split("."), int(size)) for path, size in sorted(hidden.items())]
        except (KeyError, TypeError, ValueError, AttributeError):
            return
        # everything the player sees (a variant's own fields too: a turn under way, counters
        # that end the game), less the observation's own notes
        self.base = {k: v for k, v in view.items() if k not in _NOTES}
        self.weights = _weights(game, player, self.bag)

    def deal(self, rng: random.Random):
        """A fresh game with the hidden piles dealt by ``rng``, or None (see :func:`determinize`)."""
        if self.base is None:
            return None
        data = dict(self.base)
        data["seed"] = rng.randrange(10**9)
        bag = list(self.bag)
        try:
            for parts, size in self.hidden:
                target = data
                for key in parts[:-1]:  # copies along the path: the base is dealt from again
                    target[key] = dict(target.get(key) or {})
                    target = target[key]
                if self.weights is None:
                    rng.shuffle(bag)
                else:  # the first ``size`` drawn in proportion to the weights, the rest after
                    _draw(bag, size, self.weights, rng)
                pile: dict = {}
                for c in bag[:size]:
                    pile[c] = pile.get(c, 0) + 1
                del bag[:size]
                target[parts[-1]] = pile
            # the engine's own observation, not a file: every check but the schema's still runs
            g = from_position(data, trusted=True)
        except (PaishoError, KeyError, TypeError, ValueError, AttributeError):
            return None
        g.auto_chance = False
        return g


def _weights(game, player: str, bag: list) -> Optional[dict]:
    """The variant's ``paisho_deal_weights`` for ``player``, checked: None without the hook, or
    when it gives nothing usable (not a dict of finite non-negative numbers, or every unseen code
    at 0), so that the tiles are then drawn alike."""
    got = game.rules.deal_weights(game, player)
    if not isinstance(got, dict):
        return None
    out = {}
    for code in set(bag):
        w = got.get(code, 0.0)
        if not isinstance(w, (int, float)) or isinstance(w, bool) or not 0.0 <= w < float("inf"):
            return None
        out[code] = float(w)
    return out if any(out.values()) else None


def _draw(bag: list, size: int, weights: dict, rng: random.Random) -> None:
    """Put ``size`` tiles drawn without replacement in proportion to ``weights`` at the front of
    ``bag`` (in place); past the weighted ones (all at 0 left) the rest are drawn alike."""
    for k in range(min(size, len(bag))):
        ws = [weights.get(c, 0.0) for c in bag[k:]]
        j = rng.choices(range(len(ws)), ws)[0] if any(ws) else rng.randrange(len(ws))
        bag[k], bag[k + j] = bag[k + j], bag[k]


def _unseen(game, view: dict, owners: set) -> dict:
    """The tiles of ``owners`` the view does not show: their full set less the visible ones."""
    fresh = _fresh(game)
    full: dict = {}
    for _i, tile in fresh.state.tiles():
        full[tile.code] = full.get(tile.code, 0) + 1
    for per in fresh.state.piles.values():
        for p, pile in per.items():
            if p in owners:
                for c, n in pile.items():
                    full[c] = full.get(c, 0) + n
    seen: dict = {}
    for e in view["board"]:
        if e["owner"] in owners:
            seen[e["tile"]] = seen.get(e["tile"], 0) + 1
    for _name, per in [("reserve", view.get("reserves", {}))] + list((view.get("piles") or {}).items()):
        for p, pile in per.items():
            if p in owners:
                for c, n in pile.items():
                    seen[c] = seen.get(c, 0) + n
    return {c: n - seen.get(c, 0) for c, n in full.items() if n > seen.get(c, 0)}


_FRESH: dict = {}


def _fresh(game):
    """The starting position of the game's variant and options (cached): the full tile set."""
    key = (id(game.variant), repr(sorted(game.options.items())))
    if key not in _FRESH:
        _FRESH[key] = new_game(game.variant, options=game.options, seed=0)
    return _FRESH[key]
