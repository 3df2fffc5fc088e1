"""Whether a player's tiles can still come into play: every tile in the reserve enters on its
owner's home point (L462) and no tile ends a move there (ruling I15), so a tile standing on its
own home point that can never leave it shuts the whole reserve out for the rest of the game.

Rocks are placed for good and never taken (L459-460, L467-468), and nothing else on the board is
permanent, so a tile can never leave a point when every way out of it, on a board holding only
the Rocks, is cut: a Water or Fire on its home point leaves only by the point in front of it
(rulings page, "Areas on the way"), and a Rock there keeps it at home (the consequence noted
under "Where a Rock may be placed").  A Lotus passes over tiles (L454), so it always gets out.
Computer players read this to count such a reserve as lost (:func:`shut_out`) and to leave
out of their plans the reserve tiles that could only enter to stay (:func:`home_walls`).
"""
from __future__ import annotations

from paisho_core.board import PLAYABLE, bits, step4
from paisho_core.game import settings
from paisho_core.sight import reach
from paisho_core.tiles import other

from . import moves
from .roles import reserve_of, reserve_reading, role_mask, roles


def walled(game, code: str, s: int, extra_rock: int = -1) -> bool:
    """Whether a tile of ``code`` on ``s`` can never move away: every point it could end a move
    on is cut off by Rocks (other tiles can move or be taken, so they are left out); with
    ``extra_rock``, as if a Rock stood there too.  It depends on the Rocks alone (and the
    options), so the answers are remembered across positions."""
    cfg = moves.config(game)
    rocks = role_mask(game, "rock") | (1 << extra_rock if extra_rock >= 0 else 0)
    # (plain numbers and strings: such keys are not tracked by the garbage collector)
    key = (roles(game.variant).serial, cfg.may_occupy_homes, cfg.air_step.__name__, code, s, rocks)
    found = _WALLED.get(key)
    if found is None:
        if len(_WALLED) >= _WALLED_KEPT:
            _WALLED.clear()
        found = _WALLED[key] = _walled(roles(game.variant), cfg, code, s, rocks)
    return found


_WALLED: dict = {}
_WALLED_KEPT = 50000
"""At most this many answers of :func:`walled` are remembered (then the memo starts afresh)."""


def _walled(r, cfg, code: str, s: int, rocks: int) -> bool:
    dist = r.move.get(code, 0)
    if code in r.leaps:
        return False
    if not dist:
        return True
    ends = r.area[code] & ~(0 if cfg.may_occupy_homes else r.homes)
    if code in r.bends:
        landing, _ = reach(s, dist, PLAYABLE & r.area[code] & ~rocks, cfg.air_step)
        return not landing & ends
    for lane in r.lanes[code][s]:
        for j in lane:
            if rocks >> j & 1:
                break
            if ends >> j & 1:
                return False
    return True


def home_walls(game, player: str) -> frozenset:
    """The kinds of tile that could never leave ``player``'s home point were one on it now
    (:func:`walled`).  They depend on the Rocks alone, for a variant and its options, so they are
    remembered by the Rocks' points in a memo of the game's settings (shared by every game with
    the same variant and options), keyed by a plain number."""
    memo = settings(game, _walls_memo)
    rocks = role_mask(game, "rock")
    key = rocks << 1 | (player == "host")
    found = memo.get(key)
    if found is None:
        if len(memo) >= _WALLED_KEPT:
            memo.clear()
        r = roles(game.variant)
        home = r.home[player]
        found = memo[key] = frozenset(code for code in r.order if walled(game, code, home))
    return found


def _walls_memo(game) -> dict:
    return {}


def walled_kinds(game, player: str) -> frozenset:
    """The harmonizer kinds of ``player``'s reserve that would be walled in on their home point
    if they entered now: such a tile never reaches a line, and entering shuts the reserve out."""
    r = roles(game.variant)
    walls = home_walls(game, player)
    return frozenset(code for code, n in reserve_of(game.state, player).items()
                     if n and code in r.harmonizer and code in walls)


def home_shut(game, player: str, walls: frozenset | None = None) -> bool:
    """Whether ``player``'s home point holds a tile of their own that can never leave it
    (``walls``: :func:`home_walls`, if the caller has it)."""
    t = game.state.board[roles(game.variant).home[player]]
    if t is None or t.owner != player:
        return False
    return t.kind.code in (home_walls(game, player) if walls is None else walls)


def rock_shuts_home(game, player: str) -> bool:
    """Whether the opponent, to move with a Rock in reserve, can shut ``player``'s home point for
    good with it: a tile of ``player``'s on it that one more Rock beside it walls in (a Water or
    Fire that has just entered, with the point in front of it empty)."""
    st = game.state
    opp = other(player)
    r = roles(game.variant)
    cfg = moves.config(game)
    home = r.home[player]
    t = st.board[home]
    if (st.to_move != opp or t is None or t.owner != player or cfg.rocks_off_homes
            or not reserve_reading(game, opp)[2]):
        return False
    code = t.kind.code
    if code in r.leaps or walled(game, code, home):
        return False
    step = cfg.air_step if code in r.bends else step4
    around = step(1 << home) & PLAYABLE & ~st.occupied & ~r.homes
    return any(walled(game, code, home, p) for p in bits(around))


def shut_out(game, player: str) -> int:
    """How many harmonizers ``player`` holds in reserve behind a shut home point
    (:func:`home_shut`), or behind one the opponent, to move, shuts with a Rock
    (:func:`rock_shuts_home`): tiles that can never come into play, as good as taken (0 when the
    home point is open or will open)."""
    if not (home_shut(game, player) or rock_shuts_home(game, player)):
        return 0
    return reserve_reading(game, player)[0]


def walling_rocks(game, candidates: list) -> set:
    """Of the mover's ``candidates``, the texts of the Rock placements after which the tile on the
    opponent's home point can never leave it while the opponent still has harmonizers to bring
    in: the whole reserve shut out with one placement (a Water or Fire that has just entered is
    one Rock on the point in front of it from that)."""
    st = game.state
    r = roles(game.variant)
    opp = other(st.to_move)
    home = r.home[opp]
    t = st.board[home]
    if t is None or t.owner != opp or not any(
            n and code in r.harmonizer for code, n in reserve_of(st, opp).items()):
        return set()
    code = t.kind.code
    if walled(game, code, home):
        return set()
    return {m.text for m in candidates
            if m.action == "place" and m.tile in r.rock and walled(game, code, home, m.dst)}
