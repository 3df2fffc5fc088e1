"""Basic Pai Sho (IPSA rule book, chapter 1) as a paisho variant plugin.

Source: ``shared/rules/official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt`` L71-368.
The mechanics live in :mod:`.rules`; this module holds the hooks: setup, the decisions of a turn,
applying them, scoring, the endings, notation and positions.  Rulings (``B1``...):
docs/variants/basic/rulings.md.

A turn is one decision, sometimes followed by others:

* ``spring``  (turn 0) place a Spring Flower on your side, ``CODE(x,y)``;
* ``place``   a tile from the reserve at its entry point, ``CODE(x,y)``;
* ``move``    a tile on the board, ``(x1,y1)-(x2,y2)``, possibly landing on a tile;
* ``select``  a Wheel or Boat whose power you use without moving it, ``(x,y)``;
* then, in phase ``power``: ``cwK`` (Wheel turn), ``push(x,y)`` or ``ferryD`` (Boat), or the
  implicit ``stop`` after a move; in phase ``convoy``: ``(x1,y1)-(x2,y2)`` for each carried tile
  and the implicit ``stop``.
"""
from __future__ import annotations

import re
from pathlib import Path

from paisho_core import board
from paisho_core.board import LABEL, PLAYABLE, bits, coords, index
from paisho_core.errors import NotationError, PositionError
from paisho_core.game import Harmony, Move, Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.movetable import table
from paisho_core.tiles import PLAYERS, other

from . import rules
from .rules import DIRECTIONS, NEAR3, NEAR3_STEPS, Scan, info
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)

YAML = Path(__file__).with_name("basic.yaml")
PHASES = ("spring", "turn", "power", "convoy")


@hookimpl
def paisho_variant_info():
    return {"name": "basic", "yaml": str(YAML), "title": "Basic Pai Sho"}


@hookimpl
def paisho_validate_options(variant, options):
    for name in ("target_points", "pot_wager_points", "max_turns"):
        value = options.get(name)
        if name in options and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            return f"option {name} must be a whole number >= 0, got {value!r}"
    return None


@hookimpl
def paisho_setup(game):
    st = game.state
    st.turn = 0
    st.phase = "spring"
    # The player who does not move first places the first Spring Flower (L116-125).
    st.to_move = other(game.options["first_move"])
    st.scores = {"host": 0, "guest": 0}
    for p in PLAYERS:
        st.pile("pot", p)
    st.extra.update(spring=frozenset(), boat_moved=frozenset(), anchored=frozenset(), passes=0)


# -- per-decision derived data ----------------------------------------------------------------

def scan(game) -> Scan:
    """The Scan of the current position, made once per position: the one the turn's end made
    (see ``_hand_over``) when it is still current, else a new one."""
    s = game.cache.get("scan")
    if s is None:
        handed = game.__dict__.pop("_basic_scan", None)
        log = getattr(game.state, "_log", None)
        if handed is not None and log is not None and handed[0] is log and handed[1] == len(log):
            s = handed[2]
        else:
            s = Scan(info(game.variant), game.state, game.options)
        game.cache["scan"] = s
    return s


def _hand_over(game, st, s: Scan) -> None:
    """Keep the Scan of the board a turn ends on (with its harmonies, already counted for the
    score) for the end check and the next legal-move list, which the game asks for right after
    clearing its per-position cache.  It is taken only while the same decision is being played
    and nothing has changed the board since: the state's log of board changes for this
    decision is the same list, of the same length."""
    log = getattr(st, "_log", None)
    if log is not None:
        game.__dict__["_basic_scan"] = (log, len(log), s)


def harmony_pairs(game):
    return rules.harmony_pairs(info(game.variant), game.state, scan(game))


def disharmonies(game):
    return rules.disharmonies(info(game.variant), game.state, scan(game))


def _mask_of_idents(st, idents) -> int:
    if not idents:
        return 0
    out = 0
    for i in bits(st.occupied):
        if st.ident[i] in idents:
            out |= 1 << i
    return out


