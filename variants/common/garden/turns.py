"""Turn ends, the phase of a loaded position and notation shared by the garden games."""
from __future__ import annotations

from paisho_core.errors import PositionError
from paisho_core.game import Outcome

from .harmony import ring_or_count_outcome


def end_of_turn_outcome(game, pair_list, count_ending: bool, count_reason: str):
    """The garden games' end check at a turn boundary: a ring, else the midline count when
    ``count_ending``, else a draw if the player to move has no legal decision at all."""
    outcome = ring_or_count_outcome(pair_list, count_ending, count_reason)
    if outcome is None and not game.has_legal_move():
        outcome = Outcome(None, "no legal move", {"stuck": game.state.to_move})
    return outcome


def end_turn(state) -> None:
    """Pass the turn: Guest then Host make one turn number."""
    state.phase = "turn"
    state.next_turn("guest")


def loaded_phase(data: dict, title: str, phases: tuple[str, ...]) -> str:
    """The phase of a position being loaded (``turn`` when it names none); PositionError unless
    it is one of the variant's ``phases`` (``title`` names the variant)."""
    phase = data.get("phase", "turn")
    if phase not in phases:
        raise PositionError([("$.phase", f"{title} has no phase {phase!r} ({', '.join(phases)})")])
    return phase


def split_bonus(body: str) -> tuple[str, str | None]:
    """Split a turn body at its bonus marker (``+`` or the legacy ``_``)."""
    body = body.replace(" ", "").replace("_", "+")
    if "+" in body:
        head, bonus = body.split("+", 1)
        return head, "+" + bonus
    return body, None
