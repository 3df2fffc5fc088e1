"""Why a move is refused: a typo is a notation error that says what was expected where; a well
formed move the rules refuse is an illegal move that says why, when the rules can tell.

Called only after a move was refused (never during play), so it may be slow and simple.  The
order: points off the board; the variant's ``paisho_explain_illegal`` hook (its own reasons, or
a NotationError for text it cannot read); the generic reasons of a move written
``(x1,y1)-(x2,y2)`` (no tile there, not yours); text shaped like no move of the pending decision
(a notation error listing the shapes that are); else the legal moves.
"""
from __future__ import annotations

import re

from . import board
from .errors import IllegalMoveError, NotationError, PaishoError

POINT_RE = re.compile(r"\(\s*(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})\s*\)")
ARRANGE_RE = re.compile(r"^\((-?[0-9]{1,6}),(-?[0-9]{1,6})\)-\((-?[0-9]{1,6}),(-?[0-9]{1,6})\)$")


def shape(game, text: str) -> str:
    """Text with every point written ``(x,y)`` and every tile code ``T``: the form of a move."""
    out = POINT_RE.sub("(x,y)", text.replace(" ", ""))
    codes = sorted((k.code for k in game.tileset.kinds), key=len, reverse=True)
    if codes:
        out = re.sub("|".join(re.escape(c) for c in codes), "T", out)
    return re.sub(r"\d+", "n", out)


def _sample(game) -> str:
    legal = game.legal_moves()
    sample = ", ".join(str(m) for m in legal[:8]) + (", ..." if len(legal) > 8 else "")
    return f"{len(legal)} legal: {sample}"


def refusal(game, text: str) -> PaishoError:
    """The error to raise for ``text``, refused for the pending decision of ``game``."""
    st = game.state
    where = f"for {st.to_move} (turn {st.turn}, {st.phase})"
    for m in POINT_RE.finditer(text):
        x, y = int(m.group(1)), int(m.group(2))
        if not board.on_board(x, y):
            return NotationError(f"{text!r}: ({x},{y}) is not a point of the board (points are "
                                 f"(x,y) with x and y from -8 to 8 and x*x + y*y <= 80)")
    try:
        reason = game.rules.explain_illegal(game, text.replace(" ", ""))
    except NotationError as exc:
        return NotationError(f"{text!r}: {exc}")
    except PaishoError:
        reason = None
    except Exception:  # an explanation must never turn a refusal into a crash
        reason = None
    if reason is None:
        reason = _arrangement_reason(game, text.replace(" ", ""))
    if reason:
        return IllegalMoveError(f"illegal move {text!r} {where}: {reason}")
    legal = game.legal_moves()
    shapes = sorted({shape(game, str(m)) for m in legal})
    if legal and not _well_formed(game, text, shapes):
        examples = []
        for s in shapes[:6]:
            examples.append(next(str(m) for m in legal if shape(game, str(m)) == s))
        return NotationError(f"{text!r} is not written like a move of this decision {where}: "
                             f"expected {' or '.join(shapes[:6])} (T a tile code), "
                             f"e.g. {', '.join(examples)}")
    return IllegalMoveError(f"illegal move {text!r} {where}; {_sample(game)}")


GENERIC_SHAPES = re.compile(r"^(\+?T\(x,y\)|\(x,y\)-\(x,y\)(\+.*)?|T(,T)*|T\(x,y\)\+.*)$")


def _well_formed(game, text: str, shapes: list[str]) -> bool:
    """Does ``text`` read as a decision: shaped like a legal move, or like a placement
    ``T(x,y)``, a move ``(x,y)-(x,y)`` or a list of tiles, and accepted by the variant's reader?"""
    form = shape(game, text)
    if form not in shapes and not GENERIC_SHAPES.match(form):
        return False
    try:
        game.rules.parse_turn(game, text.replace(" ", ""))
    except (PaishoError, ValueError):
        return False
    return True


def arrangement_points(text: str) -> tuple[int, int, int, int] | None:
    """``(x1, y1, x2, y2)`` of a move written ``(x1,y1)-(x2,y2)`` between two board points."""
    m = ARRANGE_RE.match(text)
    if not m:
        return None
    x1, y1, x2, y2 = map(int, m.groups())
    if not (board.on_board(x1, y1) and board.on_board(x2, y2)):
        return None
    return x1, y1, x2, y2


def _arrangement_reason(game, text: str) -> str | None:
    """Generic reasons for ``(x1,y1)-(x2,y2)``: nothing to move, or not the mover's tile."""
    points = arrangement_points(text)
    if points is None:
        return None
    x1, y1, x2, y2 = points
    tile = game.state.board[board.index(x1, y1)]
    if tile is None:
        return f"there is no tile on ({x1},{y1})"
    if tile.owner != game.state.to_move:
        return f"the {tile.kind.name} on ({x1},{y1}) is {tile.owner}'s"
    if (x1, y1) == (x2, y2):
        return "a move must go somewhere"
    target = game.state.board[board.index(x2, y2)]
    if target is not None and target.owner == tile.owner:
        return f"({x2},{y2}) holds your own {target.kind.name}"
    if not any(str(mv).startswith(f"({x1},{y1})-") for mv in game.legal_moves()):
        return f"the {tile.kind.name} on ({x1},{y1}) has no legal move"
    return None