@hookimpl
def paisho_harmonies(game):
    return [Harmony(coords(a), coords(b), o, board.crosses_midline(a, b), (o,))
            for a, b, o, _v in harmony_pairs(game)]


@hookimpl
def paisho_tile_flags(game):
    st = game.state
    s = scan(game)
    blooming = 0
    for p in PLAYERS:
        if s.blooming[p]:
            blooming |= s.by_role["lotus"] & st.owned[p]
    return {"drained": s.drained, "spring": s.spring, "blooming": blooming,
            "boat_moved": _mask_of_idents(st, st.extra.get("boat_moved")),
            "anchored": _mask_of_idents(st, st.extra.get("anchored"))}


# -- legal decisions --------------------------------------------------------------------------

def _spring_moves(game, st, player):
    inf = info(game.variant)
    s = scan(game)
    pile = st.pile("reserve", player)
    free = rules.SIDE[player] & ~st.occupied & ~inf.ports
    out = []
    clashing = rules.clash_masks(inf, st, s, player)
    for code in inf.order:
        if code not in inf.flowers or not pile.get(code):
            continue
        out += table("spring", code).to(-1, free & inf.stops[code] & ~clashing.get(code, 0))
    return out


def _power_options(game, st, s, at: int, moved: bool):
    """The power decisions of the Wheel or Boat on ``at``."""
    inf = info(game.variant)
    tile = st.board[at]
    role = inf.role.get(tile.kind.code)
    out = []
    if (s.drained >> at) & 1:
        return out
    if role == "wheel":
        illegal = game.options["wheel_wrong_garden"] == "illegal"
        for k in rules.wheel_turns(inf, st, s, at, not illegal):
            out.append(Move("rotate", f"cw{k}", src=at, aux=k))
    elif role == "boat":
        for q, dst in rules.boat_pushes(inf, st, s, at).items():
            out.append(Move("push", f"push{LABEL[q]}", src=at, dst=q, aux=dst))
        ident = st.ident[at]
        if (not moved and ident not in st.extra.get("boat_moved", ())
                and ident not in st.extra.get("anchored", ())):
            for name, d in DIRECTIONS.items():
                if _carry_moves(game, st, s, at, d, ()):
                    out.append(Move("ferry", f"ferry{name}", src=at, aux=name))
    return out


def _has_power_option(game, st, s, at: int) -> bool:
    """Whether the Wheel or Boat on ``at`` has a power decision when selected without moving
    (``bool(_power_options(game, st, s, at, False))``, stopping at the first one found)."""
    if (s.drained >> at) & 1:
        return False
    inf = info(game.variant)
    role = inf.role.get(st.board[at].kind.code)
    if role == "wheel":
        illegal = game.options["wheel_wrong_garden"] == "illegal"
        return bool(rules.wheel_turns(inf, st, s, at, not illegal, first=True))
    if role == "boat":
        if rules.boat_pushes(inf, st, s, at):
            return True
        ident = st.ident[at]
        if ident in st.extra.get("boat_moved", ()) or ident in st.extra.get("anchored", ()):
            return False
        own_block = game.options["own_tiles_block"]
        exact = game.options["boat_convoy_distance"] == "exact"
        carried = rules.carriable(inf, st, s, at, st.board[at].owner, game.options["boat_convoy"], ())
        return any(rules.carry_targets(inf, st, s, q, d, own_block, exact)
                   for d in DIRECTIONS.values() for q in bits(carried))
    return False


def _carry_moves(game, st, s, boat, d, done):
    inf = info(game.variant)
    own_block = game.options["own_tiles_block"]
    exact = game.options["boat_convoy_distance"] == "exact"
    out = []
    player = st.board[boat].owner
    for q in bits(rules.carriable(inf, st, s, boat, player, game.options["boat_convoy"], done)):
        for e in bits(rules.carry_targets(inf, st, s, q, d, own_block, exact)):
            out.append(Move("carry", LABEL[q] + "-" + LABEL[e], src=q, dst=e))
    return out


_NO_PILE: dict = {}


