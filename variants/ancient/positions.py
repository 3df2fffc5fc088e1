"""Ancient positions: the variant's own fields (written and read back) and each player's view
(the observation), described in docs/variants/ancient/rules.md, "Position fields"."""
from __future__ import annotations

import re

from paisho_core import board
from paisho_core.board import bits, coords
from paisho_core.errors import PositionError
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import PLAYERS, other

from . import rules
from .derived import analysis, harmony_count
from .rules import KNOTWEED, ORDER, SHIP, WHEEL, opts, order_codes, pack_order

PHASES = ("guess", "order", "turn", "draw", "discard", "boat", "wheel", "move")

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
        "draw_order": {k: (order_codes(game.tileset, ex["order_" + k])
                           if ex.get("order_" + k) is not None else None)
                       for k in o.pool_keys},
        "first": ex.get("first"),
        "hidden_hand": ex.get("hidden"),
        "passes": ex.get("passes", 0),
        "idle_turns": ex.get("idle", 0),
        "draws_entered": bool(ex.get("entered")),
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
        ex["order_" + key] = ""
    for key in o.pool_keys:
        seq = orders.get(key)
        pool = st.pile("pool", key)
        if seq is None:
            ex["order_" + key] = None if pool else ""
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
        ex["order_" + key] = pack_order(game.tileset, seq)
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
    ex["entered"] = data.get("draws_entered") is True
    passes = data.get("passes", 0)
    if not isinstance(passes, int) or isinstance(passes, bool) or passes < 0:
        problems.append(("$.passes", "expected a count of consecutive passes"))
        passes = 0
    ex["passes"] = passes
    idle = data.get("idle_turns", 0)
    if not isinstance(idle, int) or isinstance(idle, bool) or idle < 0:
        problems.append(("$.idle_turns", "expected a count of turns in a row without progress"))
        idle = 0
    ex["idle"] = idle
    # a turn under way has drawn or placed already; only its move step can take a tile back
    ex["gain"] = 1 if phase in ("draw", "discard", "boat", "wheel", "move") else 0
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
    drained_list = data.get("drained") or []
    if not isinstance(drained_list, list):
        problems.append(("$.drained", "expected a list of {x, y, by}"))
        drained_list = []
    for k, entry in enumerate(drained_list):
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
        if not isinstance(knots, list):
            problems.append((path + ".by", "expected a list of Knotweed points [x, y]"))
            continue
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
    if not problems and not data.get("outcome"):
        mover = data.get("to_move")
        if phase == "draw" and not st.count("pool", o.pool_key(mover)):
            problems.append(("$.phase", "a draw is pending but the pool is empty"))
        elif phase == "discard" and not st.count("hand", mover):
            problems.append(("$.phase", "a discard is pending but the hand is empty"))
        elif phase == "move" and o.move_required and not rules.any_move(st, o, rules.drained_mask(st, o)):
            problems.append(("$.phase", "a move is pending but no tile can move"))
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
    them (the shape :func:`paisho_core.players.determinize` reads).  The Guest does not see which
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
