"""Skud's events for reports (``paisho_game_events``): a Boat removing an accent is a removal,
not a capture; a bonus is a decision of the harmony-bonus phase."""
from paisho_core.hookspecs import hookimpl

from ..common.events import garden_events


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return None  # tiles in play: the generic count once the accents are chosen (turn 1)
    return garden_events(game, move, before, bonus_phase="bonus")
