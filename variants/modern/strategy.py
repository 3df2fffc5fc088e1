"""What computer players know of Modern Pai Sho's goal (rules: docs/variants/modern/rules.md):
bring one's White Lotus to the Spirit Portal at the centre and keep it there for a turn, keep it
out of reach of enemy tiles (a captured Lotus must run, and dies when it cannot), and attack the
enemy Lotus on its way.  Registered through the YAML's ``plugins``; it answers before the rules
module's own simpler evaluation."""
from __future__ import annotations

from paisho_core.board import HALF, NCELLS, PLAYABLE, bits, coords, index
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.common.strategy import outcome_score


def _from_portal(point) -> int:
    return abs(point[0]) + abs(point[1])


PORTAL_DISTANCE = tuple(_from_portal(coords(i)) for i in range(NCELLS))
"""Each point's distance (in steps along the lines) from the Portal at the centre."""
GUARD_POINTS = sum(1 << i for i in bits(PLAYABLE) if 1 <= PORTAL_DISTANCE[i] <= 2)
"""The points one or two steps from the Portal, where a guard stands."""
def _offsets(offsets) -> list[int]:
    """For each point of the grid, the grid points at these offsets from it, as a bitset (the
    whole grid, not only the board's points: a position may hold a tile off them)."""
    return [sum(1 << index(x + dx, y + dy) for dx, dy in offsets
                if abs(x + dx) <= HALF and abs(y + dy) <= HALF)
            for x, y in map(coords, range(NCELLS))]


TWO_STEPS = _offsets(((2, 0), (-2, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)))
"""For each point, the points exactly two steps away along the lines."""
NEXT_4 = _offsets(((1, 0), (-1, 0), (0, 1), (0, -1)))
NEXT_8 = _offsets(((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)))


def _near_points(adjacency: int) -> list[int]:
    """For each point, the points next to it: the 4 orthogonal neighbours (``adjacency`` 4), or
    the 8 around."""
    return NEXT_4 if adjacency == 4 else NEXT_8


def lotus_points(game) -> dict[str, int]:
    """Each player's White Lotus points (a bitset; the tile kinds tagged ``lotus``)."""
    st = game.state
    b = st.board
    out = {"host": 0, "guest": 0}
    for i in bits(st.occupied):
        t = b[i]
        if "lotus" in t.kind.tags:
            out[t.owner] |= 1 << i
    return out


def _standing(game, player: str, adjacency: int, lotuses: dict | None = None) -> float:
    """Material (a waiting Avatar half), up to three guards of the Portal (tiles one or two steps
    from it, ready to capture a Lotus that arrives), then the Lotus: closeness to the Portal, on
    it and free (a win when the turn comes round), captured, and enemy tiles within two steps.
    ``lotuses``: :func:`lotus_points` of the position when already read.  Each count is a bitset
    of the board (points near the Portal, around the Lotus, two steps from it) laid over the
    players' tiles."""
    st = game.state
    lotuses = lotuses or lotus_points(game)
    mine = st.owned[player]
    value = float(mine.bit_count()) + 0.5 * sum(st.pile("reserve", player).values())
    # guards: tiles that can step next to the Portal in one move, ready to capture a Lotus there
    lotus = lotuses[player]
    value += 0.5 * min(3, (mine & ~lotus & GUARD_POINTS).bit_count())
    if not lotus:
        return value
    at = (lotus & -lotus).bit_length() - 1  # the first in grid order
    d = PORTAL_DISTANCE[at]
    value += 6.0 / (d + 1)
    foe = other(player)
    enemies = st.owned[foe] & ~lotuses[foe]
    captured = bool(_near_points(adjacency)[at] & enemies)
    if captured:
        value -= 6.0
    elif d == 0:
        value += 10.0
    value -= 0.7 * (enemies & TWO_STEPS[at]).bit_count()
    return value


@hookimpl
def paisho_evaluate(game, player):
    """Material, Lotus progress to the Portal and Lotus safety, own minus the opponent's."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    adjacency = int(game.options.get("adjacency", 4))
    lotuses = lotus_points(game)
    return _standing(game, player, adjacency, lotuses) - _standing(game, other(player), adjacency, lotuses)


@hookimpl
def paisho_playout_weights(game, moves):
    """A Lotus step toward the Portal three times, a move next to the enemy Lotus six times, a
    move next to any enemy tile one and a half."""
    st = game.state
    me = st.to_move
    near = _near_points(int(game.options.get("adjacency", 4)))
    foe = other(me)
    lotuses = lotus_points(game)
    enemy_lotus = lotuses[foe]
    by_lotus = near[(enemy_lotus & -enemy_lotus).bit_length() - 1] if enemy_lotus else 0
    by_enemy = 0
    for e in bits(st.owned[foe]):
        by_enemy |= near[e]
    b = st.board
    out = []
    for m in moves:
        w = 1.0
        src, dst = m.src, m.dst
        if src is not None and src >= 0 and dst is not None and dst >= 0:
            tile = b[src]
            if tile is not None and "lotus" in tile.kind.tags:
                if PORTAL_DISTANCE[dst] < PORTAL_DISTANCE[src]:
                    w *= 3.0
            else:
                if by_lotus >> dst & 1:
                    w *= 6.0
                elif by_enemy >> dst & 1:
                    w *= 1.5
        out.append(w)
    return out
