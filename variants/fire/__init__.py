"""Fire Pai Sho as a paisho variant plugin.

Printed source: ``fire-pai-sho-rules.txt``.  Default behaviour follows the reference engine
(``spec/skud-fire-reference.md`` section 3); every place where the two differ is an option
(rulings page: docs/variants/fire/rulings.md).  Shared mechanics (movement, clash, Wheel, Boat,
rings, midline counts) come from the ``variants/common/garden`` package.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core import board
from paisho_core.board import AROUND, GATES, bits
from paisho_core.errors import NotationError, PositionError
from paisho_core.game import Move
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import PLAYERS, other

from ..common import garden
from ..common.garden import GATES_T, line_cancelled, roles
from ..common.setup import begin
from .explain import paisho_explain_illegal  # noqa: F401  (a hook of this plugin)
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("fire.yaml")

MIDLINE_ENDS = board.mask_of([(0, 7), (0, -7), (7, 0), (-7, 0)])
FIRST_POINTS = board.AREA["red"] & board.AREA["white"]
"""Points typed both red and white: the 25 garden midline points and the 4 midline ends."""
PLANTING = board.AREA["neutral"] & ~GATES
"""Points carrying the Neutral type, where flowers are planted after the first."""


paisho_variant_info = variant_info("fire", YAML, "Fire Pai Sho")


@hookimpl
def paisho_setup(game):
    st = game.state
    if game.options.get("DoubleAccentTiles"):
        r = roles(game.variant)
        for player in PLAYERS:
            for code in r.accent:
                st.give("reserve", player, code)
    begin(st, "turn", 1, first="guest")


# -- derived data -----------------------------------------------------------------------------

def _boosted(game) -> int:
    """Tiles next to any Knotweed (reference 3.4): not gate tiles, accents or, by default, a
    White Lotus."""
    st = game.state
    gm = garden.group_masks(game)
    knotweeds = gm.get("knotweed", 0)
    if not knotweeds:
        return 0
    excluded = gm.get("accent", 0)
    if not game.options.get("KnotweedBoostsLotus"):
        excluded |= gm.get("lotus", 0)
    near = 0
    for k in bits(knotweeds):
        near |= AROUND[k]
    return near & st.occupied & ~GATES & ~excluded


def boosted(game) -> int:
    return garden.memoised(game, "boosted", _boosted)


def pairs(game):
    """Fire harmonies (reference 3.4) as (a, b, owners), carried from the previous board where
    only a few tiles changed (``garden.harmony_pairs``)."""
    got = garden.derived(game).get("pairs")
    return _pairs(game) if got is None else got


def _pairs(game):
    """:func:`pairs` computed (the closure below is made only then)."""
    memo = garden.derived(game)
    r = roles(game.variant)
    state = game.state
    b = state.board
    gm = garden.group_masks(game)
    ethereal = game.options.get("EtherealAccentTiles")
    if ethereal:  # harmony lines pass through accents
        accents = gm.get("accent", 0)
        lines = garden.line_neighbours(
            (state.occupied | GATES) & ~accents,
            (state.occupied_t | GATES_T) & ~garden.transpose_mask(accents))
    else:
        lines = garden.lines(game)
    rocks = gm.get("rock", 0)
    boost = boosted(game)
    same_colour = game.options.get("RockBuffSameColour")
    lotuses = gm.get("lotus", 0)
    # tiles that harmonise: basic flowers and Orchids among themselves, a Lotus with either
    able = (gm.get("basic_or_orchid", 0) | lotuses) & ~GATES
    harmonises = r.harmonises

    def pairs_at(a: int) -> list:
        out = []
        ta = b[a]
        a_lotus = (lotuses >> a) & 1
        e, _w, n, _s = lines[a]
        for q, horizontal in ((e, True), (n, False)):
            if q < 0 or not (able >> q) & 1:
                continue
            tq = b[q]
            q_lotus = (lotuses >> q) & 1
            if a_lotus or q_lotus:
                if not (a_lotus and q_lotus):
                    out.append((a, q, (tq.owner if a_lotus else ta.owner,)))
                continue
            if ta.owner != tq.owner:
                continue
            buff = bool((boost >> a) & 1 or (boost >> q) & 1 or
                        (rocks and line_cancelled(rocks, a, horizontal)))
            if buff and same_colour:
                buff = ta.kind.colour is not None and ta.kind.colour == tq.kind.colour
            if buff or tq.kind.code in harmonises[ta.kind.code]:
                out.append((a, q, (ta.owner,)))
        return out

    if ethereal:
        got = memo["pairs"] = [pair for a in bits(able) for pair in pairs_at(a)]
        return got
    return garden.harmony_pairs(game, able, boost, rocks, pairs_at)


@hookimpl
def paisho_harmonies(game):
    return garden.harmony_list(game.state, pairs(game))


@hookimpl
def paisho_tile_flags(game):
    return {"boosted": boosted(game)}


# -- legal moves ------------------------------------------------------------------------------

def plant_points(game, state) -> int:
    """Empty non-gate points carrying the Neutral type (reference 3.3)."""
    pts = PLANTING & ~state.occupied
    if game.options.get("NoMidlineEndPlanting"):
        pts &= ~MIDLINE_ENDS
    return pts


def first_points(game) -> int:
    if game.options.get("StrictMidlineOpener"):
        return FIRST_POINTS & ~MIDLINE_ENDS
    return FIRST_POINTS


def _library_codes(game, state, player):
    pile = state.pile("library", player)
    return [k.code for k in game.tileset.kinds if pile.get(k.code)]


def _plants(game, state, player, codes, points, prefix, action):
    clash = garden.clash_map(game)
    table = roles(game.variant).moves
    region = PLANTING if points & ~PLANTING == 0 else FIRST_POINTS if points & ~FIRST_POINTS == 0 \
        else board.PLAYABLE
    out = []
    for code in codes:
        out += table.place_pick(action, prefix, code, region,
                                garden.placement_mask(clash, code, points))
    return out


def _turn_moves(game, state, player):
    r = roles(game.variant)
    codes = _library_codes(game, state, player)
    if not state.occupied:
        return _plants(game, state, player, codes, first_points(game), "", "plant")
    return (_plants(game, state, player, codes, plant_points(game, state), "", "plant")
            + garden.arrangements(state, r, player, _arranging(game)))


def _arranging(game) -> garden.Arranging:
    """Fire's arrangements: no captures, no trapped tiles, the clash rule."""
    return garden.Arranging(garden.lines(game), garden.clash_map(game),
                            immobile=garden.group_masks(game).get("still", 0),
                            memo=garden.mover_memo(game))


