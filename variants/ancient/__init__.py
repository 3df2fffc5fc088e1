"""Ancient Pai Sho as a paisho variant plugin.

Sources: the community wiki page (``ancient-wiki-and-skud-comprehensive.txt`` lines 1-54, cited
``wiki:N``) and chapter 6 of ``official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``
(cited ``book:N``).  The wiki is the default; the ``book`` preset switches to the book where the
two contradict each other.  Every gap is settled on ``docs/variants/ancient/rulings.md``.

Decisions (``state.phase``): ``guess`` (the guest picks the host's ``left`` or ``right`` hand),
``order`` (whoever the guess favours picks ``first`` or ``second``), ``turn``
(exchange ``x``, a placement, ``pass`` or ``resign``), ``draw`` (a chance step: the drawn tile),
``discard``, ``boat`` (where the Ship sends the tile it landed on), ``wheel`` (how far the Wheel
turns its ring) and ``move``.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core import board
from paisho_core.board import LABEL, PLAYABLE, bits, coords
from paisho_core.errors import IllegalMoveError, NotationError, PositionError
from paisho_core.game import Harmony, Move, Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.notation import point as parse_point
from paisho_core.tiles import PLAYERS, other

from . import rules
from .rules import (CENTRE, COIN, DRAGON, FLOWERS, KNOTWEED, LOTUS, ORDER, SHIP, WHEEL, WHITE,
                    Opts, opts)

YAML = Path(__file__).with_name("ancient.yaml")
PHASES = ("guess", "order", "turn", "draw", "discard", "boat", "wheel", "move")


@hookimpl
def paisho_variant_info():
    return {"name": "ancient", "yaml": str(YAML), "title": "Ancient Pai Sho"}


@hookimpl
def paisho_validate_options(variant, options):
    for name in ("target", "hand_size", "turn_limit"):
        value = options.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            return f"option {name} must be an integer, got {value!r}"
    if options["target"] < 1:
        return "option target must be at least 1"
    if options["hand_size"] < 0 or options["turn_limit"] < 0:
        return "options hand_size and turn_limit must not be negative"
    o = Opts(options)
    total = sum(k.count for k in variant.tileset.kinds)
    need = 2 * o.hand_size + 1 if o.shared else o.hand_size + 1
    if need > total:
        return (f"a hand of {o.hand_size} needs {need} tiles in the "
                f"{'shared pool' if o.shared else 'each reserve'}, which holds {total}")
    return None


# -- setup ------------------------------------------------------------------------------------

def _building_from_position() -> bool:
    """True while :func:`paisho_core.from_position` is creating the game.

    Stopgap: from_position checks the loaded tiles against the setup's tiles *per player*, but
    Ancient's set is shared and its tiles change hands (the pool, hands, the Dragon's pickups),
    so no dealt setup is a per-player budget.  Left undealt, the setup holds the whole set for
    each player (both sets under ``per_player``), which is the right bound; load_position then replaces everything.  Core
    generalisation proposed in the rulings page: let a variant declare a shared set."""
    import sys

    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "from_position" and code.co_filename.endswith("position.py"):
            return True
        frame = frame.f_back
    return False


@hookimpl
def paisho_setup(game):
    """Shuffle, deal the hands, set the centrepiece on (0,0), hide the tile for the guess
    (wiki:24, book:974-982).  Everything random is decided here from the seed (rules.deal)."""
    o = opts(game)
    st = game.state
    if _building_from_position():
        if not o.shared:  # tiles cross between the two sets (hands, Dragon catches)
            for pile in st.piles["pool"].values():
                for code in pile:
                    pile[code] *= 2
        st.extra.update(centre_id=0, order_host=(), order_guest=(), passes=0, drain=frozenset(),
                        placing=None, hidden=None, first=None)
        return
    counts = {k.code: k.count for k in game.tileset.kinds}
    hands, centre, orders, hidden = rules.deal(game.rng, counts, o.hand_size, o.shared)
    st.piles = {name: {p: {} for p in PLAYERS} for name in ("pool", "hand", "discard", "captured")}
    for key, order in orders.items():
        for code in order:
            st.give("pool", key, code)
    for player, hand in hands.items():
        for code in hand:
            st.give("hand", player, code)
    st.put(CENTRE, game.tileset.tile(centre, "host"))
    ex = st.extra
    ex["centre_id"] = st.ident[CENTRE]
    for key in PLAYERS:
        ex["order_" + key] = orders.get(key, ())
    ex["passes"] = 0
    ex["drain"] = frozenset()
    ex["placing"] = None
    ex["hidden"] = None
    if o.first_player == "guess":
        ex["hidden"] = hidden
        ex["first"] = None
        st.phase, st.turn, st.to_move = "guess", 0, "guest"
    else:
        ex["first"] = o.first_player
        st.phase, st.turn, st.to_move = "turn", 1, o.first_player


# -- derived data -----------------------------------------------------------------------------

def analysis(game):
    """(drained mask, effective pairs) of the current state, memoised per state."""
    a = game.cache.get("ancient")
    if a is None:
        o = opts(game)
        drained = rules.drained_mask(game.state, o)
        a = game.cache["ancient"] = (drained, rules.analyse(game.state, o, drained))
    return a


def _analyse_state(state, o):
    drained = rules.drained_mask(state, o)
    return drained, rules.analyse(state, o, drained)


@hookimpl
def paisho_harmonies(game):
    st = game.state
    centre_id = st.extra.get("centre_id", 0)
    out = []
    for a, q, s in analysis(game)[1]:
        if s <= 0:
            continue
        placers = []
        for i in (a, q):
            if st.ident[i] != centre_id and st.board[i].owner not in placers:
                placers.append(st.board[i].owner)
        owner = placers[0] if len(placers) == 1 else st.board[a].owner
        out.append(Harmony(coords(a), coords(q), owner, board.crosses_midline(a, q),
                           tuple(sorted(placers, key=PLAYERS.index))))
    return out


def disharmonies(game) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The effective disharmonies as pairs of points."""
    return [(coords(a), coords(q)) for a, q, s in analysis(game)[1] if s < 0]


