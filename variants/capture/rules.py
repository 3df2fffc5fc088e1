"""Capture Pai Sho's rules: the deal, how a tile moves and jumps, what it captures, the end.

Sources: The Garden Gate's rules page and the behaviour of its engine (the facts it plays by,
checked against its own self-play records in ``tests/data/tgg/capture/``).  The board is the
round board of every Pai Sho variant; the graph a tile moves along is its lines plus the four
diagonal lines x - y = +-7 and x + y = +-7 (the square joining the four midline ends of the
gardens).  Rulings: docs/variants/capture/rulings.md.
"""
from __future__ import annotations

from paisho_core.board import LABEL, NCELLS, PLAYABLE, bits, coords, index, on_board
from paisho_core.game import Move, Outcome, settings
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

DEAL = "deal"
"""Phase of the deal: each of the player's tiles goes, in a shuffled order, on the next
starting point (a chance step per tile)."""
MOVE = "move"
"""Phase of play: move one tile."""


def _bit(x: int, y: int) -> int:
    return 1 << index(x, y) if on_board(x, y) else 0


def _on_line(x: int, y: int, diff: bool) -> bool:
    """Is (x, y) on one of the two diagonal lines x - y = +-7 (``diff``) or x + y = +-7?"""
    return abs(x - y if diff else x + y) == 7


def _neighbours(i: int) -> int:
    """Points one step from ``i``: the four along the lines, and along a diagonal line the two
    next points on it."""
    x, y = coords(i)
    out = _bit(x + 1, y) | _bit(x - 1, y) | _bit(x, y + 1) | _bit(x, y - 1)
    if _on_line(x, y, True):
        out |= _bit(x + 1, y + 1) | _bit(x - 1, y - 1)
    if _on_line(x, y, False):
        out |= _bit(x + 1, y - 1) | _bit(x - 1, y + 1)
    return out


def _jumps(i: int) -> tuple[tuple[int, int], ...]:
    """(target point, bitset of points one of which must hold a tile of the mover's) for every
    jump from ``i``: two points along a line over the point between; one point diagonally when
    a tile of the mover's stands on either point beside both (TGG counts that as a jump too);
    two points along a diagonal line over the point between."""
    x, y = coords(i)
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if on_board(x + 2 * dx, y + 2 * dy):
            out.append((index(x + 2 * dx, y + 2 * dy), _bit(x + dx, y + dy)))
    for dx in (1, -1):
        for dy in (1, -1):
            if on_board(x + dx, y + dy):
                out.append((index(x + dx, y + dy), _bit(x + dx, y) | _bit(x, y + dy)))
            if _on_line(x, y, dx == dy) and on_board(x + 2 * dx, y + 2 * dy):
                out.append((index(x + 2 * dx, y + 2 * dy), _bit(x + dx, y + dy)))
    return tuple(out)


NEIGHBOURS = [0] * NCELLS
JUMPS: list[tuple[tuple[int, int], ...]] = [()] * NCELLS
for _i in bits(PLAYABLE):
    NEIGHBOURS[_i] = _neighbours(_i)
    JUMPS[_i] = _jumps(_i)


class Cfg:
    """The rules of one game read once: the cycle, the reach, the move, the deal points."""

    __slots__ = ("cycle", "preys", "move", "deal", "max_turns", "codes")

    def __init__(self, game) -> None:
        conf = game.variant.rules_config
        self.cycle = list(conf["cycle"])
        reach = int(conf["reach"])
        n = len(self.cycle)
        self.preys = {c: frozenset(self.cycle[(k + j) % n] for j in range(1, reach + 1))
                      for k, c in enumerate(self.cycle)}
        """The codes each code captures."""
        self.move = int(conf["move"])
        self.deal = {p: [index(x, y) for x, y in conf["deal_points"][p]] for p in ("host", "guest")}
        self.max_turns = int(game.options["max_turns"])
        self.codes = frozenset(self.cycle)


def cfg(game) -> Cfg:
    return settings(game, Cfg)


def captures(c: Cfg, code: str, other_code: str) -> bool:
    return other_code in c.preys[code]


# -- the deal -----------------------------------------------------------------------------------

def deal_moves(game) -> list[Move]:
    """The tiles the player to move may still be dealt, the next starting point for each."""
    st, c = game.state, cfg(game)
    pile = st.pile("reserve", st.to_move)
    point = c.deal[st.to_move][len(c.cycle) - sum(pile.values())]
    return [Move("deal", code, tile=code, dst=point) for code in c.cycle if pile.get(code)]


# -- moves --------------------------------------------------------------------------------------

