"""Modern's events for reports (``paisho_game_events``): a tile that lands next to opponent's
tiles it defeats captures them (the book's chapter 4, L580-693), an Avatar going back to its
reserve included; the mover's own tile removed because it landed next to tiles that defeat it
is a removal; the Guest moves first (the layouts' first player).  Nick, an overlay of Modern,
counts the same way (it inherits this hook)."""
from paisho_core.events import split_by_mover
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": game.state.to_move}
    return split_by_mover(game, before)