def harmony_count(game) -> int:
    return rules.count(analysis(game)[1], opts(game))


@hookimpl
def paisho_tile_flags(game):
    st = game.state
    centre = 0
    cid = st.extra.get("centre_id", 0)
    if cid:
        for i in bits(st.occupied):
            if st.ident[i] == cid:
                centre = 1 << i
                break
    return {"drained": analysis(game)[0], "centrepiece": centre}


# -- legal moves ------------------------------------------------------------------------------

def _hand_codes(st, player):
    hand = st.pile("hand", player)
    return sorted((c for c, n in hand.items() if n), key=ORDER.__getitem__)


def _placements(game, st, o, player) -> list[Move]:
    out = []
    empty = PLAYABLE & ~st.occupied
    colour = rules.flower_points(o)
    for code in _hand_codes(st, player):
        if code in FLOWERS:
            pts = colour["white" if code in WHITE else "red"] & empty
        elif code == SHIP:
            pts = 0
            for i in bits(st.occupied):
                if st.board[i].kind.code not in o.boat_immune:
                    pts |= 1 << i
        else:
            pts = empty
        out += [Move("place", f"{code}{LABEL[p]}", tile=code, dst=p) for p in bits(pts)]
    return out


def _move_list(game, st, o) -> list[Move]:
    drained = rules.drained_mask(st, o)
    return [Move("move", f"{LABEL[s]}-{LABEL[d]}", tile=st.board[s].kind.code, src=s, dst=d)
            for s, d in rules.all_moves(st, o, drained)]


def _can_exchange(st, o, player) -> bool:
    return st.count("pool", o.pool_key(player)) > 0


def _turn_moves(game, st, o, player) -> list[Move]:
    out = []
    if _can_exchange(st, o, player):
        out.append(Move("exchange", "x"))
    out += _placements(game, st, o, player)
    if not out:
        out.append(Move("pass", "pass"))
    if o.allow_resign:
        out.append(Move("resign", "resign"))
    return out


