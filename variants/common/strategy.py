"""Building blocks for the variants' strategy modules (what computer players are taught about a
variant through ``paisho_evaluate`` and ``paisho_playout_weights``): reading harmonies as arms
of a ring around the centre, and weighing moves by what they do before they are played."""
from __future__ import annotations

from paisho_core.board import SIZE, coords, index
from paisho_core.tiles import other

ARMS = ("N", "E", "S", "W")
"""The four half-midlines from the centre: a closed chain around the centre crosses every one."""


def arm_of(a: tuple, b: tuple) -> str | None:
    """The half-midline the straight segment a-b crosses strictly, if any."""
    (ax, ay), (bx, by) = a, b
    if ay == by and ay != 0 and ax * bx < 0:
        return "N" if ay > 0 else "S"
    if ax == bx and ax != 0 and ay * by < 0:
        return "E" if ax > 0 else "W"
    return None


def arms_of(game, player: str) -> set:
    """The half-midlines ``player``'s harmonies cross."""
    arms = set()
    for h in game.harmonies():
        if player in (h.owners or (h.owner,)):
            arm = arm_of(h.a, h.b)
            if arm is not None:
                arms.add(arm)
    return arms


FLANKS = {"N": ((-1, 1), (1, 1)), "S": ((-1, -1), (1, -1)), "E": ((1, 1), (1, -1)),
          "W": ((-1, 1), (-1, -1))}
"""The two quadrants (signs of x and y) a harmony across each half-midline joins."""


def arm_potential(points: list, missing) -> float:
    """For each half-midline in ``missing``: 0.5 when ``points`` (a player's tiles that can
    harmonize, as (x, y)) stand in both quadrants it joins, 0.5 more when two of them face each
    other across it on one line (a harmony once the line is clear or the tiles are partners).
    The points are sorted into quadrants once; two face each other when the sets of their rows
    (or columns) in the two quadrants meet."""
    if not missing:
        return 0.0
    quadrants: dict = {}
    for x, y in points:
        if x and y:
            quadrants.setdefault((1 if x > 0 else -1, 1 if y > 0 else -1), []).append((x, y))
    value = 0.0
    for arm in missing:
        flank1, flank2 = FLANKS[arm]
        one, two = quadrants.get(flank1), quadrants.get(flank2)
        if one and two:
            value += 0.5
            k = 1 if arm in ("N", "S") else 0  # across a row: the same y
            if {p[k] for p in one} & {p[k] for p in two}:
                value += 0.5
    return value


def harmony_standing(game, player: str) -> tuple[int, int, int]:
    """(arms crossed by the player's harmonies, midline-crossing harmonies, all harmonies)."""
    arms, crossing, total = set(), 0, 0
    for h in game.harmonies():
        owners = h.owners or (h.owner,)
        if player not in owners:
            continue
        total += 1
        arm = arm_of(h.a, h.b)
        if arm is not None:
            arms.add(arm)
            crossing += 1
    return len(arms), crossing, total


def outcome_score(game, player: str):
    """1000, -1000 or 0 for a finished game; None while it runs."""
    outcome = game.state.outcome
    if outcome is None:
        return None
    if outcome.winner is None:
        return 0.0
    return 1000.0 if outcome.winner == player else -1000.0


def takes(game, move) -> bool:
    """The move ends on a point an opponent's tile stands on (a capture in most variants)."""
    dst = getattr(move, "dst", -1)
    if dst is None or dst < 0:
        return False
    st = game.state
    return bool((st.owned[other(st.to_move)] >> dst) & 1) and move.src != dst


def centre_distance(point: int) -> int:
    x, y = coords(point)
    return abs(x) + abs(y)


# -- the garden games (Skud, Fire): rings of harmonies around the centre ------------------------

def garden_survey(game) -> dict:
    """For each player, from one reading of the board's harmonies: (half-midlines crossed,
    midline-crossing harmonies, all harmonies, the harmonies as point pairs)."""
    arms = {"host": set(), "guest": set()}
    crossing = {"host": 0, "guest": 0}
    edges: dict = {"host": [], "guest": []}
    for h in game.harmonies():
        arm = arm_of(h.a, h.b)
        pair = (index(*h.a), index(*h.b))
        for owner in h.owners or (h.owner,):
            edges[owner].append(pair)
            if arm is not None:
                arms[owner].add(arm)
                crossing[owner] += 1
    return {p: (len(arms[p]), crossing[p], len(edges[p]), edges[p]) for p in edges}


