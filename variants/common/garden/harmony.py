"""Harmonies: pairs carried from board to board, rings, midline counts and the outcome they decide."""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import BIT, bits
from paisho_core.game import Harmony, Outcome
from paisho_core.sight import encloses
from paisho_core.tiles import PLAYERS, other

from .memo import _carried, derived, lines
from .sightlines import COLUMN


def line_cancelled(rock_mask: int, a: int, horizontal: bool) -> bool:
    """Is the row (horizontal) or column of point ``a`` holding a tile of ``rock_mask``?"""
    row, col = divmod(a, board.SIZE)
    if horizontal:
        return bool((rock_mask >> (row * board.SIZE)) & board.ROW_MASK)
    return bool(rock_mask & (COLUMN << col))


def harmony_pairs(game, able: int, status: int, fixed: int, pairs_at) -> list:
    """The harmony pairs ``(a, b, owners)`` of the current board, ``a`` ascending: the pairs
    ``pairs_at(a)`` gives for each tile ``a`` of ``able`` (with its nearest tile east, then
    north), memoised in :func:`derived`.

    Carried from the previous memo's pairs when it can be: a tile's pairs change only if it, its
    line neighbours or its ``status`` changed (``status``: a bitset the variant derives from the
    board, drained or boosted tiles; it must capture every non-local effect but those of
    ``fixed``).  ``fixed``: the tiles whose presence changes pairs far away (Rocks cancelling
    rows and columns, Lion Turtles); when one of them changed, every pair is recomputed."""
    memo = game.cache.get("garden") or derived(game)  # no call when it is there
    got = memo.get("pairs")
    if got is not None:
        return got
    lines_ = lines(game)
    carried = _carried(memo, "pair_map")
    touched = memo.get("relinked_ahead")  # a tile's pairs look east and north only
    if carried is not None and touched is not None:
        prev, old, found = carried
        if found & (fixed | prev["pair_fixed"]) or fixed != prev["pair_fixed"]:
            carried = None
    if carried is None or touched is None:
        pair_map = {}
        for a in bits(able):
            got = pairs_at(a)
            if got:
                pair_map[a] = got
    else:
        changed = found | (prev["pair_status"] ^ status)
        again = changed | touched
        m = changed
        while m:  # highest point first (order does not matter here): one operation per point
            p = m.bit_length() - 1
            m ^= BIT[p]
            around = lines_.get(p)
            if around is not None:
                w, so = around[1], around[3]
                if w >= 0:
                    again |= BIT[w]
                if so >= 0:
                    again |= BIT[so]
        pair_map = old
        while again:
            a = again.bit_length() - 1
            low = BIT[a]
            again ^= low
            got = pairs_at(a) if able & low else None
            if got:
                pair_map[a] = got
            else:
                pair_map.pop(a, None)
    memo["pair_map"], memo["pair_status"], memo["pair_fixed"] = pair_map, status, fixed
    out: list = []
    for a in sorted(pair_map):
        out += pair_map[a]
    memo["pairs"] = out
    return out


def harmony_list(state, pairs):
    """Harmony objects from (a, b, owners) triples, each tile pair once."""
    out = []
    for a, b, owners in pairs:
        out.append(Harmony(board.coords(a), board.coords(b), owners[0], board.crosses_midline(a, b),
                           tuple(owners)))
    return out


def ring_winners(pairs) -> list[str]:
    """Players owning a ring: a cycle of their harmonies around the centre (see sight.encloses)."""
    winners: list[str] = []
    if len(pairs) < 4:  # a ring takes four harmonies of one player at least
        return winners
    for player in PLAYERS:
        edges = [(a, b) for a, b, owners in pairs if player in owners]
        if len(edges) >= 4 and encircles(edges):
            winners.append(player)
    return winners


def encircles(edges: list) -> bool:
    """``encloses(edges)``, remembered by the edges (:data:`_RINGS`)."""
    key = tuple(edges)
    ring = _RINGS.get(key)
    if ring is None:
        if len(_RINGS) >= RINGS_KEPT:
            _RINGS.clear()
        ring = _RINGS[key] = encloses(edges)
    return ring


_RINGS: dict[tuple, bool] = {}
"""``encloses(edges)`` per tuple of harmony edges seen lately (a player's harmonies mostly stay
the same from one board to the next)."""
RINGS_KEPT = 4096


def midline_counts(pairs) -> dict[str, int]:
    counts = {p: 0 for p in PLAYERS}
    for a, b, owners in pairs:
        if board.crosses_midline(a, b):
            for o in owners:
                counts[o] += 1
    return counts


def ring_or_count_outcome(pairs, count_ending: bool, count_reason: str):
    """Ring first (one player wins, both: draw); else, if ``count_ending``, most midline-crossing
    harmonies wins."""
    winners = ring_winners(pairs)
    if winners:
        if len(winners) == 2:
            return Outcome(None, "harmony rings for both players", {"rings": winners})
        return Outcome(winners[0], "harmony ring")
    if count_ending:
        counts = midline_counts(pairs)
        detail = {"midline_crossing": counts, "ending": count_reason}
        if counts["host"] == counts["guest"]:
            return Outcome(None, f"{count_reason}; midline-crossing harmonies tied "
                                 f"{counts['host']}-{counts['guest']}", detail)
        winner = "host" if counts["host"] > counts["guest"] else "guest"
        return Outcome(winner, f"{count_reason}; more midline-crossing harmonies "
                               f"({counts[winner]}-{counts[other(winner)]})", detail)
    return None


def new_harmony(state, before_pairs, after_pairs, player: str) -> bool:
    """Does ``player`` own a harmony after a change between two tiles that did not form a
    ``player``-owned harmony before it?  Tiles are told apart by identity, so a tile that moves
    and keeps its partner forms nothing new (reference 2.11).  ``before_pairs``: the
    :func:`harmony_idents` before the change."""
    ident = state.ident
    for a, q, owners in after_pairs:
        if player in owners:
            i, j = ident[a], ident[q]
            if (i << 32 | j if i < j else j << 32 | i) not in before_pairs:
                return True
    return False


def harmony_idents(state, pair_list, player: str) -> set:
    """The ``player``-owned harmonies of ``pair_list`` as pairs of tile identities, each pair
    one number (the smaller identity above the larger)."""
    ident = state.ident
    out = set()
    for a, q, owners in pair_list:
        if player in owners:
            i, j = ident[a], ident[q]
            out.add(i << 32 | j if i < j else j << 32 | i)
    return out
