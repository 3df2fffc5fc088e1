"""How a game ended: a small value shared by the game, positions and records."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winner`` is 'host', 'guest' or None (a draw)."""

    winner: str | None
    reason: str
    details: dict = field(default_factory=dict, compare=False)

    @property
    def result(self) -> str:
        """``"host"``, ``"guest"`` or ``"draw"`` (the record's Result tag)."""
        return self.winner or "draw"

    def to_json(self) -> dict:
        return {"winner": self.winner, "result": self.result, "reason": self.reason, **self.details}