def _draw_candidates(st, o, player) -> list[str]:
    key = o.pool_key(player)
    order = st.extra.get("order_" + key)
    if order:
        return [order[0]]
    pool = st.pile("pool", key)
    return sorted((c for c, n in pool.items() if n), key=ORDER.__getitem__)


@hookimpl
def paisho_legal_moves(game):
    st = game.state
    o = opts(game)
    player = st.to_move
    phase = st.phase
    if phase == "turn":
        return _turn_moves(game, st, o, player)
    if phase == "move":
        out = _move_list(game, st, o)
        if not o.move_required:
            out.append(Move("nomove", "nomove", implicit=True))
        return out
    if phase == "draw":
        return [Move("draw", c, tile=c) for c in _draw_candidates(st, o, player)]
    if phase == "discard":
        return [Move("discard", c, tile=c) for c in _hand_codes(st, player)]
    if phase == "boat":
        empty = PLAYABLE & ~st.occupied
        return [Move("boat", ">" + LABEL[q], dst=q) for q in bits(empty)]
    if phase == "wheel":
        _code, p = st.extra["placing"]
        return [Move("wheel", f"@{k}", aux=tuple(mv), dst=p)
                for k, mv in rules.wheel_rotations(st, o, p)]
    if phase == "order":
        return [Move("order", "first"), Move("order", "second")]
    if phase == "guess":
        return [Move("guess", "left"), Move("guess", "right")]
    return []


@hookimpl
def paisho_chance_outcomes(game):
    st = game.state
    if st.phase != "draw" or st.outcome is not None:
        return None
    o = opts(game)
    key = o.pool_key(st.to_move)
    order = st.extra.get("order_" + key)
    if order:
        return [(Move("draw", order[0], tile=order[0]), 1.0)]
    pool = st.pile("pool", key)
    total = sum(pool.values())
    return [(Move("draw", c, tile=c), pool[c] / total) for c in _draw_candidates(st, o, st.to_move)]


# -- applying decisions -----------------------------------------------------------------------

def _end_turn(st) -> None:
    st.phase = "turn"
    st.extra["placing"] = None
    nxt = other(st.to_move)
    if nxt == st.extra.get("first"):
        st.turn += 1
    st.to_move = nxt


def _checkpoint(game, st, o, player) -> bool:
    """The target check after each step of a turn (wiki:29, book:995-997): True if it won."""
    _drained, pairs = _analyse_state(st, o)
    c = rules.count(pairs, o)
    if c == o.target or (not o.win_exact and c >= o.target):
        st.outcome = Outcome(player, "target", {"count": c})
        st.phase = "turn"
        st.extra["placing"] = None
        return True
    return False


def _after_placement(game, st, o, player) -> None:
    st.extra["placing"] = None
    if _checkpoint(game, st, o, player):
        return
    if rules.any_move(st, o, rules.drained_mask(st, o)):
        st.phase = "move"
    else:
        _end_turn(st)  # no tile can move: the turn ends with the placement (ruling R11)


def _remove_tile(st, i) -> object:
    """Lift a tile that leaves the board for good (captured); forget its centrepiece mark."""
    if st.ident[i] == st.extra.get("centre_id"):
        st.extra["centre_id"] = 0
    return st.lift(i)


