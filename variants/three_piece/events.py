"""3-Piece's events for reports (``paisho_game_events``): an Iris caught by the Bisons (captured
or dead, rulebook L567-578) counts as a capture where it stands, as does any tile of the
opponent's that leaves the board."""
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_core.events import left_board


def _caught(game, player: str) -> int:
    from . import status

    captured, dead = status(game)[player]
    return captured | dead


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return None
    foe = other(before.state.to_move)
    newly = _caught(game, foe) & ~_caught(before, foe)
    return {"captures": left_board(before.state, game.state)[foe] + newly.bit_count()}
