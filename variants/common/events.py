"""What a decision did in the garden games (Skud and Fire), counted by their rules for the
``paisho_game_events`` hook."""
from __future__ import annotations

from paisho_core.events import harmonies_of, left_board
from paisho_core.tiles import other


def garden_events(game, move, before, bonus_phase: str, accent_groups=("accent",)) -> dict:
    """Skud's and Fire's events: a tile of the opponent's that leaves the board is a capture,
    unless an accent's effect took it (a Boat removing an accent: a removal, as is any tile of
    the mover's that leaves); harmonies formed are the mover's harmonies gained; a decision
    taken in ``bonus_phase`` (other than declining) is a bonus used."""
    mover = before.state.to_move
    gone = left_board(before.state, game.state)
    kind = game.tileset.by_code.get(move.tile) if move.tile else None
    by_accent = kind is not None and kind.group in accent_groups
    captures = 0 if by_accent else gone[other(mover)]
    removals = gone[mover] + (gone[other(mover)] if by_accent else 0)
    formed = max(0, harmonies_of(game, mover) - harmonies_of(before, mover))
    bonus = int(before.state.phase == bonus_phase and not move.implicit and move.action != "skip")
    return {"captures": captures, "removals": removals, "harmonies_formed": formed, "bonuses": bonus}
