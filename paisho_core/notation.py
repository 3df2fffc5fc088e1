"""Generic notation: turn tokens ``<n><P>.<body>`` and points ``(x,y)`` (spec sections 3-4)."""
from __future__ import annotations

import re

from . import board
from .errors import NotationError
from .tiles import CODE_PLAYER

TURN_RE = re.compile(r"^\s*([0-9]{1,9})\s*([GH])\s*\.\s*(.*?)\s*$", re.S)
POINT_RE = re.compile(r"\(\s*(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})\s*\)")


def split_turn_token(text: str) -> tuple[int, str, str] | None:
    """``(number, player, body)`` for text shaped ``<n><P>.<body>``, else None."""
    m = TURN_RE.match(text)
    if not m:
        return None
    return int(m.group(1)), CODE_PLAYER[m.group(2)], m.group(3).replace(" ", "")


def normalise_decision(text: str) -> str:
    """Canonical spelling of a decision: no spaces, ``_`` read as ``+``."""
    return text.replace(" ", "").replace("_", "+")


def point(text: str) -> int:
    """Grid index of ``(x,y)``; NotationError if malformed or off the board."""
    m = POINT_RE.fullmatch(text.strip())
    if not m:
        raise NotationError(f"{text!r} is not a point (expected (x,y))")
    x, y = int(m.group(1)), int(m.group(2))
    if not board.on_board(x, y):
        raise NotationError(f"({x},{y}) is not on the board")
    return board.index(x, y)


def label(i: int) -> str:
    return board.LABEL[i]


def check_points(text: str) -> None:
    """NotationError if any ``(x,y)`` written in ``text`` is off the board, or if a parenthesis
    does not belong to a point."""
    rest = POINT_RE.sub("", text)
    if "(" in rest or ")" in rest:
        raise NotationError(f"{text!r}: parentheses must enclose a point (x,y)")
    for m in POINT_RE.finditer(text):
        x, y = int(m.group(1)), int(m.group(2))
        if not board.on_board(x, y):
            raise NotationError(f"({x},{y}) is not a point of the board")


def single_decision(body: str, pattern: re.Pattern[str], expected: str) -> list[str]:
    """The body of a turn that is one decision: spaces dropped, checked against ``pattern`` (an
    error saying ``expected`` when it does not match) and its points checked; a one-item list."""
    body = body.replace(" ", "")
    if not pattern.match(body):
        raise NotationError(f"{body!r} is not a turn of this variant: expected {expected}")
    check_points(body)
    return [body]
