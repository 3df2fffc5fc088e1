"""paisho: a framework for playing, prototyping and comparing Pai Sho variants.

The Python API (spec section 6)::

    import paisho_core as paisho
    game = paisho.new_game(name, options={...}, seed=7)   # name from paisho.variants()
    game.legal_moves(); game.play(move_or_turn_text); game.undo()
    game.outcome, game.harmonies(), game.position(), game.record()
    paisho.from_position(d); paisho.load_record(text); paisho.variants()
"""
from __future__ import annotations

import random
from typing import Any

from . import boundary
from .errors import (IllegalMoveError, NotationError, PaishoError, PositionError, RecordError,
                     VariantError)
from .game import Game, Harmony, Move, Outcome, State
from .hookspecs import hookimpl
from .position import from_position
from .record import load_record
from .variant import Variant, get_variant, load_variant_file, resolve, variants

__all__ = [
    "Game", "Harmony", "Move", "Outcome", "State", "hookimpl", "new_game", "variants",
    "from_position", "load_record", "get_variant", "load_variant_file", "PaishoError",
    "IllegalMoveError", "NotationError", "PositionError", "RecordError", "VariantError",
]


def new_game(name: str | Variant, options: dict[str, Any] | None = None, seed: int | str | None = None,
             auto_chance: bool = True) -> Game:
    """Start a game of a variant.  Unknown names or options raise VariantError.

    ``name`` is written as everywhere else (engine, records, web): a registered name
    (``"NAME"``), a name with options (``"NAME:Option=true,Other=2"``), or a
    :class:`~paisho_core.variant.Variant`.  A name is never a file: a house-rule YAML is loaded
    explicitly, ``new_game(load_variant_file(path))``.  ``options`` adds to or overrides the
    options written in the name.

    ``seed`` makes every chance step reproducible; ``auto_chance`` lets the game draw chance
    outcomes itself (records turn it off: they carry the outcomes).
    """
    if isinstance(name, str):
        variant, given = resolve(name)
        given.update(options or {})
    else:
        variant, given = name, dict(options or {})
    opts = variant.options(given)
    seed = boundary.check_seed(seed)
    if seed is None:
        seed = random.SystemRandom().randrange(10**9)
    game = Game(variant, opts, seed, auto_chance)
    st = game.state
    for kind in variant.tileset.kinds:
        for player in ("host", "guest"):
            for pile_name, n in kind.piles or ((kind.pile, kind.count),):
                if n:
                    pile = st.pile(pile_name, player)
                    pile[kind.code] = pile.get(kind.code, 0) + n
    st.to_move = variant.definition.get("first_player", "guest")
    variant.rules.setup(game)
    game._changed()
    if auto_chance:
        game.draw_chance()  # a game that starts with a chance step (a shuffled set-up) draws it
    return game


def __getattr__(name: str) -> Any:
    """``paisho_core.svg`` (the SVG pictures, :mod:`paisho_core.drawing.svg`) is imported on first
    use, so the rules engine never loads its drawing tools."""
    if name == "svg":
        from .drawing import svg

        return svg
    raise AttributeError(f"module 'paisho_core' has no attribute {name!r}")
