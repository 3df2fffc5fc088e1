"""Reading a move of the garden games (Skud, Fire) for what it does to a harmony ring before it
is played: whether it closes the mover's ring around the centre, and whether it breaks a
harmony of an opponent whose ring is near (rules: a harmony ring wins; a tile standing between
two harmonizing flowers cancels their harmony).

Used by the playout weights (``strategy.garden_weights``), so greedy's preselection and the
search's move ordering keep the moves that win or stop a ring at once.  It is built once per
move list from the board's harmonies; per move it costs a bit test, and one look along the four
lines from the move's end point only for a move that lines a flower up with a partner while the
mover's harmonies already cross two or more of the four half-midlines."""
from __future__ import annotations

from paisho_core.board import GATES, SIZE, TRANSPOSE, bits, coords, nearest
from paisho_core.sight import between
from paisho_core.tiles import other

from .garden import GATES_T
from .strategy import arm_of, garden_survey, has_ring

LOTUS = "L"


def inside(pair: tuple) -> int:
    """Bitset of the points strictly between the two points of a harmony (one row or column)."""
    a, b = pair
    return between(a, b, a // SIZE == b // SIZE)


def edge_arm(pair: tuple) -> str | None:
    return arm_of(coords(pair[0]), coords(pair[1]))


class RingReader:
    """What the board's harmonies say about rings, for the player to move: their harmony edges
    and half-midlines crossed, and the points where a tile would cut a harmony of the opponent
    (``cuts``: point -> worth, 2 for a harmony crossing a midline, 1 for another)."""

    __slots__ = ("me", "board", "mine", "my_arms", "their_arms", "cuts", "blockers", "blockers_t",
                 "partners")

    def __init__(self, game, partners) -> None:
        st = game.state
        self.me = me = st.to_move
        self.board = st.board
        survey = garden_survey(game)
        self.mine = survey[me][3]
        self.my_arms = {a for a in map(edge_arm, self.mine) if a}
        theirs = survey[other(me)][3]
        self.their_arms = {a for a in map(edge_arm, theirs) if a}
        self.cuts: dict = {}
        if len(self.their_arms) >= 3:  # a ring may be a move or two away: cutting it matters
            for pair in theirs:
                worth = 2.0 if edge_arm(pair) else 1.0
                for p in bits(inside(pair)):
                    self.cuts[p] = self.cuts.get(p, 0.0) + worth
        self.blockers = st.occupied | GATES
        self.blockers_t = st.occupied_t | GATES_T
        self.partners = partners

    @property
    def ring_near(self) -> bool:
        """The mover's harmonies cross two or more half-midlines (one move may cross two more)."""
        return len(self.my_arms) >= 2

    def new_edges(self, code: str, src: int, dst: int) -> list:
        """The harmonies of the mover a flower of ``code`` ending on ``dst`` (coming from ``src``,
        -1 for a tile put on the board) forms with the first tile on each line from it."""
        if (GATES >> dst) & 1:
            return []  # a flower in a gate forms no harmony
        want = self.partners(code)
        if not want:
            return []
        occ, occ_t = self.blockers, self.blockers_t
        if src >= 0:
            occ &= ~(1 << src)
            occ_t &= ~(1 << TRANSPOSE[src])
        out = []
        me, board_ = self.me, self.board
        for q in nearest(occ, occ_t, dst):
            if q < 0 or (GATES >> q) & 1:
                continue
            t = board_[q]
            if t is None:
                continue
            qcode = t.kind.code
            if qcode == LOTUS or (t.owner == me and qcode in want):
                if code != LOTUS or t.owner == me:
                    out.append((dst, q))
        return out

    def closes_ring(self, src: int, dst: int, new: list) -> bool:
        """With harmonies ``new`` formed at ``dst`` (and those through ``src`` or across
        ``dst`` gone), the mover's harmonies enclose the centre."""
        kept = [e for e in self.mine if src not in e and not (inside(e) >> dst) & 1]
        after = kept + new
        arms = {a for a in map(edge_arm, after) if a}
        return len(arms) == 4 and has_ring(after)

    def crosses_missing(self, new: list) -> int:
        """How many half-midlines the mover's harmonies do not cross yet ``new`` crosses."""
        return len({a for a in map(edge_arm, new) if a and a not in self.my_arms})


def ring_winning_moves(game, partners) -> list:
    """The pending decision's moves that close the mover's harmony ring (a won turn in the
    garden games: rules, End of the game), for the ``paisho_winning_moves`` hook.

    A flower's arrange or placing is read for the harmonies it forms where it ends
    (:class:`RingReader`), and each one that seems to close a ring is played and taken back to
    confirm it.  Left out: a ring closed by moving a flower off a line it was blocking, by an
    accent tile, or in a later step of the turn (a harmony bonus)."""
    st = game.state
    me = st.to_move
    rings = RingReader(game, partners)
    if not rings.ring_near or game.state.outcome is not None:
        return []
    board_ = st.board
    found = []
    for m in game.legal_moves():
        dst = m.dst if m.dst is not None else -1
        if dst < 0:
            continue
        src = m.src if m.src is not None else -1
        tile = board_[src] if src >= 0 else None
        code = tile.kind.code if tile is not None else m.tile
        if not code or (tile is not None and tile.owner != me):
            continue
        new = rings.new_edges(code, src, dst)
        if new and rings.closes_ring(src, dst, new):
            found.append(m)
    return [m for m in found if _closes_when_played(game, m, me)]


def _closes_when_played(game, move, me: str) -> bool:
    auto, game.auto_chance = game.auto_chance, False
    depth = game.ply
    try:
        game.play(move)
        if game.outcome is not None:
            return game.outcome.winner == me
        return has_ring(garden_survey(game)[me][3])
    finally:
        while game.ply > depth:
            game.undo()
        game.auto_chance = auto