def _turn_moves(game, st, player):
    inf = info(game.variant)
    s = scan(game)
    out = []
    pile = st.piles.get("reserve", _NO_PILE).get(player, _NO_PILE)  # read only
    empty = PLAYABLE & ~st.occupied
    clashing = None
    for code in inf.order:
        if not pile.get(code) or st.turn < inf.first_turn(code):
            continue
        where = inf.entry.get((code, player), 0) & empty
        if code in inf.flowers:
            if clashing is None:
                clashing = rules.clash_masks(inf, st, s, player)
            where &= ~clashing.get(code, 0)
        out += table("place", code).to(-1, where)
    own = st.owned[player]
    opp = st.owned[other(player)]
    passable = empty if game.options["own_tiles_block"] else empty | own
    anchored = st.extra.get("anchored", ())
    b = st.board
    powered = 0
    flowers = inf.flowers
    non_flowers = inf.non_flowers
    role_of, motion_of, stops, may_land = inf.role, inf.motion, inf.stops, inf.may_land
    destinations, options = rules.destinations, s.options
    m = own & ~s.drained
    while m:
        low = m & -m
        m ^= low
        src = low.bit_length() - 1
        code = b[src].kind.code
        role = role_of.get(code)
        if role == "wheel" or role == "boat":
            powered |= low
        if motion_of[code] is None or (role == "boat" and st.ident[src] in anchored):
            continue
        # where the tile may end: its reach, its garden, no own tile, an opponent tile only
        # where it may land on it (:func:`rules.can_land_on`)
        ends = destinations(inf, st, src, passable, player, options) & stops[code] & ~own
        hit = ends & opp
        if hit:
            lands = may_land[code]
            for q in bits(hit):
                if b[q].kind.code not in lands:
                    ends ^= 1 << q
        if code in flowers:
            # a flower may not end in line with a clashing flower of its owner, unless it
            # lands on a non-flower (L229, B16)
            bad = rules.clash_mask_moving(inf, st, s, code, player, src)
            if bad == -1:
                for e in bits(ends):
                    target = b[e]
                    if ((target is None or target.kind.code not in non_flowers)
                            and not rules.clash_free(inf, st, s, code, player, e, src)):
                        ends &= ~(1 << e)
            elif bad & ends:
                for e in bits(bad & ends):
                    target = b[e]
                    if target is None or target.kind.code not in non_flowers:
                        ends &= ~(1 << e)
        if ends:
            out += table("move", code).to(src, ends)
    for at in bits(powered):
        if _has_power_option(game, st, s, at):
            out.append(Move("select", LABEL[at], b[at].kind.code, at))
    if not out:
        out.append(Move("pass", "pass"))
    return out


@hookimpl
def paisho_legal_moves(game):
    st = game.state
    player = st.to_move
    if st.phase == "spring":
        return _spring_moves(game, st, player)
    if st.phase == "power":
        at, moved = st.extra["power"]
        out = _power_options(game, st, scan(game), at, moved)
        if moved:
            out.append(Move("stop", "stop", implicit=True))
        return out
    if st.phase == "convoy":
        boat, name, done = st.extra["convoy"]
        out = _carry_moves(game, st, scan(game), boat, DIRECTIONS[name], done)
        if done:
            out.append(Move("stop", "stop", implicit=True))
        return out
    return _turn_moves(game, st, player)


# -- applying decisions -----------------------------------------------------------------------

def _forget(st, ident: int) -> None:
    """Drop a tile that left the board from the identity-keyed sets."""
    for key in ("spring", "boat_moved", "anchored"):
        idents = st.extra.get(key)
        if idents and ident in idents:
            st.extra[key] = idents - {ident}
    links = st.extra.get("drain")
    if links:
        st.extra["drain"] = frozenset(pair for pair in links if ident not in pair)


def _moved(st, ident: int) -> None:
    """A Spring Flower that is displaced counts as moved (L256-257, B19); every tile that moves
    has arrived this turn (``own_clash_return=arrived``, B18)."""
    idents = st.extra.get("spring")
    if idents and ident in idents:
        st.extra["spring"] = idents - {ident}
    st.extra["arrived"] = st.extra.get("arrived", frozenset()) | {ident}