@hookimpl
def paisho_apply(game, move):
    st = game.state
    o = opts(game)
    player = st.to_move
    ex = st.extra
    action = move.action
    if action == "guess":
        # wiki:24, book:976-978: a right guess lets the guest choose the order, else the host
        chooser = "guest" if move.text == ex["hidden"] else "host"
        ex["hidden"] = None
        st.phase, st.to_move = "order", chooser
        return
    if action == "order":
        starter = player if move.text == "first" else other(player)
        ex["first"] = starter
        st.turn, st.to_move, st.phase = 1, starter, "turn"
        return
    if action == "exchange":
        ex["passes"] = 0
        st.phase = "draw"
        return
    if action == "draw":
        key = o.pool_key(player)
        st.take("pool", key, move.tile)
        order = ex.get("order_" + key)
        if order:
            ex["order_" + key] = order[1:] if order[0] == move.tile else None
        st.give("hand", player, move.tile)
        if not o.refill or st.count("hand", player) > o.hand_size:
            st.phase = "discard"
        else:
            _end_turn(st)
        return
    if action == "discard":
        st.take("hand", player, move.tile)
        st.give("discard", player, move.tile)
        _end_turn(st)
        return
    if action == "place":
        ex["passes"] = 0
        code = move.tile
        st.take("hand", player, code)
        p = move.dst
        if code == SHIP:
            ex["placing"] = (SHIP, p)
            st.phase = "boat"
            return
        st.put(p, game.tileset.tile(code, player))
        if code == WHEEL:
            ex["placing"] = (WHEEL, p)
            st.phase = "wheel"
            return
        if code == KNOTWEED:
            _drain(st, o, p)
        _after_placement(game, st, o, player)
        return
    if action == "boat":
        _code, p = ex["placing"]
        st.relocate(p, move.dst)
        st.put(p, game.tileset.tile(SHIP, player))
        _after_placement(game, st, o, player)
        return
    if action == "wheel":
        rules.rotate(st, move.aux)
        _after_placement(game, st, o, player)
        return
    if action == "move":
        s, d = move.src, move.dst
        target = st.board[d]
        if target is not None:
            mover = st.board[s].kind.code
            victim = _remove_tile(st, d)
            code = victim.kind.code
            if mover == DRAGON and o.dragon_to_hand:
                st.give("hand", player, code)  # wiki:54
            else:
                st.give("captured", player, code)
        st.relocate(s, d)
        if not _checkpoint(game, st, o, player):
            _end_turn(st)
        return
    if action == "nomove":
        _end_turn(st)
        return
    if action == "pass":
        ex["passes"] = ex.get("passes", 0) + 1
        _end_turn(st)
        return
    if action == "resign":
        st.outcome = Outcome(other(player), "forfeit", {"resigned": player})
        return
    raise NotationError(f"unknown Ancient action {action!r}")


def _drain(st, o, p) -> None:
    """A Knotweed placed on ``p`` drains the tiles around it (wiki:48, book:1042-1046)."""
    knot = st.ident[p]
    pairs = set(st.extra.get("drain", ()))
    for q in rules.neighbours(o, p):
        t = st.board[q]
        if t is None:
            continue
        code = t.kind.code
        if code in FLOWERS or (o.drain_all and code != KNOTWEED):
            pairs.add((st.ident[q], knot))
    st.extra["drain"] = frozenset(pairs)


# -- end of game ------------------------------------------------------------------------------

def _decide(game, reason: str) -> Outcome:
    """Exhaustion and turn limit: most own harmonies wins, equal is a draw (book:1098-1101)."""
    st = game.state
    own = rules.own_harmonies(st, analysis(game)[1], st.extra.get("centre_id", 0))
    if own["host"] == own["guest"]:
        winner = None
    else:
        winner = "host" if own["host"] > own["guest"] else "guest"
    return Outcome(winner, reason, {"own_harmonies": own})


@hookimpl
def paisho_evaluate(game, player):
    """For computer players: the exhaustion tiebreak (harmonies of one's own placing), since
    board tiles belong to nobody; a win at the target is found by search, not scored here."""
    st = game.state
    own = rules.own_harmonies(st, analysis(game)[1], st.extra.get("centre_id", 0))
    return float(own[player] - own[other(player)])


@hookimpl
def paisho_check_end(game):
    st = game.state
    if st.phase != "turn" or st.turn < 1:
        return None
    o = opts(game)
    if o.turn_limit and st.turn > o.turn_limit:
        return _decide(game, "turn limit")
    if st.extra.get("passes", 0) >= 2:
        return _decide(game, "exhaustion")
    hands_empty = all(st.count("hand", p) == 0 for p in PLAYERS)
    if hands_empty and (not o.refill or all(st.count("pool", k) == 0 for k in o.pool_keys)):
        return _decide(game, "exhaustion")
    return None


# -- notation ---------------------------------------------------------------------------------

def _check_point_text(text: str) -> None:
    import re

    for m in re.finditer(r"\([^()]*\)", text):
        parse_point(m.group(0))


