"""Street's events for reports (``paisho_game_events``): a tile that ends on an enemy tile
captures it (it carries the captive underneath, so the captive leaves the board); a captive a
moving tile releases comes back and is no capture undone; the Host moves first
(docs/variants/street-tgg/rules.md)."""
from paisho_core.events import landing_events
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": "host"}
    return landing_events(game, move, before)