@hookimpl
def paisho_has_legal_move(game):
    """Early exit for the end check: in a turn after the first plant, a plant or else the first
    tile that can move (a draw or a placement always has a move: the core builds the list)."""
    st = game.state
    if st.phase != "turn" or not st.occupied:
        return None
    player = st.to_move
    clash = garden.clash_map(game)
    points = plant_points(game, st)
    if any(garden.placement_mask(clash, code, points) for code in _library_codes(game, st, player)):
        return True
    return garden.can_arrange(st, roles(game.variant), player, _arranging(game))


def _draw_moves(game, state, player):
    pile = state.pile("reserve", player)
    return [Move("draw", f"draw {k.code}", tile=k.code)
            for k in game.tileset.kinds if pile.get(k.code)]


def _place_moves(game, state, player):
    r = roles(game.variant)
    code = state.extra["drawn"]
    if code in r.accent:
        moves = garden.accent_moves(game, state, r, player, code, True, boat_sep="*") or []
    else:
        moves = _plants(game, state, player, [code], plant_points(game, state), "+", "bonus-plant")
    return moves or [Move("discard", f"+{code}", tile=code)]


@hookimpl
def paisho_legal_moves(game):
    st = game.state
    if st.phase == "draw":
        return _draw_moves(game, st, st.to_move)
    if st.phase == "place":
        return _place_moves(game, st, st.to_move)
    return _turn_moves(game, st, st.to_move)


@hookimpl
def paisho_chance_outcomes(game):
    st = game.state
    if st.phase != "draw":
        return None
    pile = st.pile("reserve", st.to_move)
    total = sum(pile.values())
    return [(m, pile[m.tile] / total) for m in _draw_moves(game, st, st.to_move)]


# -- applying moves ---------------------------------------------------------------------------

def _after_growth(game, st, player, before) -> None:
    """Harmony bonus (reference 3.5): a new harmony of the mover's draws a reserve tile."""
    game.cache.clear()
    if (garden.new_harmony(st, before, pairs(game), player)
            and st.count("reserve", player)):
        st.phase = "draw"
    else:
        garden.end_turn(st)


