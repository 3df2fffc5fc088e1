"""Fire's events for reports (``paisho_game_events``): a Boat removing an accent is a removal,
not a capture; a bonus is placing the tile a harmony bonus drew."""
from paisho_core.hookspecs import hookimpl

from ..common.events import garden_events


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return None
    return garden_events(game, move, before, bonus_phase="place")
