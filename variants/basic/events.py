"""Basic's events for reports (``paisho_game_events``): a tile that lands on an opponent's flower
captures it (L177); landing on a non-flower takes both tiles out, a removal and not a capture
(L177, ruling B16), as is a tile a Wheel or Boat sends back from the wrong garden; the first
player is the option ``first_move``'s (the Spring Flowers before it are set-up)."""
from paisho_core.events import landing_events
from paisho_core.hookspecs import hookimpl

from .rules import info


@hookimpl
def paisho_game_events(game, move, before):
    first = game.options["first_move"]
    if move is None:
        return {"first_player": first}
    non_flowers = info(game.variant).non_flowers
    said = landing_events(game, move, before, takes=lambda tile: tile.kind.code not in non_flowers)
    return {**said, "first_player": first}
