"""Neutral helpers for the ``paisho_game_events`` hook (what a decision did, for reports): the
tiles that left the board, a player's harmonies, the tiles each player has in play.  A variant's
hook uses them for the parts it shares with others; ``paisho compare`` uses them where a
variant says nothing."""
from __future__ import annotations

from .tiles import PLAYERS


def left_board(before, after) -> dict[str, int]:
    """How many tiles of each player left the board between two states."""
    return {p: max(0, before.owned[p].bit_count() - after.owned[p].bit_count()) for p in PLAYERS}


def harmonies_of(game, player: str) -> int:
    """How many of the current harmonies ``player`` owns (alone or with the other player)."""
    return sum(1 for h in game.harmonies() if player in (h.owners or (h.owner,)))


def tiles_in_play(game, piles: tuple = ()) -> dict[str, int]:
    """Each player's tiles on the board and in the named piles (all piles when none named)."""
    st = game.state
    out = {p: st.owned[p].bit_count() for p in PLAYERS}
    for name, per in st.piles.items():
        if piles and name not in piles:
            continue
        for p in PLAYERS:
            out[p] += sum(per.get(p, {}).values())
    return out


def split_by_mover(game, before) -> dict[str, int]:
    """The generic count: the opponent's tiles that left the board during the mover's decision
    are captures, the mover's own are removals."""
    mover = before.state.to_move
    gone = left_board(before.state, game.state)
    return {"captures": sum(n for p, n in gone.items() if p != mover), "removals": gone[mover]}


def landing_events(game, move, before, takes=None, actions: tuple = ("move",)) -> dict[str, int]:
    """Events where a tile captures by ending a decision of one of ``actions`` on an opponent's
    tile: that tile, gone from the destination, is the capture (unless ``takes(tile)`` says such
    a landing removes it without capturing it); every other tile that left the board is a
    removal (a tile sent home, a lander lost with what it landed on, a tile another effect
    took)."""
    dst = move.dst
    captures = 0
    if move.action in actions and 0 <= dst < len(before.state.board):
        target = before.state.board[dst]
        if (target is not None and target.owner != before.state.to_move
                and game.state.ident[dst] != before.state.ident[dst]
                and (takes is None or takes(target))):
            captures = 1
    gone = sum(left_board(before.state, game.state).values())
    return {"captures": captures, "removals": max(0, gone - captures)}