@hookimpl
def paisho_parse_turn(game, body):
    """Split a turn body into decisions.  Forms: ``first``/``second``, ``pass``, ``resign``,
    ``x:DRAWN/DISCARDED`` (exchange), ``PLACEMENT&MOVE`` with PLACEMENT ``CODE(x,y)``,
    ``B(x,y)>(x,y)`` or ``W(x,y)@k``."""
    import re

    body = body.replace(" ", "")
    if not body:
        raise NotationError("empty turn body")
    if game.ply == 0 and not game.auto_chance and "Deal" in game.tags:
        install_deal(game, game.tags["Deal"])
    st = game.state
    o = opts(game)
    if body in ("pass", "resign"):
        return [body]
    words = body.split(",")
    if all(w in ("left", "right", "first", "second") for w in words):
        return words
    if body[0] in "xX" and (len(body) == 1 or body[1] in ":/"):
        m = re.fullmatch(r"[xX](?::([A-Z][0-9]?|\?))?(?:/([A-Z][0-9]?))?", body)
        if not m:
            raise NotationError(f"{body!r} is not an exchange (x:DRAWN/DISCARDED)")
        drawn, discarded = m.group(1), m.group(2)
        out = ["x"]
        key = o.pool_key(st.to_move)
        order = st.extra.get("order_" + key)
        if drawn not in (None, "?") and order and drawn != order[0]:
            raise IllegalMoveError(
                f"drawn tile {drawn} does not match the draw pile of this game's seed "
                f"(the next tile is {order[0]})")
        if not game.auto_chance:
            if drawn in (None, "?"):
                if not order:
                    raise NotationError(f"{body!r}: the drawn tile must be written (x:CODE/...)")
                drawn = order[0]
            out.append(drawn)
        elif drawn not in (None, "?") and not order:
            raise IllegalMoveError("this game draws its tiles itself; write the exchange as x/DISCARDED")
        if discarded:
            out.append(discarded)
        return out
    _check_point_text(body)
    head, _, mv = body.partition("&")
    m = re.fullmatch(r"([A-Z][0-9]?\(-?\d+,-?\d+\))(>\(-?\d+,-?\d+\)|@\d)?", head)
    if not m:
        raise NotationError(f"{head!r} is not a placement (CODE(x,y), B(x,y)>(x,y) or W(x,y)@k)")
    out = [m.group(1)]
    if m.group(2):
        out.append(m.group(2))
    if mv:
        if not re.fullmatch(r"\(-?\d+,-?\d+\)-\(-?\d+,-?\d+\)", mv):
            raise NotationError(f"{mv!r} is not a move (x1,y1)-(x2,y2)")
        out.append(mv)
    return out


@hookimpl
def paisho_format_turn(game, moves):
    parts = []
    for m in moves:
        if m.implicit:
            continue
        if m.action == "order" and parts:
            parts.append("," + m.text)
        elif m.action == "draw":
            parts.append(":" + m.text)
        elif m.action == "discard":
            parts.append("/" + m.text)
        elif m.action == "move":
            parts.append("&" + m.text)
        else:
            parts.append(m.text)
    return "".join(parts)


# -- the Deal tag: games dealt at a physical table --------------------------------------------

def deal_text(game) -> str:
    """The deal of the current game written as a ``Deal`` tag value, e.g.
    ``host:D,D,R5,W3,W3;guest:B,B,R4,R4,R5;centre:R3;hidden:left`` (``hidden``: the host's hand
    holding the tile of the guess ritual, before the guess)."""
    st = game.state
    parts = [f"{p}:" + ",".join(c for c in _hand_codes(st, p) for _ in range(st.pile("hand", p)[c]))
             for p in ("host", "guest")]
    centre = st.board[CENTRE]
    parts.append("centre:" + (centre.kind.code if centre else "?"))
    if st.extra.get("hidden"):
        parts.append("hidden:" + st.extra["hidden"])
    return ";".join(parts)


