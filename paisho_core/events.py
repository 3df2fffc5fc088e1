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
