"""The error family.  Every message names where the problem is (file, line, field, move number)."""
from __future__ import annotations


class PaishoError(Exception):
    """Base class of every error paisho raises on bad input."""


class VariantError(PaishoError):
    """Unknown variant or option, or a variant definition (YAML) that fails validation."""


class IllegalMoveError(PaishoError):
    """A move that is not legal for the pending decision; the game is unchanged."""


class NotationError(IllegalMoveError):
    """Text that cannot be read as a move or turn: a typo, a point off the board.  The message
    says what was expected where.  It is a kind of IllegalMoveError (a move that cannot be
    played either way), so ``except IllegalMoveError`` still catches every refused move; catch
    NotationError first to tell a typo from a rules violation."""


class RecordError(PaishoError):
    """A game record that cannot be read or replayed."""

    def __init__(self, message: str, move_number: str | None = None, line: int | None = None,
                 source: str | None = None) -> None:
        where = []
        if source:
            where.append(str(source))
        if line is not None:
            where.append(f"line {line}")
        if move_number is not None:
            where.append(f"move {move_number}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)
        self.move_number = move_number
        self.line = line
        self.source = source


class PositionError(PaishoError):
    """A position that fails validation; ``problems`` lists (json_path, message)."""

    def __init__(self, problems: list[tuple[str, str]], source: str | None = None) -> None:
        self.problems = problems
        head = f"{source}: " if source else ""
        text = "; ".join(f"{path}: {msg}" for path, msg in problems)
        super().__init__(f"{head}invalid position: {text}")