def install_deal(game, text: str) -> None:
    """Replace the seeded deal by the one a record's ``Deal`` tag gives (a game dealt by hand):
    hands, centrepiece and, under the guess ritual, the hand that hid the tile.  The draw order is
    then unknown, so every draw is read from the record.  Only before the first decision."""
    o = opts(game)
    fields = {}
    for part in text.replace(" ", "").split(";"):
        key, sep, value = part.partition(":")
        if not sep or key not in ("host", "guest", "centre", "hidden") or key in fields:
            raise NotationError(f"Deal tag: {part!r} is not host:, guest:, centre: or hidden: (once each)")
        fields[key] = value
    missing = [k for k in ("host", "guest", "centre") if k not in fields]
    if o.first_player == "guess" and "hidden" not in fields:
        missing.append("hidden")
    if missing:
        raise NotationError(f"Deal tag: missing {', '.join(missing)}")
    if fields.get("hidden", "left") not in ("left", "right"):
        raise NotationError("Deal tag: hidden must be left or right")
    codes = {k.code for k in game.tileset.kinds}
    hands = {}
    for p in PLAYERS:
        hand = [c for c in fields[p].split(",") if c]
        bad = [c for c in hand if c not in codes]
        if bad:
            raise NotationError(f"Deal tag: unknown tile code(s) {', '.join(bad)}")
        if len(hand) != o.hand_size:
            raise IllegalMoveError(f"Deal tag: the {p} hand has {len(hand)} tiles, not {o.hand_size}")
        hands[p] = hand
    centre = fields["centre"]
    if centre not in codes:
        raise NotationError(f"Deal tag: unknown centrepiece {centre!r}")
    full = {k.code: k.count for k in game.tileset.kinds}
    pools = {k: dict(full) for k in o.pool_keys}
    for p in PLAYERS:
        for c in hands[p]:
            pools[o.pool_key(p)][c] -= 1
    pools["host"][centre] -= 1
    for key, pool in pools.items():
        short = [c for c, n in pool.items() if n < 0]
        if short:
            raise IllegalMoveError(f"Deal tag deals more {', '.join(short)} than the set holds")
    st = game.state
    for i in list(bits(st.occupied)):
        st.lift(i)
    st.piles = {name: {p: {} for p in PLAYERS} for name in ("pool", "hand", "discard", "captured")}
    for key, pool in pools.items():
        st.piles["pool"][key] = {c: n for c, n in pool.items() if n}
    for p in PLAYERS:
        for c in hands[p]:
            st.give("hand", p, c)
    st.put(CENTRE, game.tileset.tile(centre, "host"))
    ex = st.extra
    ex["centre_id"] = st.ident[CENTRE]
    for key in PLAYERS:
        ex["order_" + key] = None if key in o.pool_keys else ()
    ex["hidden"] = None
    if o.first_player == "guess":
        ex["hidden"] = fields["hidden"]
        st.to_move, st.phase, st.turn = "guest", "guess", 0
    game._changed()
    game.start = st.copy()


# -- positions --------------------------------------------------------------------------------

def _point_json(i: int) -> list[int]:
    x, y = coords(i)
    return [x, y]


@hookimpl
def paisho_position_extra(game):
    st = game.state
    o = opts(game)
    ex = st.extra
    where = {st.ident[i]: i for i in bits(st.occupied)}
    centre = where.get(ex.get("centre_id", 0))
    drained = analysis(game)[0]
    by: dict[int, list] = {}
    for tile_id, knot_id in sorted(ex.get("drain", ())):
        i = where.get(tile_id)
        if i is None or not drained >> i & 1:
            continue
        lst = by.setdefault(i, [])
        if knot_id in where:
            lst.append(_point_json(where[knot_id]))
    placing = ex.get("placing")
    return {
        "draw_order": {k: (list(ex["order_" + k]) if ex.get("order_" + k) is not None else None)
                       for k in o.pool_keys},
        "first": ex.get("first"),
        "hidden_hand": ex.get("hidden"),
        "passes": ex.get("passes", 0),
        "centrepiece": _point_json(centre) if centre is not None else None,
        "drained": [{"x": coords(i)[0], "y": coords(i)[1], "by": sorted(v)} for i, v in sorted(by.items())],
        "placing": ({"tile": placing[0], "x": coords(placing[1])[0], "y": coords(placing[1])[1]}
                    if placing else None),
        "count": harmony_count(game),
    }


