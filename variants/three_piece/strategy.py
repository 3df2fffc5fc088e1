"""What computer players know of 3-Piece (Street) Pai Sho's goal (rules:
docs/variants/three-piece/rules.md): an Iris in a red area with two enemy Bisons next to it is
dead and loses the game, one Bison captures it.  So: keep one's Irises out of red areas and away
from enemy Bisons (Iris safety), bring one's Bisons toward enemy Irises in or near a red area
(Bison pressure: a blockade of Irises at home threatens nothing) and carry enemy Irises from
home toward one (drift).
A careful player never walks an Iris into a red area, so the win comes from a Wheel turn that
carries an enemy Iris there, next to one's Bisons (``attack.py``): such turns are read before they
are played, as threats and as the moves to try first.  Registered through the YAML's ``plugins``; it adds to the rules module's own danger score."""
from __future__ import annotations

from typing import Optional

from paisho_core import board
from paisho_core.board import coords
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants import three_piece as rules_module
from paisho_variants.common.strategy import manhattan, outcome_score

from paisho_variants.three_piece.attack import iris_turns, red_distance, threats

RED = board.AREA["red"]


def _table(distance) -> list:
    """``distance(a, b)`` between every two points of the board, by grid index (0 elsewhere)."""
    points = [(i, coords(i)) for i in board.bits(board.PLAYABLE)]
    rows = [[0] * board.NCELLS for _ in range(board.NCELLS)]
    for i, a in points:
        row = rows[i]
        for j, b in points:
            row[j] = distance(a, b)
    return rows


MANHATTAN = _table(manhattan)
"""Steps along the lines between every two points (grid indices)."""
CHEBYSHEV = _table(lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])))
"""Eight-way steps between every two points."""
WITHIN_TWO = [sum(1 << j for j, d in enumerate(row) if d <= 2 and (board.PLAYABLE >> j) & 1)
              for row in MANHATTAN]
"""The points at most two steps along the lines from each point (itself included)."""


def _targets(game, player: str) -> list:
    """``player``'s enemy Irises grouped by their steps to the nearest red point: [(steps,
    points), ...] (read once per evaluation and shared by the terms below)."""
    far = red_distance(rules_module.cfg(game).red)
    groups: dict = {}
    for i in board.bits(rules_module.roles(game).iris[other(player)]):
        groups.setdefault(far[i], []).append(i)
    return list(groups.items())


def _pressure(game, player: str, groups: Optional[list] = None) -> float:
    """How close ``player``'s Bisons stand to the enemy Irises that are in or near a red area:
    each Bison counts its best target, 2 / (1 + the Iris's steps to a red area) / (1 + the
    Bison's steps to the Iris).  A Bison next to an Iris that stays far from every red area
    threatens nothing (an Iris is captured only in one: rules, Capture), so such a blockade is
    worth little."""
    groups = _targets(game, player) if groups is None else groups
    if not groups:
        return 0.0
    targets = [(2.0 / (1 + f), points) for f, points in groups]
    value = 0.0
    for b in board.bits(rules_module.roles(game).bison[player]):
        near = MANHATTAN[b].__getitem__
        value += max(t / (1 + min(map(near, points))) for t, points in targets)
    return value


def _drift(game, player: str, groups: Optional[list] = None) -> float:
    """How far the enemy Irises have been brought from home toward a red area: per Iris, the
    steps it stands nearer a red point than ``HOME_STEPS`` (none at home, ``HOME_STEPS`` inside
    one).  An Iris is only ever captured in a red area (rules, Capture), and one that keeps away
    is safe for ever (rulings, Games that do not end), so every step an enemy Iris is carried
    toward one is progress toward the win, every step one's own is carried, ground lost."""
    value = 0
    for f, points in _targets(game, player) if groups is None else groups:
        if f < HOME_STEPS:
            value += (HOME_STEPS - f) * len(points)
    return float(value)


HOME_STEPS = 5
"""Steps from a red point that an Iris at home stands (the starting layout's back rows stand 5
or 6 from the nearest: rulings, Starting layout)."""
DRIFT = 0.25
"""Weight of each step an enemy Iris stands nearer a red area than at home (``_drift``)."""