def _to_pot(st, i: int) -> None:
    ident = st.ident[i]
    tile = st.lift(i)
    st.give("pot", tile.owner, tile.kind.code)
    _forget(st, ident)


def _to_reserve(st, i: int) -> None:
    ident = st.ident[i]
    tile = st.lift(i)
    st.give("reserve", tile.owner, tile.kind.code)
    _forget(st, ident)


def _return_wrong_garden(inf, st, points) -> None:
    """A flower displaced into a garden of the wrong colour goes back to its owner's reserve
    (L240-242; B11 for the Wheel)."""
    for p in points:
        t = st.board[p]
        if t is not None and t.kind.code in inf.flowers and not (inf.stops[t.kind.code] >> p) & 1:
            _to_reserve(st, p)


def _resolve_own_clashes(game, inf, st) -> Scan:
    """Every flower in line with a clashing flower of its own owner returns to the reserve
    (L229-230, B18), until no such pair is left; under ``own_clash_return=arrived`` only those
    that moved this turn do.  Returns the scan of the final board."""
    arrived = st.extra.pop("arrived", frozenset())
    only_arrived = game.options["own_clash_return"] == "arrived"
    while True:
        s = Scan(inf, st, game.options)
        bad = rules.own_clashes(inf, st, s)
        if only_arrived:
            bad = sum(1 << i for i in bits(bad) if st.ident[i] in arrived)
        if not bad:
            return s
        for i in bits(bad):
            _to_reserve(st, i)


def _end_turn(game, st, passed: bool = False) -> None:
    inf = info(game.variant)
    s = _resolve_own_clashes(game, inf, st)
    mover = st.to_move
    scorers = PLAYERS if game.options["score_timing"] == "every_turn" else (mover,)
    scores = dict(st.scores)
    for p in scorers:
        scores[p] = scores.get(p, 0) + rules.turn_points(inf, st, s, p)
    st.scores = scores
    st.extra["passes"] = st.extra.get("passes", 0) + 1 if passed else 0
    st.extra.pop("power", None)
    st.extra.pop("convoy", None)
    st.phase = "turn"
    if mover != game.options["first_move"]:
        st.turn += 1
    st.to_move = other(mover)
    _hand_over(game, st, s)  # nothing above changes what a Scan reads


def _spring_placed(st, player) -> int:
    idents = st.extra.get("spring", frozenset())
    return sum(1 for i in bits(st.owned[player]) if st.ident[i] in idents)