def _xy(value, path, problems):
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not board.on_board(*value)):
        problems.append((path, "expected a point [x, y] of the board"))
        return -1
    return board.index(*value)


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    o = opts(game)
    ex = st.extra
    problems = []
    phase = data.get("phase", "turn")
    if phase not in PHASES:
        problems.append(("$.phase", f"Ancient has no phase {phase!r} ({', '.join(PHASES)})"))
    given = data.get("piles") or {}
    if "pool" not in given:
        problems.append(("$.piles.pool", "an Ancient position lists its pool (empty objects if it is empty)"))
    for name in ("pool", "hand", "discard", "captured"):
        if name not in given:
            st.piles[name] = {}
        for p in PLAYERS:
            st.piles[name].setdefault(p, {})
    if st.piles.get("reserve"):
        if any(st.piles["reserve"].values()):
            problems.append(("$.reserves", "Ancient keeps its tiles in the pool, hand, discard and captured piles"))
        del st.piles["reserve"]
    if o.shared and st.count("pool", "guest"):
        problems.append(("$.piles.pool.guest", "the shared pool is kept under host"))
    orders = data.get("draw_order") or {}
    if not isinstance(orders, dict):
        problems.append(("$.draw_order", "expected an object of pool key -> list or null"))
        orders = {}
    for key in PLAYERS:
        ex["order_" + key] = ()
    for key in o.pool_keys:
        seq = orders.get(key)
        pool = st.pile("pool", key)
        if seq is None:
            ex["order_" + key] = None if pool else ()
            continue
        if not isinstance(seq, list) or not all(isinstance(c, str) for c in seq):
            problems.append((f"$.draw_order.{key}", "expected a list of tile codes"))
            continue
        counts: dict[str, int] = {}
        for c in seq:
            counts[c] = counts.get(c, 0) + 1
        if counts != {c: n for c, n in pool.items() if n}:
            problems.append((f"$.draw_order.{key}", "the order does not hold the tiles of the pool"))
            continue
        ex["order_" + key] = tuple(seq)
    first = data.get("first")
    if first not in (None, "host", "guest"):
        problems.append(("$.first", "expected host, guest or null"))
        first = None
    if first is None and phase not in ("order", "guess"):
        first = "guest"  # spec section 2: the Guest starts where nothing says otherwise
    ex["first"] = first
    ex["hidden"] = None
    if phase == "guess":
        # a view rebuilt from an observation does not know the hand: assume the left one
        ex["hidden"] = data.get("hidden_hand") or "left"
        if ex["hidden"] not in ("left", "right"):
            problems.append(("$.hidden_hand", "expected left or right (the hand holding the tile)"))
    passes = data.get("passes", 0)
    if not isinstance(passes, int) or isinstance(passes, bool) or passes < 0:
        problems.append(("$.passes", "expected a count of consecutive passes"))
        passes = 0
    ex["passes"] = passes
    ex["centre_id"] = 0
    flagged: dict[str, list[int]] = {}
    for entry in data.get("board") or []:
        for flag in entry.get("flags") or ():
            flagged.setdefault(flag, []).append(board.index(entry["x"], entry["y"]))
    if "centrepiece" not in data and flagged.get("centrepiece"):
        ex["centre_id"] = st.ident[flagged["centrepiece"][0]]
    if data.get("centrepiece") is not None:
        c = _xy(data["centrepiece"], "$.centrepiece", problems)
        if c >= 0:
            if st.board[c] is None:
                problems.append(("$.centrepiece", "no tile stands there"))
            else:
                ex["centre_id"] = st.ident[c]
    pairs = set()
    if "drained" not in data:
        # only the board's flags: drained for good (knotweed 0 is "unknown")
        pairs = {(st.ident[i], 0) for i in flagged.get("drained", ())}
    for k, entry in enumerate(data.get("drained") or []):
        path = f"$.drained[{k}]"
        if not isinstance(entry, dict):
            problems.append((path, "expected {x, y, by}"))
            continue
        i = _xy([entry.get("x"), entry.get("y")], path, problems)
        if i < 0:
            continue
        if st.board[i] is None:
            problems.append((path, "no tile stands there"))
            continue
        knots = entry.get("by") or []
        if not knots:
            pairs.add((st.ident[i], 0))  # its Knotweed is unknown or gone: drained for good
        for n, kp in enumerate(knots):
            q = _xy(kp, f"{path}.by[{n}]", problems)
            if q >= 0:
                if st.board[q] is None or st.board[q].kind.code != KNOTWEED:
                    problems.append((f"{path}.by[{n}]", "no Knotweed stands there"))
                else:
                    pairs.add((st.ident[i], st.ident[q]))
    ex["drain"] = frozenset(pairs)
    ex["placing"] = None
    placing = data.get("placing")
    if phase in ("boat", "wheel") and placing is None and data.get("pending"):
        import re

        m = re.search(r"([BW])\((-?\d+),(-?\d+)\)", data["pending"])
        if m:
            placing = {"tile": m.group(1), "x": int(m.group(2)), "y": int(m.group(3))}
    if phase in ("boat", "wheel"):
        want = SHIP if phase == "boat" else WHEEL
        if not isinstance(placing, dict) or placing.get("tile") != want:
            problems.append(("$.placing", f"phase {phase} needs placing {{tile: {want}, x, y}}"))
        else:
            p = _xy([placing.get("x"), placing.get("y")], "$.placing", problems)
            if p >= 0:
                t = st.board[p]
                if phase == "boat" and t is None:
                    problems.append(("$.placing", "the Ship must stand over a tile"))
                elif phase == "wheel" and (t is None or t.kind.code != WHEEL):
                    problems.append(("$.placing", "no Wheel stands there"))
                else:
                    ex["placing"] = (want, p)
    if problems:
        raise PositionError(problems)
    if "turn" not in data:
        st.turn = 0 if phase in ("order", "guess") else 1
    game.cache.clear()