def has_ring(edges: list) -> bool:
    """A cycle of these harmonies (point pairs) around the centre: a harmony ring (Skud and
    Fire rules, End of the game), checked in the middle of a turn before the game sees it."""
    from .garden.harmony import encircles  # the end check's memo (the garden games only)

    return len(edges) >= 4 and encircles(edges)


RING = 500.0
"""A ring standing in the middle of a turn (the bonus still to come, which its owner can always
play without breaking it): all but a win."""


def garden_standing(game, player: str, standing=None) -> float:
    """How near ``player`` is to a ring, and to winning the midline count: the half-midlines
    their harmonies cross (a ring must cross all four), their midline-crossing harmonies (the
    count when a reserve runs out), all their harmonies, and their tiles on the board.
    ``standing``: the player's (arms, crossing, harmonies) when already counted."""
    arms, crossing, total = (standing or harmony_standing(game, player))[:3]
    value = 3.0 * arms + 1.5 * crossing + 0.5 * total
    if arms == 4:
        value += 3.0  # every arm crossed: a ring is a tile or two away
    return value + 0.2 * game.state.owned[player].bit_count()


def garden_evaluate(game, player: str, left=None, tempo: float = 0.0) -> float:
    """Own standing minus the opponent's (so blocking their arms counts as much as building);
    a ring standing in the middle of a turn is worth ``RING`` to its owner.

    ``left(game, player)``: how many tiles ``player`` still has to play before the count ends
    the game; the player ahead on midline-crossing harmonies is then drawn toward that end
    (fewer tiles left, more value), so games between players who block each other's rings end
    by the count instead of dragging on.  ``tempo``: besides, each tile played out of the count
    is worth this much to either player, ahead on the count or behind: the player ahead and
    players level on it hurry toward its end, and the player behind keeps bringing out the
    flowers it needs to catch up (worth it only to a player not behind, it left one behind
    preferring any arrange to a plant, and never catching up: issue 40)."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    opp = other(player)
    survey = garden_survey(game)
    mine, theirs = survey[player], survey[opp]
    ring = RING * (has_ring(mine[3]) - has_ring(theirs[3]))
    if ring:
        return ring
    value = garden_standing(game, player, mine) - garden_standing(game, opp, theirs)
    if left is not None:
        lead = mine[1] - theirs[1]
        left_mine, left_theirs = left(game, player), left(game, opp)
        if lead > 0:
            value += 4.0 * lead / (1 + left_mine)
        elif lead < 0:
            value += 4.0 * lead / (1 + left_theirs)
        if tempo:
            value += tempo * (left_theirs - left_mine)
    return value


GARDEN_WEIGHTS = {"plant": 1.5, "bonus-plant": 3.0, "arrange": 1.0, "accent": 1.5}

CIRCLE = ("R3", "R4", "R5", "W3", "W4", "W5")
"""The circle of harmony of the garden games: neighbours on it harmonize."""
_NEXT = {c: {CIRCLE[(k - 1) % 6], CIRCLE[(k + 1) % 6]} for k, c in enumerate(CIRCLE)}
LOTUS = "L"


def _partners(code: str) -> set | None:
    """Codes a flower of ``code`` harmonizes with (the White Lotus: every basic flower)."""
    if code == LOTUS:
        return set(CIRCLE)
    return (_NEXT[code] | {LOTUS}) if code in _NEXT else None


CLOSES_RING = 50.0
"""Weight factor of a move that closes the mover's harmony ring (a win): first in any list."""
CROSSES_ARM = 3.0
"""Weight factor per half-midline a move's new harmonies cross that the mover's did not."""
CUTS = 3.0
"""Weight factor per harmony of a near ring (three or more half-midlines crossed) a move's tile
cuts, a midline-crossing one counting double."""


