"""The one-turn window, read from a position: which of the opponent's replies break a player's
four-midline set.

A set made at the end of a turn wins unless the opponent stops it with their one turn (book
chapter 2, L475-483; rules.md "Winning").  A harmony is stopped only by a tile standing between
its two ends or by one end leaving the board (L410-412, L467): a take, a Rock placed on the line
(L459-460; an Earth looks through Rocks, L446-447), a tile moved or entering onto the line
(L462), or the opponent's own Lotus moving away when it is one of the ends (L453-454).  Knotweed
breaks nothing (L457).

:func:`breaking_replies` lists the opponent's legal actions after which the player holds no set:
a quick pass over the actions finds those that touch every set (a take, a block), and each of
those is then played to see, since a tile leaving its point may open a new line for the player.
An empty list while the set stands means no reply can stop it: the game is won.  The strength
benchmark's companion ``benchmarks/iroh_window.py`` uses it to tell a won game's cause (a set no
reply breaks, or a breaking reply that was not played).
"""
from __future__ import annotations

from functools import lru_cache

from paisho_core.board import bits
from paisho_core.tiles import other

from paisho_variants import iroh as rules_module

from . import harmony, moves
from .geometry import X, Y, between, crossed_arm
from .roles import roles


@lru_cache(maxsize=65536)
def _between(a: int, q: int) -> int:
    m = 0
    for j in between(a, q):
        m |= 1 << j
    return m


def _replies(game, player: str) -> list:
    """The legal actions of ``player``'s opponent, as if it were their turn (cached per state)."""
    key = ("replies", player)
    out = game.cache.get(key)
    if out is None:
        opp = other(player)
        out = game.cache[key] = game.legal_moves() if game.state.to_move == opp else \
            moves.turn_moves(game, game.state, roles(game.variant), opp)
    return out


def _hits(game, player: str, pairs: list) -> list:
    """For each reply of the opponent (in :func:`_replies` order): a bit set over ``pairs`` (the
    player's harmonies) of the ones that reply breaks, or 0."""
    st = game.state
    b = st.board
    r = roles(game.variant)
    cfg = moves.config(game)
    block: dict[int, int] = {}  # point -> pairs a tile arriving there stands between
    rock_block: dict[int, int] = {}  # point -> pairs a Rock placed there breaks
    ends: dict[int, int] = {}  # point -> pairs with an end there
    for k, (a, q, _arm, _owners) in enumerate(pairs):
        bit = 1 << k
        ends[a] = ends.get(a, 0) | bit
        ends[q] = ends.get(q, 0) | bit
        sees_rocks = b[a].kind.code in r.earth or b[q].kind.code in r.earth
        for j in bits(_between(a, q)):
            block[j] = block.get(j, 0) | bit
            if not sees_rocks:
                rock_block[j] = rock_block.get(j, 0) | bit
    knot_inert = not cfg.lines.knotweed_blocks
    touch = 0
    for j in ends:
        touch |= 1 << j
    for j in block:
        touch |= 1 << j
    lotus = r.lotus
    out = []
    for m in _replies(game, player):
        hit = 0
        if m.dst < 0 or not (touch >> m.dst & 1 or m.action == "move" and b[m.src].kind.code in lotus):
            out.append(0)  # a pass, a burn, or an action away from every line and end
            continue
        if m.action == "place":
            if m.tile in r.rock:
                hit = rock_block.get(m.dst, 0)
            elif not (m.tile in r.knotweed and knot_inert):
                hit = block.get(m.dst, 0)
        elif m.action == "move":
            hit = block.get(m.dst, 0) | ends.get(m.dst, 0)
            if b[m.src].kind.code in lotus:  # the opponent's Lotus leaving one of the ends
                hit |= ends.get(m.src, 0)
        out.append(hit)
    return out