@hookimpl
def paisho_observation(game, player):
    """The position as ``player`` sees it: the opponent's hand and every pool whose contents
    the player cannot know (the shared pool; under ``per_player`` the opponent's reserve: one's
    own reserve is the own set less one's own draws) are emptied, and the draw order is dropped.
    ``hidden`` maps each emptied pile to its size and ``unseen`` counts the tiles that may be in
    them (the shape :func:`paisho_core.ai.determinize` reads).  The Guest does not see which
    hand hides the ritual tile."""
    pos = game.position()
    o = opts(game)
    opp = other(player)
    piles = pos.get("piles", {})
    secret = [("hand", opp)] + [("pool", k) for k in o.pool_keys if o.shared or k == opp]
    unseen: dict[str, int] = {}
    hidden = {}
    for name, key in secret:
        counts = piles.get(name, {}).get(key, {})
        hidden[f"piles.{name}.{key}"] = sum(counts.values())
        for c, n in counts.items():
            unseen[c] = unseen.get(c, 0) + n
        if name in piles:
            piles[name][key] = {}
    pos["hidden"] = hidden
    pos["unseen"] = dict(sorted(unseen.items(), key=lambda kv: ORDER[kv[0]]))
    pos["draw_order"] = {k: None for k in pos.get("draw_order", {})}
    if player == "guest":
        pos["hidden_hand"] = None
    pos["viewer"] = player
    pos.pop("seed", None)
    return pos


@hookimpl
def paisho_status(game):
    """The count toward the target.  Hands, pools and discards are shown by the renderer
    through :func:`paisho_observation`, so nothing hidden is printed here."""
    st = game.state
    o = opts(game)
    pairs = analysis(game)[1]
    h = sum(1 for *_x, s in pairs if s > 0)
    d = len(pairs) - h
    lines = [("Count", f"{rules.count(pairs, o)} toward target {o.target} "
                       f"({h} harmonies, {d} disharmonies)")]
    if st.phase in ("boat", "wheel") and st.extra.get("placing"):
        code, p = st.extra["placing"]
        lines.append(("Placing", f"{'Ship' if code == SHIP else 'Wheel'} at {LABEL[p]}"))
    return lines
