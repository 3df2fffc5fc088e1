"""Iroh's events for reports (``paisho_game_events``): a tile that moves onto an opponent's tile
captures it (the book's chapter 2, L437-470); a Knotweed a Fire burns leaves the game as a
removal, not a capture (ruling I13 counts both as lost tiles); the Guest moves first (ruling
on the first player, docs/variants/iroh/rulings.md)."""
from paisho_core.events import landing_events
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": game.state.to_move}
    return landing_events(game, move, before)