def breaking_replies(game, player: str) -> list:
    """The opponent's legal actions after which ``player`` holds no four-midline set; [] when
    the player holds no set, or when every reply leaves one standing (the set then wins at the
    start of the player's next turn, L475-483).  Exact when the opponent is to move (the set's
    window); asked while ``player`` is to move, it answers the quick pass's over-estimate."""
    if not rules_module.winning_set(game, player):
        return []
    key = ("breaking", player)
    found = game.cache.get(key)
    if found is not None:
        return found
    pairs = [p for p in rules_module.pairs(game) if player in p[3]]
    capacity = harmony.capacity_of(game.state, roles(game.variant))
    verdict: dict[int, bool] = {}
    suspects = []
    for m, hit in zip(_replies(game, player), _hits(game, player, pairs)):
        if not hit:
            continue
        broken = verdict.get(hit)
        if broken is None:
            left = [p for k, p in enumerate(pairs) if not hit >> k & 1]
            broken = verdict[hit] = harmony.four_arm_set(left, player, capacity) is None
        if broken:
            suspects.append(m)
    # a tile leaving its point may open a new line for the player (the take's victim, a tile
    # that stood between two of theirs): each suspect is played to see (the game is left as it
    # was; its cache is rebuilt afterwards)
    found = []
    if suspects:
        if game.state.to_move == player:  # not in its window: the opponent's replies cannot be played
            return suspects
        for m in suspects:
            game.play(m)
            done = game.outcome
            kept = done.winner == player if done is not None else bool(rules_module.winning_set(game, player))
            game.undo()
            if not kept:
                found.append(m)
    game.cache[key] = found
    return found


def set_makers(game, candidates: list) -> set:
    """Of the mover's ``candidates``, the texts of those that bring a harmonizer onto a clear line
    across a midline arm facing a tile it could pair with, after which the mover's harmonies
    (those that stand, less any through the tile moved, plus the new ones) make a four-midline
    set under the tile limits (L412, L473): the usual way a set is completed, found by geometry
    without playing the moves.  A partner is the mover's harmonizer or
    any Lotus (L453), or a Rock for an arriving Earth; the line between is clear but for
    Knotweed (L457) and, when either end is an Earth, Rocks (L446-447).  A set completed by a
    tile leaving a line or taken is not looked for (a take is weighted up anyway)."""
    st = game.state
    player = st.to_move
    r = roles(game.variant)
    mine = [p for p in rules_module.pairs(game) if player in p[3]]
    if len(harmony.best_cover(mine, player, harmony.capacity_of(st, r))) < 3:
        return set()
    b = st.board
    partners: dict = {}  # ("row", y) / ("col", x) -> points of tiles a harmonizer could pair with
    knots = rocks = 0
    for i in bits(st.occupied):
        t = b[i]
        code = t.kind.code
        if code in r.knotweed:
            knots |= 1 << i
        elif code in r.rock:
            rocks |= 1 << i
        if not (X[i] and Y[i]):
            continue
        if code in r.rock or code in r.harmonizer and (t.owner == player or code in r.lotus):
            partners.setdefault(("row", Y[i]), []).append(i)
            partners.setdefault(("col", X[i]), []).append(i)
    out = set()
    for m in candidates:
        if m.action not in ("move", "place"):
            continue
        code = m.tile if m.action == "place" else b[m.src].kind.code
        if code not in r.harmonizer:
            continue
        d = m.dst
        if not (X[d] and Y[d]):
            continue
        src = 1 << m.src if m.action == "move" else 0
        new = []
        for p in partners.get(("row", Y[d]), []) + partners.get(("col", X[d]), []):
            arm = crossed_arm(d, p)
            if p == m.src or arm is None:
                continue
            partner = b[p].kind.code
            if partner in r.rock and code not in r.earth:
                continue
            earth = code in r.earth or partner in r.earth
            if not _between(d, p) & st.occupied & ~src & ~knots & ~(rocks if earth else 0):
                new.append((d, p, arm, (player,)))
        if not new:
            continue
        kept = [p for p in mine if m.src not in (p[0], p[1])] if src else mine

        def capacity(i, d=d, code=code):
            return 2 if (code if i == d else b[i].kind.code) in r.double else 1

        if harmony.four_arm_set(kept + new, player, capacity) is not None:
            out.add(m.text)
    return out