def reach(src: int, occupied: int, steps: int) -> int:
    """Points a tile on ``src`` reaches in at most ``steps`` steps through empty points (the
    last point may be occupied)."""
    seen = frontier = 1 << src
    for _ in range(steps):
        step = 0
        for p in bits(frontier):
            step |= NEIGHBOURS[p]
        step &= ~seen
        seen |= step
        frontier = step & ~occupied
        if not frontier:
            break
    return seen & ~(1 << src)


def targets(state, c: Cfg, src: int) -> int:
    """The points the tile on ``src`` may move to: reached or jumped to, empty or holding an
    opposing tile it captures."""
    tile = state.board[src]
    mine = state.owned[tile.owner]
    out = reach(src, state.occupied, c.move)
    for dst, over in JUMPS[src]:
        if over & mine:
            out |= 1 << dst
    out &= ~mine
    foes = out & state.owned[other(tile.owner)]
    preys = c.preys[tile.kind.code]
    for p in bits(foes):
        if state.board[p].kind.code not in preys:
            out &= ~(1 << p)
    return out


def move_moves(game) -> list[Move]:
    st, c = game.state, cfg(game)
    out = []
    for src, tile in st.tiles(st.to_move):
        for dst in bits(targets(st, c, src)):
            out.append(Move("move", f"{LABEL[src]}-{LABEL[dst]}", tile=tile.kind.code, src=src, dst=dst))
    return out


@hookimpl
def paisho_legal_moves(game) -> list[Move]:
    if game.state.phase == DEAL:
        return deal_moves(game)
    return move_moves(game)


@hookimpl
def paisho_has_legal_move(game) -> bool:
    if game.state.phase == DEAL:
        return True
    st, c = game.state, cfg(game)
    return any(targets(st, c, src) for src, _tile in st.tiles(st.to_move))


@hookimpl
def paisho_chance_outcomes(game):
    if game.state.phase != DEAL:
        return None
    moves = deal_moves(game)
    return [(m, 1 / len(moves)) for m in moves]


# -- playing a decision -------------------------------------------------------------------------

@hookimpl
def paisho_apply(game, move: Move) -> None:
    st = game.state
    player = st.to_move
    if move.action == "deal":
        st.take("reserve", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        if not st.pile("reserve", player):
            if player == "guest":
                st.phase = MOVE
            st.next_turn("host")
        return
    taken = st.board[move.dst]
    if taken is not None:
        st.lift(move.dst)
        st.give("captured", taken.owner, taken.kind.code)
    st.relocate(move.src, move.dst)
    if taken is not None:
        st.outcome = after_capture(game)
    st.next_turn("host")


def codes_on_board(state, player: str) -> list[str]:
    return [t.kind.code for _p, t in state.tiles(player)]


def counted(host: int, guest: int, why: str) -> Outcome:
    """More tiles wins, equal counts draw."""
    details = {"tiles": {"host": host, "guest": guest}}
    if host == guest:
        return Outcome(None, f"{why}: both players have {host} tiles", details)
    winner = "host" if host > guest else "guest"
    return Outcome(winner, f"{why}: {winner} has more tiles ({max(host, guest)} to {min(host, guest)})",
                   details)


def after_capture(game) -> Outcome | None:
    """The end check TGG's engine makes after every capture (and only then)."""
    st, c = game.state, cfg(game)
    host, guest = codes_on_board(st, "host"), codes_on_board(st, "guest")
    if not host or not guest:
        winner = "guest" if not host else "host"
        return Outcome(winner, f"{other(winner)} has no tiles left",
                       {"tiles": {"host": len(host), "guest": len(guest)}})
    by_host = {g for g in guest if any(captures(c, h, g) for h in host)}
    by_guest = {h for h in host if any(captures(c, g, h) for g in guest)}
    if not by_host and not by_guest:
        return counted(len(host), len(guest), "no capture is left")
    details = {"tiles": {"host": len(host), "guest": len(guest)}}
    if len(host) - len(by_guest) > len(guest):
        return Outcome("host", f"host is sure to keep more tiles ({len(host) - len(by_guest)}) "
                               f"than guest can have ({len(guest)})", details)
    if len(guest) - len(by_host) > len(host):
        return Outcome("guest", f"guest is sure to keep more tiles ({len(guest) - len(by_host)}) "
                                f"than host can have ({len(host)})", details)
    return None


@hookimpl
def paisho_check_end(game) -> Outcome | None:
    """paisho's own ends (TGG has none): the turn limit, and a player who cannot move; both are
    counted as when no capture is left."""
    st = game.state
    if st.phase != MOVE:
        return None
    c = cfg(game)
    host, guest = len(codes_on_board(st, "host")), len(codes_on_board(st, "guest"))
    if c.max_turns and st.turn > c.max_turns:
        return counted(host, guest, f"turn limit ({c.max_turns} turns each)")
    if not game.has_legal_move():
        return counted(host, guest, f"{st.to_move} cannot move")
    return None
