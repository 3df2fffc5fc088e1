"""Ancient Pai Sho as a paisho variant plugin.

Sources: the community wiki page (``ancient-wiki-and-skud-comprehensive.txt`` lines 1-54, cited
``wiki:N``) and chapter 6 of ``official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``
(cited ``book:N``).  The wiki is the default; the ``book`` preset switches to the book where the
two contradict each other.  Every gap is settled on ``docs/variants/ancient/rulings.md``.

Decisions (``state.phase``): ``guess`` (the guest picks the host's ``left`` or ``right`` hand),
``order`` (whoever the guess favours picks ``first`` or ``second``), ``turn``
(exchange ``x``, a placement or ``pass``), ``draw`` (a chance step: the drawn tile),
``discard``, ``boat`` (where the Ship sends the tile it landed on), ``wheel`` (how far the Wheel
turns its ring) and ``move``.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core import board
from paisho_core.board import LABEL, PLAYABLE, bits, coords
from paisho_core.errors import NotationError
from paisho_core.game import Harmony, Move, Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.movetable import table
from paisho_core.tiles import PLAYERS, other

from . import rules
from .derived import analyse_state, analysis, disharmonies, hand_codes, harmony_count
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from .notation import deal_text, install_deal, paisho_format_turn, paisho_parse_turn
from .positions import PHASES, paisho_load_position, paisho_observation, paisho_position_extra
from .rules import (CENTRE, DRAGON, FLOWERS, KNOTWEED, ORDER, SHIP, WHEEL, WHITE,
                    Opts, opts)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("ancient.yaml")
PILES = ("pool", "hand", "discard", "captured")

# hooks and helpers defined in the submodules, re-exported: pluggy registers this module only
__all__ = ["analysis", "analyse_state", "deal_text", "disharmonies", "hand_codes", "harmony_count",
           "install_deal", "paisho_format_turn", "paisho_load_position", "paisho_observation",
           "paisho_parse_turn", "paisho_position_extra", "PHASES"]


paisho_variant_info = variant_info("ancient", YAML, "Ancient Pai Sho")


@hookimpl
def paisho_validate_options(variant, options):
    for name in ("target", "hand_size", "turn_limit", "no_progress"):
        value = options.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            return f"option {name} must be an integer, got {value!r}"
    if options["target"] < 1:
        return "option target must be at least 1"
    if options["hand_size"] < 0 or options["turn_limit"] < 0 or options["no_progress"] < 0:
        return "options hand_size, turn_limit and no_progress must not be negative"
    o = Opts(options)
    total = sum(k.count for k in variant.tileset.kinds)
    need = 2 * o.hand_size + 1 if o.shared else o.hand_size + 1
    if need > total:
        return (f"a hand of {o.hand_size} needs {need} tiles in the "
                f"{'shared pool' if o.shared else 'each reserve'}, which holds {total}")
    return None


# -- setup ------------------------------------------------------------------------------------

@hookimpl
def paisho_tile_budget(game):
    """Ancient's set is shared and its tiles change hands (the pool, hands, the Dragon's
    pickups): a loaded position is bounded by the whole set per code (both sets under
    ``per_player``), not by one player's deal."""
    factor = 1 if opts(game).shared else 2
    return {k.code: k.count * factor for k in game.tileset.kinds}


@hookimpl
def paisho_setup(game):
    """Shuffle, deal the hands, set the centrepiece on (0,0), hide the tile for the guess
    (wiki:24, book:974-982).  Everything random is decided here from the seed (rules.deal)."""
    o = opts(game)
    st = game.state
    counts = {k.code: k.count for k in game.tileset.kinds}
    hands, centre, orders, hidden = rules.deal(game.rng, counts, o.hand_size, o.shared)
    st.piles = {name: {} for name in PILES}  # a player's pile is made when it first gets a tile
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
        ex["order_" + key] = rules.pack_order(game.tileset, orders.get(key, ()))
    ex["passes"] = 0
    ex["idle"] = 0
    ex["gain"] = 0
    ex["drain"] = frozenset()
    ex["placing"] = None
    ex["entered"] = False
    ex["hidden"] = None
    if o.first_player == "guess":
        ex["hidden"] = hidden
        ex["first"] = None
        st.phase, st.turn, st.to_move = "guess", 0, "guest"
    else:
        ex["first"] = o.first_player
        st.phase, st.turn, st.to_move = "turn", 1, o.first_player