@hookimpl
def paisho_apply(game, move):
    st = game.state
    player = st.to_move
    action = move.action
    r = roles(game.variant)
    if action == "plant":
        first = not st.occupied
        before = garden.harmony_idents(st, pairs(game), player)
        st.take("library", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        if first:
            garden.end_turn(st)
        else:
            _after_growth(game, st, player, before)
    elif action == "arrange":
        before = garden.harmony_idents(st, pairs(game), player)
        st.relocate(move.src, move.dst)
        _after_growth(game, st, player, before)
    elif action == "draw":
        st.take("reserve", player, move.tile)
        st.extra["drawn"] = move.tile
        st.phase = "place"
    elif action in ("bonus-plant", "accent", "discard"):
        st.extra.pop("drawn", None)
        if action == "bonus-plant":
            st.put(move.dst, game.tileset.tile(move.tile, player))
        elif action == "accent":
            garden.apply_accent(game, st, r, move, player)
        elif game.options.get("UnplaceableBonusReturns"):
            st.give("reserve", player, move.tile)
        garden.end_turn(st)
    else:
        raise NotationError(f"unknown Fire action {action!r}")


@hookimpl
def paisho_check_end(game):
    st = game.state
    if st.phase != "turn":
        return None
    count_ending = any(st.count("reserve", p) == 0 for p in PLAYERS)
    return garden.end_of_turn_outcome(game, pairs(game), count_ending, "a reserve is empty")


# -- notation ---------------------------------------------------------------------------------

@hookimpl
def paisho_parse_turn(game, body):
    st = game.state
    head, bonus = garden.split_bonus(body.replace(" ", ""))
    garden.check_point_text(body)
    if not head:
        raise NotationError(f"empty turn body {body!r}")
    out = [head]
    if bonus is not None:
        code = bonus[1:].split("(", 1)[0].rstrip("?")
        if not code:
            raise NotationError(f"bonus {bonus!r} names no tile")
        if code not in game.tileset:
            raise NotationError(f"bonus tile {code!r} is not a Fire tile")
        if not st.pile("reserve", st.to_move).get(code):
            raise NotationError(f"drawn tile {code} is not in {st.to_move}'s reserve")
        out.append(f"draw {code}")
        if not bonus.endswith("?"):  # "+R5?": drawn, placement still to come (a partial record)
            out.append(bonus)
    return out


@hookimpl
def paisho_format_turn(game, moves):
    text = "".join(m.text for m in moves if m.action != "draw")
    if moves and moves[-1].action == "draw":  # drawn but not yet placed
        text += f"+{moves[-1].tile}?"
    return text


@hookimpl
def paisho_position_extra(game):
    st = game.state
    return {"drawn": st.extra["drawn"]} if st.phase == "place" else {}


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    phase = garden.loaded_phase(data, "Fire", ("turn", "draw", "place"))
    if phase == "place":
        code = data.get("drawn")
        if code not in game.tileset:
            raise PositionError([("$.drawn", f"phase 'place' needs the drawn tile code, got {code!r}")])
        st.extra["drawn"] = code
    if garden.any_clash(st, roles(game.variant)):
        raise PositionError([("$.board", "two tiles clash on this board")])
    if "turn" not in data:
        st.turn = 2
    game.cache.clear()


def _pile_text(pile: dict) -> str:
    return ",".join(f"{c}x{n}" if n > 1 else c for c, n in pile.items()) or "-"


@hookimpl
def paisho_status(game):
    st = game.state
    counts = garden.midline_counts(pairs(game))
    hide = game.options.get("HideReserveTiles")
    lines = []
    for p in PLAYERS:
        reserve = st.pile("reserve", p)
        shown = (f"{sum(reserve.values())} hidden tiles" if hide and p != st.to_move
                 else _pile_text(reserve))
        lines.append((p.capitalize(), f"library {_pile_text(st.pile('library', p))}; reserve {shown}; "
                                      f"midline-crossing harmonies {counts[p]}"))
    if st.phase == "place":
        lines.append(("Drawn", f"{st.extra['drawn']}: {st.to_move} must place it"))
    return lines


@hookimpl
def paisho_observation(game, player):
    if not game.options.get("HideReserveTiles"):
        return None
    view = game.position()
    opponent = other(player)
    view["reserves"][opponent] = {}
    view["hidden"] = {f"reserves.{opponent}": game.state.count("reserve", opponent)}
    return view