def garden_weights(game, moves) -> list[float]:
    """How promising each move looks before it is played.  An arrange (or plant) whose flower
    ends on a row or column holding one of the mover's harmony partners (a harmony once the line
    is clear) is weighted up for each such line, more when the partner is across a midline
    (ring progress, the count); a capture four times; a move toward the centre (where rings are
    short) a little more; planting a little above a plain arrange.  Reading one's partners once
    per list keeps this cheap: greedy and the search try only the most promising moves.

    Rings (``ring_moves``): a move that closes the mover's ring comes first (``CLOSES_RING``); one
    whose new harmonies cross a half-midline the mover's did not is weighted up (``CROSSES_ARM``);
    and, when the opponent's harmonies cross three or more half-midlines, a move whose tile
    stands between two of their harmonizing flowers (cutting the harmony) too (``CUTS``)."""
    from .ring_moves import RingReader  # it builds on this module's ring helpers

    rings = RingReader(game, _partners)
    cuts, ring_near = rings.cuts, rings.ring_near
    all_arms = len(rings.my_arms) == 4
    st = game.state
    me = st.to_move
    board_ = st.board
    theirs = st.owned[other(me)]
    rows: dict = {}
    cols: dict = {}
    for i, t in st.tiles(me):
        x, y = coords(i)
        rows.setdefault(y, []).append((x, t.kind.code, i))
        cols.setdefault(x, []).append((y, t.kind.code, i))
    out = []
    for m in moves:
        w = GARDEN_WEIGHTS.get(m.action, 1.0)
        dst = m.dst if m.dst is not None else -1
        if dst >= 0:
            src = m.src if m.src is not None else -1
            if (theirs >> dst) & 1 and src != dst:  # ends on an opponent's tile (``takes``)
                w *= 4.0
            x, y = POINT_XY[dst]
            tile = board_[src] if src >= 0 else None
            code = tile.kind.code if tile is not None else m.tile
            want = PARTNERS.get(code) if code else None
            if want:
                bonus = 0.0
                for line, at in ((rows.get(y, ()), x), (cols.get(x, ()), y)):
                    best = 0.0
                    for pos, other_code, i in line:
                        if i != src and other_code in want:
                            best = max(best, 3.0 if pos * at < 0 else 1.5)
                    bonus += best
                w *= 1.0 + bonus
                # a ring closes only by a harmony across a midline, or where all four are crossed
                if ring_near and (bonus >= 3.0 or (bonus and all_arms)):
                    new = rings.new_edges(code, src, dst)
                    if new:
                        if rings.closes_ring(src, dst, new):
                            w *= CLOSES_RING
                        else:
                            w *= CROSSES_ARM ** rings.crosses_missing(new)
            if cuts and dst in cuts:
                w *= 1.0 + CUTS * cuts[dst]
            w *= CENTRE_PULL[dst]
        out.append(w)
    return out


POINT_XY = tuple(coords(i) for i in range(SIZE * SIZE))
CENTRE_PULL = tuple(1.0 + 1.0 / (1 + centre_distance(i)) for i in range(SIZE * SIZE))
"""A move toward the centre weighs a little more: 1 + 1 / (1 + its distance from the centre),
by point (read from a table: the weights are asked for every move of every list)."""
PARTNERS = {code: _partners(code) for code in CIRCLE + (LOTUS,)}
"""``_partners`` of every flower that harmonizes, read once per move."""


def action_weights(game, moves, by_action: dict, capture: float = 4.0) -> list[float]:
    """A weight per move from its action (``by_action``, default 1), times ``capture`` when it
    ends on an opponent's tile."""
    out = []
    for m in moves:
        w = by_action.get(m.action, 1.0)
        if capture != 1.0 and takes(game, m):
            w *= capture
        out.append(w)
    return out


def manhattan(a: tuple, b: tuple) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def garden_winning_moves(game) -> list:
    """The garden games' ``paisho_winning_moves``: the moves that close the mover's ring
    (:func:`.ring_moves.ring_winning_moves`, which says what it leaves out)."""
    from .ring_moves import ring_winning_moves  # it builds on this module's ring helpers

    return ring_winning_moves(game, _partners)