# -- derived data -----------------------------------------------------------------------------

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

def _placements(game, st, o, player) -> list[Move]:
    out = []
    empty = PLAYABLE & ~st.occupied
    colour = rules.flower_points(o)
    for code in hand_codes(st, player):
        if code in FLOWERS:
            pts = colour["white" if code in WHITE else "red"] & empty
        elif code == SHIP:
            pts = 0
            for i in bits(st.occupied):
                if st.board[i].kind.code not in o.boat_immune:
                    pts |= 1 << i
        else:
            pts = empty
        place = table("place", code).one
        out += [place(-1, p) for p in bits(pts)]
    return out


def _move_list(game, st, o) -> list[Move]:
    drained = rules.drained_mask(st, o)
    b = st.board
    return [table("move", b[s].kind.code).one(s, d) for s, d in rules.all_moves(st, o, drained)]


def _can_exchange(st, o, player) -> bool:
    return st.count("pool", o.pool_key(player)) > 0


def _turn_moves(game, st, o, player) -> list[Move]:
    out = []
    if _can_exchange(st, o, player):
        out.append(Move("exchange", "x"))
    out += _placements(game, st, o, player)
    if not out:
        out.append(Move("pass", "pass"))
    return out


def _draw_candidates(st, o, player, tileset) -> list[str]:
    key = o.pool_key(player)
    order = st.extra.get("order_" + key)
    if order:
        return [rules.order_head(tileset, order)]
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
        return [Move("draw", c, tile=c) for c in _draw_candidates(st, o, player, game.tileset)]
    if phase == "discard":
        return [Move("discard", c, tile=c) for c in hand_codes(st, player)]
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
    if st.phase != "draw" or st.outcome is not None or st.extra.get("entered"):
        return None  # a hand-dealt game: the players enter the tiles they drew at the table
    o = opts(game)
    key = o.pool_key(st.to_move)
    order = st.extra.get("order_" + key)
    if order:
        code = rules.order_head(game.tileset, order)
        return [(Move("draw", code, tile=code), 1.0)]
    pool = st.pile("pool", key)
    total = sum(pool.values())
    return [(Move("draw", c, tile=c), pool[c] / total)
            for c in _draw_candidates(st, o, st.to_move, game.tileset)]


# -- applying decisions -----------------------------------------------------------------------

def _end_turn(st) -> None:
    ex = st.extra
    # ``gain``: the tiles this turn put out of play (a draw from the pool, a placement) less the
    # tiles a Dragon brought back into a hand; none is a turn without progress (ruling R37)
    ex["idle"] = 0 if ex.get("gain", 0) > 0 else ex.get("idle", 0) + 1
    ex["gain"] = 0
    st.phase = "turn"
    st.extra["placing"] = None
    nxt = other(st.to_move)
    if nxt == st.extra.get("first"):
        st.turn += 1
    st.to_move = nxt


def _checkpoint(game, st, o, player) -> bool:
    """The target check after each step of a turn (wiki:29, book:995-997): True if it won."""
    _drained, pairs = analyse_state(st, o)
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
        ex["gain"] = ex.get("gain", 0) + 1
        order = ex.get("order_" + key)
        if order:
            top = rules.order_head(game.tileset, order)
            ex["order_" + key] = order[1:] if top == move.tile else None
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
        ex["gain"] = ex.get("gain", 0) + 1
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
                ex["gain"] = ex.get("gain", 0) - 1
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
    if o.no_progress and st.extra.get("idle", 0) >= o.no_progress:
        return _decide(game, "no progress")
    hands_empty = all(st.count("hand", p) == 0 for p in PLAYERS)
    if hands_empty and (not o.refill or all(st.count("pool", k) == 0 for k in o.pool_keys)):
        return _decide(game, "exhaustion")
    return None


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
