"""Iroh turns: placing, moving (with captures), burning a Knotweed, proclaiming, passing.

Source: the book's chapter 2, L437-470 (tiles, movement, placement, capture).  Rulings I1, I8-I13
and I15 (docs/variants/iroh/rulings.md).  Everything is computed once per decision with bitsets;
no hook is called in here.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from paisho_core.board import AROUND, LABEL, ORTHO, PLAYABLE, bits, step4, step8
from paisho_core.game import Move, settings
from paisho_core.movetable import table
from paisho_core.sight import reach

from .harmony import LineRules
from .roles import mask_of


@dataclass(frozen=True)
class Config:
    """The options of one game, read once."""

    near: tuple
    air_step: object
    may_occupy_homes: bool
    fire_burn: str
    knotweed_at_home: bool
    knotweed_off_homes: bool
    rocks_off_homes: bool
    explicit: bool
    max_turns: int
    repetition: bool
    lines: LineRules


@lru_cache(maxsize=64)
def _config(items: frozenset) -> Config:
    o = dict(items)
    return Config(
        near=tuple(ORTHO if o.get("neighbourhood") == "orthogonal" else AROUND),
        air_step=step8 if o.get("air_steps") == "king" else step4,
        may_occupy_homes=bool(o.get("may_occupy_home_points")),
        fire_burn=o.get("fire_burn", "action"),
        knotweed_at_home=o.get("knotweed_placement") == "home_point",
        knotweed_off_homes=o.get("knotweed_placement", "away_from_homes") == "away_from_homes",
        rocks_off_homes=bool(o.get("rocks_away_from_homes")),
        explicit=o.get("proclamation") == "explicit",
        max_turns=int(o.get("max_turns") or 0),
        repetition=bool(o.get("repetition_draw")),
        lines=LineRules.of(o),
    )


def config(game) -> Config:
    """The game's options read once per game (``settings``: shared by every game and copy with
    the same variant and options)."""
    return settings(game, _config_of)


def _config_of(game) -> Config:
    return _config(frozenset(game.options.items()))


def knotweed_points(state, r) -> int:
    return mask_of(state, r.knotweed)


def frozen(state, r, cfg: Config, knots: int | None = None, freezable: int | None = None) -> int:
    """Tiles that may not move: those around a Knotweed, except Fire and the Lotus (L450, L454,
    L456).  Only tiles that move at all are listed: the points of the kinds of
    :attr:`Roles.freezable` (``freezable``, if the caller has them)."""
    if knots is None:
        knots = knotweed_points(state, r)
    if not knots:
        return 0
    near = cfg.near
    zone = 0
    for k in bits(knots):
        zone |= near[k]
    if freezable is None:
        freezable = mask_of(state, r.freezable)
    return zone & freezable


_NO_PILE: dict = {}


def _placements(state, r, cfg: Config, player: str) -> list[Move]:
    pile = state.piles.get("reserve", _NO_PILE).get(player, _NO_PILE)  # read only
    out: list[Move] = []
    home = r.home[player]
    free = PLAYABLE & ~state.occupied
    around_homes = r.homes
    for h in bits(r.homes):
        around_homes |= cfg.near[h]
    for code in r.order:
        if not pile.get(code):
            continue
        if code in r.anywhere and not (cfg.knotweed_at_home and code in r.knotweed):
            keep_off = r.homes
            if (code in r.knotweed and cfg.knotweed_off_homes) or (code in r.rock and cfg.rocks_off_homes):
                keep_off = around_homes
            pts = free & ~keep_off & (r.area[code] or PLAYABLE)
            out += table("place", code).to(-1, pts)  # the shared moves (movetable)
        elif free >> home & 1:
            out.append(table("place", code).one(-1, home))
    return out


def _movements(state, r, cfg: Config, player: str, knots: int) -> list[Move]:
    b = state.board
    out = []
    stuck = frozen(state, r, cfg, knots)
    empty = PLAYABLE & ~state.occupied
    ends_forbidden = 0 if cfg.may_occupy_homes else r.homes
    for s in bits(state.owned[player] & ~stuck):
        code = b[s].kind.code
        dist = r.move.get(code, 0)
        if not dist:
            continue
        path = r.area[code]
        ends = path & ~ends_forbidden
        takes = code in r.captures
        moves = table("move", code)
        if code in r.bends:
            landing, touched = reach(s, dist, empty & path, cfg.air_step)
            targets = landing & ends
            if takes:
                for q in bits(touched & ends):
                    t = b[q]
                    if t.owner != player and t.kind.code in r.capturable:
                        targets |= 1 << q
            out += moves.to(s, targets)
            continue
        leaps = code in r.leaps
        for lane in r.lanes[code][s]:
            for j in lane:
                t = b[j]
                if t is None:
                    if ends >> j & 1:
                        out.append(moves.one(s, j))
                    continue
                if leaps:
                    continue
                if takes and t.owner != player and t.kind.code in r.capturable and ends >> j & 1:
                    out.append(moves.one(s, j))
                break
    return out


def _burns(state, r, cfg: Config, player: str, knots: int) -> list[Move]:
    if not knots:
        return []
    b = state.board
    targets = 0
    for f in bits(state.owned[player]):
        if b[f].kind.code in r.burner:
            targets |= cfg.near[f] & knots
    return [Move("burn", f"burn{LABEL[k]}", tile=b[k].kind.code, dst=k) for k in bits(targets)]


def turn_moves(game, state, r, player: str | None = None) -> list[Move]:
    """Every legal choice for the player to move (one decision per turn); with ``player``, what
    that player could do were it their turn (how computer players read the opponent's replies)."""
    cfg = config(game)
    player = player or state.to_move
    knots = knotweed_points(state, r)
    out = _placements(state, r, cfg, player) + _movements(state, r, cfg, player, knots)
    if cfg.fire_burn == "action":
        out += _burns(state, r, cfg, player, knots)
    if cfg.explicit:
        out.append(Move("proclaim", "proclaim"))
    elif not out:
        out.append(Move("pass", "pass"))
    return out


def burn_touching(state, r, cfg: Config) -> list[int]:
    """Knotweeds touching any Fire (for ``fire_burn: automatic``)."""
    knots = knotweed_points(state, r)
    if not knots:
        return []
    b = state.board
    hit = 0
    for f in bits(state.occupied):
        if b[f].kind.code in r.burner:
            hit |= cfg.near[f] & knots
    return list(bits(hit))
