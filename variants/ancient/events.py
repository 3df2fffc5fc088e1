"""Ancient's events for reports (``paisho_game_events``): the first player is the one the
opening ritual chose (``first`` in the variant's data, wiki:24, book:974-982), and with the
shared pool (``tile_pool: shared``) a player's tiles in play are the hand and the board: the
pool belongs to neither, nor does the centrepiece."""
from paisho_core.hookspecs import hookimpl

from paisho_core.events import tiles_in_play
from .rules import CENTRE, opts


@hookimpl
def paisho_game_events(game, move, before):
    st = game.state
    first = st.extra.get("first")
    if move is None:
        piles = ("hand",) if opts(game).shared else ("hand", "pool")
        out = tiles_in_play(game, piles)
        centre = st.board[CENTRE]
        if centre is not None and st.ident[CENTRE] == st.extra.get("centre_id"):
            out[centre.owner] -= 1  # the centrepiece is nobody's tile
        return {"tiles_in_play": out, "first_player": first}
    return {"first_player": first} if first else None
