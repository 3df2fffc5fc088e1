"""Adevar's events for reports (``paisho_game_events``): a tile moved or called onto an
opponent's tile captures it, whether the captive goes to the captured pile or back to its
owner's hand; a Second Face lost on the wrong Hidden Tile, and a tile a regrowing Vanguard
pushes home, are removals; the Host moves first (the Hidden Tiles are chosen Host first)."""
from paisho_core.events import landing_events
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": "host"}
    return landing_events(game, move, before, actions=("move", "call"))