def _exposure(game, player: str) -> float:
    """Own Irises in a red area, and enemy Bisons within two steps of them."""
    r = rules_module.roles(game)
    bisons = r.bison[other(player)]
    value = 0.0
    for i in board.bits(r.iris[player] & RED):
        value += 0.5 + 0.5 * (WITHIN_TWO[i] & bisons).bit_count()
    return value


def _reach(game, player: str, groups: Optional[list] = None) -> float:
    """How near ``player``'s Wheels stand to enemy Irises that stand near a red area: a Wheel
    carries whatever is on its ring, so an enemy Iris next to it and a step or two from a red
    point is one turn from being carried in (each Wheel counts its best target: 1 / Chebyshev
    distance, times 1 / (1 + the Iris's steps to a red area))."""
    groups = _targets(game, player) if groups is None else groups
    if not groups:
        return 0.0
    targets = [(1.0 / (1 + f), points) for f, points in groups]
    value = 0.0
    for w in board.bits(rules_module.roles(game).wheel[player]):
        near = CHEBYSHEV[w].__getitem__
        value += max(t / max(1, min(map(near, points))) for t, points in targets)
    return value


KILL_NOW = 50.0
"""A Wheel turn that kills an enemy Iris, for the player to move: all but a win (the search
plays it and sees the win; greedy's position after its own move is worth this much less when
it leaves the opponent such a turn)."""
THREAT = 3.0
"""Each enemy Iris a Wheel turn of the player not to move would kill next turn (the opponent has
one move to parry every threat); a capture threat counts a third of it."""
REACH = 2.0
"""Weight of the Wheels' reach toward enemy Irises near a red area (``_reach``)."""


@hookimpl
def paisho_evaluate(game, player):
    """The rules module's Iris danger difference, plus Bison pressure, Iris exposure, Wheel
    reach (``_reach``) and the enemy Irises' drift toward a red area (``_drift``), own minus
    the opponent's; and the attack of ``attack.threats``: a kill
    by one Wheel turn is all but won for the player to move (``KILL_NOW``), and the other
    player's kill and capture threats count ``THREAT`` and a third of it."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    opp = other(player)
    value = float(rules_module.paisho_evaluate(game, player))
    mine, theirs = _targets(game, player), _targets(game, opp)
    value += 1.5 * (_pressure(game, player, mine) - _pressure(game, opp, theirs))
    value += _exposure(game, opp) - _exposure(game, player)
    value += REACH * (_reach(game, player, mine) - _reach(game, opp, theirs))
    value += DRIFT * (_drift(game, player, mine) - _drift(game, opp, theirs))
    mover = game.state.to_move
    for side, sign in ((player, 1.0), (opp, -1.0)):
        kills, captures = threats(game, side)
        if kills and side == mover:
            value += sign * KILL_NOW
        else:
            value += sign * THREAT * (kills + captures / 3.0)
    return value / repeats(game) if value > 0 else value


def repeats(game) -> int:
    """How often the current position has occurred (``extra['seen']``, the repetition rule's
    record: rules, End of the game).  A repeated position's evaluation is pulled toward the draw
    a third occurrence would be for the player it favours, so the player ahead varies before the
    game is drawn; for the player behind it stays as it is, so that a player a little behind
    (often only by where the Irises have been pushed about at home, which can be undone) does
    not steer into repeating the position: it still takes the draw of a third occurrence, which
    is worth more to it, but it does not play for one."""
    seen = game.state.extra.get("seen", ())
    return max(1, seen.count(seen[-1])) if seen else 1


CARRY_KILL = 50.0
"""Weight factor of a Wheel turn that carries an enemy Iris onto a red point next to two of the
mover's Bisons (a win: ``attack.iris_turns``)."""
CARRY_CAPTURE = 8.0
"""Weight factor of a Wheel turn that carries an enemy Iris onto a red point next to one."""


