"""Reading 3-Piece attacks for computer players (rules: docs/variants/three-piece/rules.md).

An Iris that keeps out of the red areas is safe for ever (rulings, Games that do not end), so a
game is won by carrying an enemy Iris into one: a Wheel turn moves every tile on the Wheel's
ring, the opponent's too (A turn, 2).  If it lands the Iris on a red point next to two of the
mover's Bisons it is dead and the game is won at once; next to one it is captured and must be
freed on the opponent's next turn (Capture, Defense and death).  This module finds those turns
without playing them: for every Wheel of a player, every turn of its ring (where the Wheel
stands or after its one step) that carries an enemy Iris, where the Iris lands and how many of the player's
Bisons stand next to it afterwards (those on the ring turn with it).  A turn
may also carry the player's Bisons next to an enemy Iris that already stands in a red area off
the ring: such a turn is found too when it adds Bisons next to that Iris."""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import bits
from paisho_core.tiles import other

from paisho_variants import three_piece as rules_module


class Turn:
    """One Wheel turn that carries an enemy Iris: the Wheel's point, the centre it turns on
    (its point, or the empty point next to it it steps to first), the places turned ``k``, the
    Iris's point, where it lands and how many of the mover's Bisons are next to it there."""

    __slots__ = ("wheel", "centre", "k", "iris", "lands", "bisons")

    def __init__(self, wheel: int, centre: int, k: int, iris: int, lands: int, bisons: int) -> None:
        self.wheel, self.centre, self.k = wheel, centre, k
        self.iris, self.lands, self.bisons = iris, lands, bisons


def iris_turns(game, player: str) -> list[Turn]:
    """Every turn of one of ``player``'s Wheels (where it stands, or after its one step to an
    empty point next to it) after which an enemy Iris stands on a point of the dead zone (a red
    area) next to one or more of ``player``'s Bisons: an Iris the turn carries there, or one
    standing there off the ring that the turn brings more Bisons next to (its ``lands`` is where
    it stands).  A turn that would carry a tile off the board is left out; whether the turn is
    otherwise legal (it might leave one of the mover's own Irises dead) is not checked."""
    c = rules_module.cfg(game)
    r = rules_module.roles(game)
    occ = game.state.occupied
    foe_irises = r.iris[other(player)]
    bisons = r.bison[player]
    zone, nb = c.dead_zone, c.nb
    empty = board.PLAYABLE & ~occ
    standing = foe_irises & zone  # enemy Irises a Bison carried next to would capture
    out = []
    for w in bits(r.wheel[player]):
        if not (REACH[w] & foe_irises or REACH3[w] & standing):
            continue
        held_by = occ & ~(1 << w)  # once the Wheel steps, its old point is empty
        for centre in (w, *bits(nb[w] & empty)):
            cy = c.cycles[centre] or rules_module.cycle(centre, c.rim)
            targets = cy.mask & foe_irises
            beside = 0
            if cy.mask & bisons:
                for i in bits(standing & ~cy.mask):
                    if nb[i] & cy.mask:
                        beside |= 1 << i
            if targets or beside:
                _turns_of(cy, w, centre, held_by, targets, beside, bisons, zone, nb, out)
    return out


def _within_two(i: int) -> int:
    near = (1 << i) | board.step8(1 << i)
    return near | board.step8(near)


REACH = [_within_two(i) if (board.PLAYABLE >> i) & 1 else 0 for i in range(board.NCELLS)]
"""The points a Wheel on each point can carry, stepping first or not (eight-step distance two,
whatever the adjacency option: a ring is always the 8 points around its centre)."""
REACH3 = [m | board.step8(m) for m in REACH]
"""The points next to a point a Wheel on each point can carry (eight-step distance three): where
an Iris stands that a Bison the Wheel carries can come next to."""


def _turns_of(cy, w: int, centre: int, occ: int, targets: int, beside: int, bisons: int,
              zone: int, nb, out: list) -> None:
    order, n, pos = cy.order, cy.n, cy.pos
    held = [j for j, p in enumerate(order) if p >= 0 and (occ >> p) & 1]
    ring_bisons = [pos[p] for p in bits(cy.mask & bisons)]
    still = bisons & ~cy.mask
    before = [(i, (nb[i] & bisons).bit_count()) for i in bits(beside)]
    for k in range(1, n):
        if any(order[(j + k) % n] < 0 for j in held):
            continue  # a tile would leave the board
        moved = still
        for j in ring_bisons:
            moved |= 1 << order[(j + k) % n]
        for p in bits(targets):
            lands = order[(pos[p] + k) % n]
            if (zone >> lands) & 1:
                near = (nb[lands] & moved).bit_count()
                if near:
                    out.append(Turn(w, centre, k, p, lands, near))
        for i, had in before:
            near = (nb[i] & moved).bit_count()
            if near > had:
                out.append(Turn(w, centre, k, i, i, near))


def threats(game, player: str) -> tuple[int, int]:
    """(enemy Irises one of ``player``'s Wheel turns would kill, those it would capture but not
    kill): see :func:`iris_turns`; a Defense is not looked at."""
    kill = capture = 0
    for t in iris_turns(game, player):
        if t.bisons >= 2:
            kill |= 1 << t.iris
        else:
            capture |= 1 << t.iris
    return kill.bit_count(), (capture & ~kill).bit_count()


RED_DISTANCE: dict[int, list[int]] = {}
"""Per red-area mask: each point's distance in steps to the nearest point of it."""


def red_distance(red: int) -> list[int]:
    """Steps from every point to the nearest point of ``red`` (breadth first over the board)."""
    found = RED_DISTANCE.get(red)
    if found is None:
        found = [99] * board.NCELLS
        frontier = red
        d = 0
        seen = 0
        while frontier:
            for p in bits(frontier):
                found[p] = d
            seen |= frontier
            frontier = board.step4(frontier) & board.PLAYABLE & ~seen
            d += 1
        RED_DISTANCE[red] = found
    return found
