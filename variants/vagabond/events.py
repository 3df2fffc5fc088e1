"""Vagabond's events for reports (``paisho_game_events``): a tile that moves onto an opponent's
tile captures it (docs/variants/vagabond/rules.md); deploying captures nothing; the Host moves
first."""
from paisho_core.events import landing_events
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": "host"}
    return landing_events(game, move, before)