@hookimpl
def paisho_playout_weights(game, moves):
    """Greedy and the search try the most promising moves first (the search's inner nodes score
    only the heaviest moves and a draw of the others, so the order decides which replies it
    sees).  A Bison ending next to an enemy Iris in a red area (a capture, or with a second
    Bison a kill: rules, Capture, Defense and death) ten times; a Bison closing on an enemy Iris
    that has left home (``HOME_STEPS``) three times, on one at home not at all (a blockade at
    home threatens nothing: rulings, Games that do not end); an Iris leaving a red area, or one
    away from home stepping farther from every red point, twice.  A Wheel turn (many of them,
    mostly aimless) a third; one that carries an enemy Iris ``_carried`` decides: nearer a red
    area ``CARRY_NEARER`` and half as much again per step, as near as before twice, farther
    once (steps counted from ``HOME_STEPS`` in, as ``_drift`` counts them); one that carries
    one of the mover's own Irises from outside home away from a red area at least twice, nearer
    one half as much.  A turn that lands an enemy Iris next to the mover's Bisons in a
    red area counts ``CARRY_KILL`` or ``CARRY_CAPTURE`` times more."""
    me = game.state.to_move
    c = rules_module.cfg(game)
    r = rules_module.roles(game)
    far = red_distance(c.red)
    steps = _home_steps(c.red)
    enemy_mask, own_mask = r.iris[other(me)], r.iris[me]
    open_irises = enemy_mask & RED
    away = [i for i in board.bits(enemy_mask) if far[i] < HOME_STEPS]  # enemy Irises out of home
    carries = {}
    for t in iris_turns(game, me) if enemy_mask else ():
        key = (t.wheel, t.centre, t.k)
        carries[key] = max(carries.get(key, 0), t.bisons)
    board_now = game.state.board
    out = []
    for m in moves:
        if m.action == "wheel":
            cy = c.cycles[m.dst] or rules_module.cycle(m.dst, c.rim)
            w = 1.0 / 3.0
            if cy.mask & enemy_mask:
                nearer = _carried(cy, m.aux, cy.mask & enemy_mask, steps)
                w = CARRY_NEARER * (1.0 + 0.5 * nearer) if nearer > 0 else (2.0 if nearer == 0 else 1.0)
            if cy.mask & own_mask:
                nearer = _carried(cy, m.aux, cy.mask & own_mask, steps)
                w = max(w, 2.0) if nearer < 0 else (w * 0.5 if nearer > 0 else w)
            if carries:
                near = carries.get((m.src, m.dst, m.aux), 0)
                w *= CARRY_KILL if near >= 2 else (CARRY_CAPTURE if near else 1.0)
            out.append(w)
            continue
        w = 1.0
        tile = board_now[m.src] if m.action == "move" and m.src is not None and m.src >= 0 else None
        if tile is not None and "bison" in tile.kind.tags:
            if c.nb[m.dst] & open_irises:
                w = 10.0
            elif away:
                before, after = MANHATTAN[m.src], MANHATTAN[m.dst]
                if min(after[i] for i in away) < min(before[i] for i in away):
                    w = 3.0
        elif tile is not None and "iris" in tile.kind.tags:
            if (RED >> m.src) & 1 and not (RED >> m.dst) & 1:
                w = 2.0
            elif far[m.src] < HOME_STEPS and far[m.dst] > far[m.src]:
                w = 2.0
        out.append(w)
    return out


CARRY_NEARER = 4.0
"""Weight of a Wheel turn that carries enemy Irises nearer a red area (half as much again per
step nearer, in all)."""


def _carried(cy, k: int, irises: int, steps: list) -> int:
    """Steps nearer a red area, in all, that turning ring ``cy`` by ``k`` carries ``irises``
    (points on it), counted as ``_drift`` counts them (``_home_steps``): negative when it
    carries them away."""
    order, n, pos = cy.order, cy.n, cy.pos
    return sum(steps[p] - steps[order[(pos[p] + k) % n]] for p in board.bits(irises))


HOME_STEPS_TABLE: dict[int, list[int]] = {}
"""Per red-area mask: each point's steps to the nearest red point, at most ``HOME_STEPS``."""


def _home_steps(red: int) -> list[int]:
    """Steps from each point to a red area, capped at ``HOME_STEPS`` (an Iris carried about
    at home has not moved toward a red area, as ``_drift`` reads it)."""
    found = HOME_STEPS_TABLE.get(red)
    if found is None:
        found = HOME_STEPS_TABLE[red] = [min(f, HOME_STEPS) for f in red_distance(red)]
    return found