@hookimpl
def paisho_apply(game, move):
    st = game.state
    inf = info(game.variant)
    player = st.to_move
    action = move.action
    if action == "spring":
        st.take("reserve", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        st.extra["spring"] = st.extra.get("spring", frozenset()) | {st.ident[move.dst]}
        if all(_spring_placed(st, p) >= inf.spring_flowers for p in PLAYERS):
            st.phase, st.turn, st.to_move = "turn", 1, game.options["first_move"]
        else:
            st.to_move = other(player)
        return
    if action == "place":
        st.take("reserve", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        if inf.role.get(move.tile) == "knotweed" and game.options["knotweed_drain"] == "snapshot":
            _record_drain(inf, st, move.dst)
        _end_turn(game, st)
        return
    if action == "move":
        src, dst = move.src, move.dst
        target = st.board[dst]
        ident = st.ident[src]
        role = inf.role.get(move.tile)
        if target is not None and target.kind.code in inf.non_flowers:
            # Landing on a non-flower removes it and the lander (L177, B16).
            _to_pot(st, dst)
            _to_pot(st, src)
            _end_turn(game, st)
            return
        if target is not None:
            _to_pot(st, dst)
        st.relocate(src, dst)
        _moved(st, ident)
        if role == "boat":
            st.extra["boat_moved"] = st.extra.get("boat_moved", frozenset()) | {ident}
        if role in ("wheel", "boat"):
            game.cache.clear()
            if _power_options(game, st, Scan(inf, st, game.options), dst, True):
                st.phase = "power"
                st.extra["power"] = (dst, True)
                return
        _end_turn(game, st)
        return
    if action == "select":
        st.phase = "power"
        st.extra["power"] = (move.src, False)
        return
    if action == "rotate":
        moves = rules.wheel_turns(inf, st, Scan(inf, st, game.options), move.src, True)[move.aux]
        lifted = [(dst, st.ident[src], st.lift(src)) for src, dst in moves]
        for dst, ident, tile in lifted:
            st.put(dst, tile, ident)
            _moved(st, ident)
        _return_wrong_garden(inf, st, [dst for _s, dst in moves])
        _end_turn(game, st)
        return
    if action == "push":
        _moved(st, st.ident[move.dst])
        st.relocate(move.dst, move.aux)
        _return_wrong_garden(inf, st, [move.aux])
        _end_turn(game, st)
        return
    if action == "ferry":
        st.phase = "convoy"
        st.extra.pop("power", None)
        st.extra["convoy"] = (move.src, move.aux, ())
        return
    if action == "carry":
        boat, name, done = st.extra["convoy"]
        ident = st.ident[move.src]
        st.relocate(move.src, move.dst)
        _moved(st, ident)
        done = done + (ident,)
        st.extra["convoy"] = (boat, name, done)
        if len(done) >= 3 or not _carry_moves(game, st, Scan(inf, st, game.options), boat, DIRECTIONS[name], done):
            _anchor(st, boat)
            _end_turn(game, st)
        return
    if action == "stop":
        if st.phase == "convoy":
            _anchor(st, st.extra["convoy"][0])
        _end_turn(game, st)
        return
    if action == "pass":
        _end_turn(game, st, passed=True)
        return
    raise NotationError(f"unknown Basic Pai Sho action {action!r}")


def _record_drain(inf, st, knotweed: int) -> None:
    """Option knotweed_drain: snapshot: remember the tiles around a Knotweed as it is placed."""
    kid = st.ident[knotweed]
    links = set(st.extra.get("drain", ()))
    for q in bits(board.AROUND[knotweed] & st.occupied):
        if inf.role.get(st.board[q].kind.code) != "knotweed":
            links.add((kid, st.ident[q]))
    st.extra["drain"] = frozenset(links)


def _anchor(st, boat: int) -> None:
    """A Boat that carried tiles may never move again (L196-197)."""
    st.extra["anchored"] = st.extra.get("anchored", frozenset()) | {st.ident[boat]}


# -- the end of the game ----------------------------------------------------------------------

ENDINGS = {
    "chain": "a chain of harmonies around the Mid Port",
    "depleted": "a player has no more than three flowers left",
    "target": "a player reached the target score",
    "passes": "both players passed",
    "max_turns": "the turn limit was reached",
}


def final_count(game, st=None) -> dict:
    """The end-of-game count of each player, with its parts (L277-282 or L310-325, B23)."""
    st = st or game.state
    inf = info(game.variant)
    s = Scan(inf, st, game.options)
    mode = game.options["end_count"]
    lotus = s.by_role["lotus"]
    table = NEAR3 if game.options["protection_metric"] == "chebyshev" else NEAR3_STEPS
    own_lotus_only = game.options["protection_lotus"] == "own"
    near_of = {}
    for p in PLAYERS:
        near = 0
        for q in bits(lotus & st.owned[p] if own_lotus_only else lotus):
            near |= table[q]
        near_of[p] = near
    pairs = rules.harmony_pairs(inf, st, s)
    in_harmony = {p: 0 for p in PLAYERS}  # tiles in a harmony their owner scores
    for a, b, o, _v in pairs:
        in_harmony[o] |= (1 << a) | (1 << b)
    out = {}
    b = st.board
    for p in PLAYERS:
        running = st.scores.get(p, 0)
        own = st.owned[p]
        flowers = own & s.flowers
        # The Pot's points (L303-304) are stated apart from both counts: every count has them.
        parts = {"running": running, "pot": sum(st.pile("pot", other(p)).values())}
        if mode in ("counting_points", "combined"):
            protected = (flowers & near_of[p]).bit_count()
            parts["protected"] = protected
            parts["dead"] = -(flowers.bit_count() - protected)
        if mode in ("how_to_score", "combined"):
            bonus = 0
            for i in bits(flowers & in_harmony[p]):
                if (inf.garden[inf.colour[b[i].kind.code]] >> i) & 1:
                    bonus += 1
            parts["garden_bonus"] = bonus
        if mode == "how_to_score":
            near_other = 0
            for i in bits(own):
                lotuses = lotus & ~(1 << i)
                if any((table[q] >> i) & 1 for q in bits(lotuses)):
                    near_other += 1
            parts["near_lotus"] = near_other
            parts["on_board"] = -own.bit_count()
        out[p] = parts
    return out


def _outcome(game, ending: str, pot_winner):
    st = game.state
    parts = final_count(game)
    wager = game.options["pot_wager_points"]
    if wager and pot_winner:
        parts[pot_winner]["wager"] = wager
    final = {p: sum(parts[p].values()) for p in PLAYERS}
    if final["host"] == final["guest"]:
        winner = None
    else:
        winner = "host" if final["host"] > final["guest"] else "guest"
    pot_text = f"{pot_winner} wins the Pot" if pot_winner else "nobody wins the Pot"
    reason = (f"{ENDINGS[ending]}; {pot_text}; final count host {final['host']}, "
              f"guest {final['guest']}")
    details = {"ending": ending, "pot_winner": pot_winner, "final_scores": final,
               "count": parts, "running_scores": dict(st.scores)}
    return Outcome(winner, reason, details)


@hookimpl
def paisho_check_end(game):
    st = game.state
    if st.phase != "turn" or st.turn < 1:
        return None
    inf = info(game.variant)
    s = scan(game)
    chains = rules.chain_players(inf, st, s)
    if chains:
        # Both at once: the player whose turn just ended formed the chain.
        last = other(st.to_move)
        return _outcome(game, "chain", last if last in chains else chains[0])
    # (the reserve is counted only when the board alone leaves three flowers or fewer)
    short = [p for p in PLAYERS if (st.owned[p] & s.flowers).bit_count() <= 3
             and (st.owned[p] & s.flowers).bit_count() + st.count("reserve", p, inf.flowers) <= 3]
    if short:
        return _outcome(game, "depleted", other(short[0]) if len(short) == 1 else None)
    target = game.options["target_points"]
    if target and any(st.scores.get(p, 0) >= target for p in PLAYERS):
        return _outcome(game, "target", None)
    if st.extra.get("passes", 0) >= 2:
        return _outcome(game, "passes", None)
    limit = game.options["max_turns"]
    if limit and st.turn > limit:
        return _outcome(game, "max_turns", None)
    return None


# -- notation ---------------------------------------------------------------------------------

_PT = r"\(-?\d+,-?\d+\)"
PIECE_RE = re.compile(rf"^(?:[A-Z][A-Z0-9]?{_PT}|{_PT}(?:-{_PT})?|c?cw\d|push{_PT}|ferry[NESW]|stop|pass)$")
POINT_RE = re.compile(_PT)


@hookimpl
def paisho_parse_turn(game, body):
    body = body.replace(" ", "").replace("_", "+")
    if not body:
        raise NotationError("empty turn body")
    out = []
    for piece in body.split("+"):
        if not PIECE_RE.match(piece):
            raise NotationError(
                f"{piece!r} is not a Basic Pai Sho decision (expected CODE(x,y), (x,y), "
                f"(x1,y1)-(x2,y2), cwK, push(x,y), ferryN/E/S/W, stop or pass)")
        for p in POINT_RE.findall(piece):
            if p not in board.LABEL_INDEX:
                raise NotationError(f"{p} is not a point of the board")
        if piece.startswith("ccw"):
            k = int(piece[3:])
            if not 1 <= k <= 7:
                raise NotationError(f"{piece!r}: a Wheel turns by 1 to 7 steps")
            piece = f"cw{8 - k}"
        out.append(piece)
    return out


@hookimpl
def paisho_format_turn(game, moves):
    return "+".join(m.text for m in moves if not m.implicit)


# -- positions --------------------------------------------------------------------------------

def _xy(i: int) -> list[int]:
    return list(coords(i))


@hookimpl
def paisho_position_extra(game):
    st = game.state
    out = {}
    if st.phase == "power":
        at, moved = st.extra["power"]
        out["power"] = {"at": _xy(at), "moved": moved}
    elif st.phase == "convoy":
        boat, name, done = st.extra["convoy"]
        carried = [_xy(i) for i in bits(st.occupied) if st.ident[i] in done]
        out["convoy"] = {"boat": _xy(boat), "direction": name, "carried": carried}
    if st.extra.get("passes"):
        out["passes"] = st.extra["passes"]
    if st.extra.get("drain"):
        where = {st.ident[i]: i for i in bits(st.occupied)}
        links = sorted((where[k], where[t]) for k, t in st.extra["drain"] if k in where and t in where)
        if links:
            out["drain"] = [{"knotweed": _xy(k), "tile": _xy(t)} for k, t in links]
    if st.outcome is not None:
        details = st.outcome.details or st.extra.get("outcome_details") or {}
        out["outcome"] = {**st.outcome.to_json(), **details}
    return out


def _point(value, path, problems):
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not board.on_board(*value)):
        problems.append((path, f"expected a board point [x, y], got {value!r}"))
        return -1
    return index(*value)


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    inf = info(game.variant)
    problems = []
    phase = data.get("phase", "turn")
    if phase not in PHASES:
        problems.append(("$.phase", f"Basic Pai Sho has no phase {phase!r} ({', '.join(PHASES)})"))
    if "turn" not in data:
        st.turn = 0 if phase == "spring" else 1
    sets = {"spring": set(), "boat_moved": set(), "anchored": set()}
    for k, entry in enumerate(data["board"]):
        i = index(entry["x"], entry["y"])
        tile = st.board[i]
        for flag in entry.get("flags", []):
            if flag in sets:
                ok = (tile.kind.code in inf.flowers) if flag == "spring" else inf.role.get(tile.kind.code) == "boat"
                if not ok:
                    problems.append((f"$.board[{k}].flags", f"flag {flag!r} does not apply to {tile.kind.name}"))
                else:
                    sets[flag].add(st.ident[i])
    st.extra.update({k: frozenset(v) for k, v in sets.items()})
    scores = data.get("scores") or {}
    st.scores = {p: scores.get(p, 0) for p in PLAYERS}
    passes = data.get("passes", 0)
    if not isinstance(passes, int) or isinstance(passes, bool) or passes < 0:
        problems.append(("$.passes", "expected a whole number >= 0"))
        passes = 0
    st.extra["passes"] = passes
    for p in PLAYERS:
        st.pile("pot", p)
    player = data["to_move"]
    if phase == "power":
        power = data.get("power")
        if not isinstance(power, dict):
            problems.append(("$.power", "phase 'power' needs {\"at\": [x, y], \"moved\": true|false}"))
        else:
            at = _point(power.get("at"), "$.power.at", problems)
            if at >= 0:
                t = st.board[at]
                if t is None or t.owner != player or inf.role.get(t.kind.code) not in ("wheel", "boat"):
                    problems.append(("$.power.at", f"no Wheel or Boat of {player} there"))
                st.extra["power"] = (at, bool(power.get("moved")))
    elif phase == "convoy":
        convoy = data.get("convoy")
        if not isinstance(convoy, dict) or convoy.get("direction") not in DIRECTIONS:
            problems.append(("$.convoy", "phase 'convoy' needs {\"boat\": [x, y], \"direction\": N|E|S|W, \"carried\": [...]}"))
        else:
            boat = _point(convoy.get("boat"), "$.convoy.boat", problems)
            done = []
            for k, pt in enumerate(convoy.get("carried") or []):
                q = _point(pt, f"$.convoy.carried[{k}]", problems)
                if q >= 0 and st.board[q] is not None:
                    done.append(st.ident[q])
            if boat >= 0:
                t = st.board[boat]
                if t is None or t.owner != player or inf.role.get(t.kind.code) != "boat":
                    problems.append(("$.convoy.boat", f"no Boat of {player} there"))
                st.extra["convoy"] = (boat, convoy["direction"], tuple(done))
    links = set()
    for k, link in enumerate(data.get("drain") or []):
        if not isinstance(link, dict):
            problems.append((f"$.drain[{k}]", "expected {\"knotweed\": [x, y], \"tile\": [x, y]}"))
            continue
        kp = _point(link.get("knotweed"), f"$.drain[{k}].knotweed", problems)
        tp = _point(link.get("tile"), f"$.drain[{k}].tile", problems)
        if kp < 0 or tp < 0:
            continue
        kt, tt = st.board[kp], st.board[tp]
        if kt is None or inf.role.get(kt.kind.code) != "knotweed" or tt is None:
            problems.append((f"$.drain[{k}]", "expected a Knotweed and a tile on those points"))
            continue
        links.add((st.ident[kp], st.ident[tp]))
    st.extra["drain"] = frozenset(links)
    out = data.get("outcome")
    if isinstance(out, dict):
        details = {k: v for k, v in out.items() if k not in ("winner", "result", "reason")}
        if details:
            st.extra["outcome_details"] = details
    if problems:
        raise PositionError(problems)
    game.cache.clear()
    if phase in ("power", "convoy") and not paisho_legal_moves(game):
        raise PositionError([(f"$.{phase}", f"the tile there has no {phase} decision to make")])
    game.cache.clear()


@hookimpl
def paisho_status(game):
    st = game.state
    inf = info(game.variant)
    s = scan(game)
    lines = []
    for p in PLAYERS:
        pot = st.pile("pot", p)
        lines.append((p.capitalize(),
                      f"score {st.scores.get(p, 0)}, standing harmonies worth "
                      f"{rules.turn_points(inf, st, s, p)}, reserve {st.count('reserve', p)} tiles, "
                      f"{sum(pot.values())} of theirs in the Pot"
                      + (", Lotus blooming" if s.blooming[p] and s.by_role["lotus"] & st.owned[p] else "")))
    pot = {p: ",".join(f"{c}x{n}" if n > 1 else c for c, n in sorted(st.pile("pot", p).items())) or "-"
           for p in PLAYERS}
    lines.append(("Pot", f"host tiles {pot['host']}; guest tiles {pot['guest']}"))
    if st.phase == "spring":
        lines.append(("Spring", f"{st.to_move} places a Spring Flower on their side"))
    elif st.phase == "power":
        at, moved = st.extra["power"]
        name = st.board[at].kind.name
        choices = " ".join(str(m) for m in game.legal_moves())
        lines.append(("Power", f"the {name} on {LABEL[at]}: {choices}"))
    elif st.phase == "convoy":
        boat, name, done = st.extra["convoy"]
        lines.append(("Carry", f"the Boat on {LABEL[boat]} carries your tiles {name}: "
                               f"{len(done)} of 3 moved" + (", or stop" if done else "")))
    return lines


@hookimpl
def paisho_evaluate(game, player):
    """Running score lead, plus what the standing harmonies will score next turn, plus the Pot."""
    st = game.state
    opp = other(player)
    if st.outcome is not None:
        return 0 if st.outcome.winner is None else (1000 if st.outcome.winner == player else -1000)
    inf = info(game.variant)
    s = scan(game)
    lead = st.scores.get(player, 0) - st.scores.get(opp, 0)
    standing = rules.turn_points(inf, st, s, player) - rules.turn_points(inf, st, s, opp)
    pot = st.count("pot", opp) - st.count("pot", player)
    return lead + 2 * standing + pot
