"""Capture's events for reports (``paisho_game_events``): a tile that moves onto an opponent's
tile it may take (one of the next three in the Capture Cycle) captures it; the deals capture
nothing; the Host moves first (docs/variants/capture/rules.md)."""
from paisho_core.events import landing_events
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": "host"}
    return landing_events(game, move, before)
