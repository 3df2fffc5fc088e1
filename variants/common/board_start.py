"""What the variants whose tiles all start on the board share (3-Piece, Modern).

Their games open on a layout of the YAML (option ``layout``), are drawn by repetition or a turn
limit (options ``repetition`` and ``max_turns``, 0 = off) and end when the player to move has no
legal move (option ``no_move``: ``loses`` or a draw).  A variant reads its options into its own
``Cfg``; the helpers here take any object with the attributes ``repetition``, ``max_turns`` and
``no_move``.  The geometry (layouts, the repetition key) is :mod:`paisho_core.steps`.
"""
from __future__ import annotations

from paisho_core.board import LABEL, bits
from paisho_core.errors import PositionError
from paisho_core.game import Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.steps import (check_layout_and_draw_options, draw_by_repetition_or_limit, draw_rules_status,
                               position_key)
from paisho_core.tiles import other


@hookimpl
def paisho_validate_options(variant, options):
    return check_layout_and_draw_options(variant, options)


def draw_rules(game, c) -> Outcome | None:
    """Repetition and turn limit (the books have neither; the rulings pages, 'Games that do not
    end')."""
    return draw_by_repetition_or_limit(game.state, c.repetition, c.max_turns)


def stuck(c, to: str) -> Outcome:
    """The end when ``to``, the player to move, has no legal move: a loss with option
    ``no_move=loses``, else a draw."""
    return Outcome(other(to) if c.no_move == "loses" else None, "no legal move", {"stuck": to})


def stuck_or_drawn(game, c, held: int, reason: str, key: str) -> Outcome | None:
    """The ends checked after a variant's own: when the player to move has no legal move, they
    lose with ``reason`` if ``held`` (a bitset of their tiles held captive) is not empty, the
    points listed under ``key``, and :func:`stuck` decides otherwise; while they can move, the
    draw rules."""
    to = game.state.to_move
    draw = draw_rules(game, c)
    if game.has_legal_move():
        return draw
    if held:
        return Outcome(other(to), reason, {key: [LABEL[i] for i in bits(held)]})
    return stuck(c, to)


def remember_position(state) -> None:
    """Count the position just reached for repetition (after a turn)."""
    state.extra["seen"] = state.extra.get("seen", ()) + (position_key(state),)


def accept_position(game, problems: list) -> None:
    """Refuse a loaded position with ``problems`` (``[(path, message)]``, PositionError), or
    accept it: the repetition count starts again from it."""
    if problems:
        raise PositionError(problems)
    game.state.extra["seen"] = (position_key(game.state),)
    game.cache.clear()


def with_draw_line(lines: list, game, c) -> list:
    """``lines`` of a status display, with the draw rules' line (repetition count, turn) added
    when either rule is on."""
    line = draw_rules_status(game.state, c.repetition, c.max_turns)
    if line:
        lines.append(line)
    return lines
