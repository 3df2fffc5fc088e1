"""Skud Pai Sho as a paisho variant plugin.

Printed source: ``skud-rulebook-2022.txt``.  Default behaviour follows the reference engine
(The Garden Gate, ``spec/skud-fire-reference.md`` sections 2, 4, 5), with the checks it makes
only in its user interface enforced here as rules (rulings page: docs/variants/skud/rulings.md).
"""
from __future__ import annotations

from functools import partial
from itertools import combinations_with_replacement
from pathlib import Path

from paisho_core import board
from paisho_core.board import AROUND, BIT, GATES, LABEL, PLAYABLE, bits
from paisho_core.errors import NotationError, PositionError
from paisho_core.game import Move
from paisho_core.hookspecs import hookimpl
from paisho_core.sight import step4, step_diagonal
from paisho_core.tiles import other

from ..common import garden
from ..common.garden import clash_at, line_cancelled, roles
from ..common.garden.clash import NOT_GATES
from ..common.hooks import paisho_position_extra  # noqa: F401  (a hook of this plugin)
from ..common.setup import begin
from .explain import paisho_explain_illegal  # noqa: F401  (a hook of this plugin)
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from .tolerance import paisho_repair_turn  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("skud.yaml")


paisho_variant_info = variant_info("skud", YAML, "Skud Pai Sho")


# -- setup ------------------------------------------------------------------------------------

def _in_play(game, code: str) -> bool:
    r = roles(game.variant)
    role = r.role.get(code)
    kind = game.tileset.by_code[code]
    if "expansion" in kind.tags and not game.options.get("AncientOasisExpansion"):
        return False
    if role == "wheel" and game.options.get("NoWheels"):
        return False
    return True


@hookimpl
def paisho_setup(game):
    st = game.state
    for player in ("host", "guest"):
        pile = st.pile("reserve", player)
        for code in list(pile):
            if not _in_play(game, code):
                del pile[code]
    begin(st, "accents", 0)


# -- derived data -----------------------------------------------------------------------------

def _flags(game):
    """(trapped, drained) bitsets of the current board (reference 2.15 step 2)."""
    st = game.state
    gm = garden.group_masks(game)
    b = st.board
    blooming = st.occupied & NOT_GATES
    trapped = drained = 0
    orchids = gm.get("orchid", 0) & blooming
    if orchids:
        flowers = gm.get("flower", 0) & blooming
        for i in bits(orchids):
            trapped |= AROUND[i] & st.owned[other(b[i].owner)] & flowers
    knotweeds = gm.get("knotweed", 0) & blooming
    if knotweeds:
        drainable = gm.get("drainable", 0) & blooming
        for i in bits(knotweeds):
            drained |= AROUND[i] & drainable
    return trapped, drained


masks = garden.board_masks


def flags(game):
    return garden.memoised(game, "flags", _flags)


def pairs(game):
    """Harmonies as (a, b, owners) with a west of / below b (reference 2.7), carried from the
    previous board where only a few tiles changed (``garden.harmony_pairs``)."""
    got = (game.cache.get("garden") or garden.derived(game)).get("pairs")
    return _pairs(game) if got is None else got


def _pairs(game):
    """:func:`pairs` computed: :func:`_pairs_at` for the tiles that need it, given what it reads
    of the board (a partial, not a closure: no cells to make per board)."""
    r = roles(game.variant)
    state = game.state
    drained = flags(game)[1]
    lines = garden.lines(game)
    gm = garden.group_masks(game)
    rocks = gm.get("rock", 0)
    turtles = gm.get("lion_turtle", 0)
    turtle_zone = 0
    if turtles:
        for t in bits(turtles):
            turtle_zone |= AROUND[t]
    # tiles that may harmonise: basic flowers and wild tiles, blooming, not drained
    able = gm.get("basic_or_wild", 0) & NOT_GATES
    if drained:
        able &= ~drained
    board_ = (state.board, lines, able, r.wild, rocks, turtle_zone, turtles, r.harmonises)
    return garden.harmony_pairs(game, able, drained, rocks | turtles, partial(_pairs_at, board_))


def _pairs_at(board_: tuple, a: int) -> list:
    """The harmonies ``(a, q, owners)`` of the tile on ``a`` with its nearest tiles east and
    north (``board_``: what :func:`_pairs` read of the board)."""
    b, lines, able, wild, rocks, turtle_zone, turtles, harmonises = board_
    out = []
    ta = b[a]
    ca = ta.kind.code
    e, _w, n, _s = lines[a]
    for q, horizontal in ((e, True), (n, False)):
        if q < 0 or not able & BIT[q]:
            continue
        tq = b[q]
        cq = tq.kind.code
        if ca in wild and cq in wild:
            continue
        if rocks and line_cancelled(rocks, a, horizontal):
            continue
        if turtle_zone and ((turtle_zone >> a) & 1 or (turtle_zone >> q) & 1):
            if ta.owner == tq.owner:
                owners = (ta.owner,)
            else:
                owners = _turtle_owners(b, turtles & (AROUND[a] | AROUND[q]))
            out.append((a, q, owners))
            continue
        if ca in wild:
            out.append((a, q, (tq.owner,)))
        elif cq in wild:
            out.append((a, q, (ta.owner,)))
        elif ta.owner == tq.owner and cq in harmonises[ca]:
            out.append((a, q, (ta.owner,)))
    return out


def _turtle_owners(b, involved: int) -> tuple:
    """The owners of the Lion Turtles on ``involved``, host first."""
    return tuple(sorted({b[t].owner for t in bits(involved)}, key=("host", "guest").index))


@hookimpl
def paisho_harmonies(game):
    return garden.harmony_list(game.state, pairs(game))


@hookimpl
def paisho_tile_flags(game):
    trapped, drained = flags(game)
    return {"drained": drained, "trapped": trapped}


# -- legal moves ------------------------------------------------------------------------------

def accent_choices(game, player: str) -> list[str]:
    """Every multiset of accents the player may keep, written R,W,K,B in tile-set order."""
    r = roles(game.variant)
    pile = game.state.pile("reserve", player)
    pool = []
    for code in r.accent_order:
        pool += [code] * pile.get(code, 0)
    keep = game.variant.rules_config.get(
        "accents_kept_double" if game.options.get("DoubleAccentTiles") else "accents_kept", 4)
    keep = min(keep, len(pool))
    seen = []
    for combo in combinations_with_replacement(range(len(r.accent_order)), keep):
        counts = {}
        for k in combo:
            counts[r.accent_order[k]] = counts.get(r.accent_order[k], 0) + 1
        if all(pile.get(c, 0) >= n for c, n in counts.items()):
            seen.append(",".join(r.accent_order[k] for k in combo))
    return seen


def _plants(game, state, player: str, codes, prefix: str, action: str) -> list[Move]:
    """Plants into open gates, and (expansion) on empty points around a Pond where the flower
    may stand and sees no clash."""
    r = roles(game.variant)
    table = r.moves
    gates = GATES & ~state.occupied
    pond_zone = 0
    ponds = garden.group_masks(game).get("pond", 0)
    if ponds:
        for p in bits(ponds):
            pond_zone |= AROUND[p]
        pond_zone &= ~state.occupied & ~GATES
    if not pond_zone:  # the gates only: a few lists, kept
        return table.few_picks(action, prefix, tuple(codes), GATES, gates)
    clash = None if game.options.get("IgnoreClashing") else garden.clash_map(game)
    out = []
    for code in codes:
        pts = pond_zone & (r.stops[code] if code in r.basic else PLAYABLE)
        if clash is not None:
            pts = garden.placement_mask(clash, code, pts)
        out += table.place_at(action, prefix, code, gates | pts)
    return out


def _arranging(game) -> garden.Arranging:
    """The rules of arranging (reference 2.6): trapped tiles stay, captures by rule 2.9, the
    tiles around a Bamboo are never captured; options IgnoreClashing and DiagonalMovement.
    Memoised with the board (the end check's early exit and the list share it)."""
    return garden.memoised(game, "arranging", _make_arranging)


def _make_arranging(game) -> garden.Arranging:
    r = roles(game.variant)
    opts = game.options
    gm = garden.group_masks(game)
    bamboo_zone = 0
    bamboos = gm.get("bamboo", 0)
    if bamboos:
        for q in bits(bamboos):
            bamboo_zone |= AROUND[q]
    return garden.Arranging(
        garden.lines(game), None if opts.get("IgnoreClashing") else garden.clash_map(game),
        immobile=flags(game)[0] | gm.get("still", 0), capture=Captures(game, r, gm),
        protected=bamboo_zone,
        step=step_diagonal if opts.get("DiagonalMovement") else step4,
        memo=garden.mover_memo(game))


class Captures:
    """``captures(mover)``: the points whose tiles ``mover`` may capture (reference 2.9, first
    matching rule wins).  A player with a blooming White Lotus has a raging Orchid (it captures
    any flower) that is also vulnerable (any flower takes it); a Lotus is never captured,
    accents never, own tiles never; otherwise a flower captures the flowers it clashes with.
    Option EverythingCapture: any tile captures any tile.  Plain data (a game pickles with it)."""

    __slots__ = ("everything", "groups", "host", "guest", "orchid_codes", "flower", "_of")

    def __init__(self, game, r, gm) -> None:
        st = game.state
        self.everything = st.occupied if game.options.get("EverythingCapture") else None
        self.groups = gm
        self.host, self.guest = st.owned["host"], st.owned["guest"]
        self.orchid_codes = r.orchid_codes
        self.flower = r.flower
        self._of: dict[str, tuple] = {}
        """Per mover's owner, worked out when first asked (a list asks for one owner):
        (raging, targets, plain, vulnerable) -- its Orchid rages; the opponent's tiles that are
        not accents; those that are not a Lotus either; the opponent's Orchid when its owner's
        Lotus blooms (0 otherwise)."""

    def _owner(self, owner: str) -> tuple:
        gm = self.groups
        lotus = gm.get("lotus", 0)
        mine, theirs = (self.host, self.guest) if owner == "host" else (self.guest, self.host)
        targets = theirs & ~gm.get("accent", 0)
        blooming = lotus & NOT_GATES
        vulnerable = targets & gm.get("orchid", 0) if blooming & theirs else 0
        got = self._of[owner] = (bool(blooming & mine), targets, targets & ~lotus, vulnerable)
        return got

    def __call__(self, mover) -> int:
        if self.everything is not None:
            return self.everything
        owner = mover.owner
        raging, targets, plain, vulnerable = self._of.get(owner) or self._owner(owner)
        code = mover.kind.code
        if raging and code in self.orchid_codes:
            return targets
        got = plain & self.groups.get(("clashes", code), 0)
        if vulnerable and code in self.flower:
            got |= vulnerable
        return got


def _bonus_moves(game, state, player: str) -> list[Move]:
    r = roles(game.variant)
    check = not game.options.get("IgnoreClashing")
    pile = _reserve(state, player)
    out = [Move("skip", "skip", implicit=True)]
    free = PLAYABLE & ~GATES & ~state.occupied
    for code in r.accent_order:
        if not pile.get(code):
            continue
        moves = garden.accent_moves(game, state, r, player, code, check)
        if moves is not None:
            out += moves
        elif r.role.get(code) == "bamboo":
            tile = game.tileset.tile(code, player)
            for p in bits(free):
                if check:
                    trial = state.copy()
                    _place_bamboo(game, trial, p, tile)
                    if clash_at(trial, r, bits(AROUND[p] | (1 << p))):
                        continue
                out.append(Move("accent", f"+{code}{LABEL[p]}", tile=code, dst=p))
    specials = [c for c in r.special if pile.get(c)]
    specials.sort(key=lambda c: game.tileset.by_code[c].ordinal)
    out += _plants(game, state, player, specials, "+", "bonus-plant")
    if not state.owned[player] & GATES:  # basic flowers only with no growing flower
        basics = [c for c in r.basic_order if pile.get(c)]
        out += _plants(game, state, player, basics, "+", "bonus-plant")
    return out


def _place_bamboo(game, state, p: int, tile) -> None:
    """Bamboo (expansion, reference 2.12): if it surrounds a blooming flower of its owner and no
    surrounding gate holds a tile, every surrounding tile returns to its owner's reserve."""
    r = roles(game.variant)
    state.put(p, tile)
    around = AROUND[p]
    if around & GATES & state.occupied:
        return
    own = state.owned[tile.owner] & around & ~GATES
    if not any(state.board[q].kind.code in r.flower for q in bits(own)):
        return
    for q in bits(around & state.occupied):
        t = state.lift(q)
        state.give("reserve", t.owner, t.kind.code)


def _reserve(state, player: str) -> dict[str, int]:
    """The player's reserve pile, to read (``State.pile`` is for changing it: it copies a pile
    the history still shares)."""
    return state.piles.get("reserve", {}).get(player, {})


def _opening(game, state) -> bool:
    """Is this turn 1 of a game with the mirrored opening (a fixed plant)?"""
    return state.turn == 1 and not game.options.get("InformalStart")


def _turn_moves(game, state, player: str) -> list[Move]:
    r = roles(game.variant)
    pile = _reserve(state, player)
    if _opening(game, state):
        if player == "guest":
            gate = board.index(*game.variant.rules_config["gates"]["guest"])
            if state.board[gate] is not None:
                return []
            return [Move("plant", f"{c}{LABEL[gate]}", tile=c, dst=gate)
                    for c in r.basic_order if pile.get(c)]
        gate = board.index(*game.variant.rules_config["gates"]["host"])
        guest_gate = board.index(*game.variant.rules_config["gates"]["guest"])
        opening = state.board[guest_gate]
        if opening is not None and state.board[gate] is None:
            code = opening.kind.code
            if game.options.get("ClashingOpening"):
                partners = sorted(r.clash_partners[code])
                code = partners[0] if partners else code
            if pile.get(code):
                return [Move("plant", f"{code}{LABEL[gate]}", tile=code, dst=gate)]
    basics = [c for c in r.basic_order if pile.get(c)]
    moves = garden.arrangements(state, r, player, _arranging(game))
    moves[:0] = _plants(game, state, player, basics, "", "plant")  # plants first, no copy of the rest
    return moves


@hookimpl
def paisho_has_legal_move(game):
    """Early exit for the end check: in a turn after the opening, a plant or else the first
    tile that can move (the other decisions have few moves: the core builds their list)."""
    st = game.state
    if st.phase != "turn" or _opening(game, st):
        return None
    r = roles(game.variant)
    player = st.to_move
    pile = _reserve(st, player)
    basics = [c for c in r.basic_order if pile.get(c)]
    if basics and GATES & ~st.occupied:  # a basic flower and an open gate: a plant
        return True
    return bool(_plants(game, st, player, basics, "", "plant")) or garden.can_arrange(
        st, r, player, _arranging(game))


def _accent_decisions(game, player: str) -> list[Move]:
    """The moves of :func:`accent_choices` (its texts worked out once per reserve content: the
    same few at the start of every game)."""
    r = roles(game.variant)
    pile = _reserve(game.state, player)
    key = ("accent choices", tuple(pile.get(c, 0) for c in r.accent_order),
           game.options.get("DoubleAccentTiles"), game.variant.rules_config.get("accents_kept"),
           game.variant.rules_config.get("accents_kept_double"))
    texts = r.moves.get(key, lambda: tuple((text, tuple(text.split(",")))
                                           for text in accent_choices(game, player)))
    return [Move("accents", text, aux=aux) for text, aux in texts]


def _raw_moves(game):
    st = game.state
    if st.phase == "accents":
        return _accent_decisions(game, st.to_move)
    if st.phase == "bonus":
        return _bonus_moves(game, st, st.to_move)
    return _turn_moves(game, st, st.to_move)


@hookimpl
def paisho_legal_moves(game):
    moves = _raw_moves(game)
    if game.options.get("MustLeaveOpponentAMove") and not getattr(game, "_inner", False):
        moves = [m for m in moves if not _strands_opponent(game, m)] or moves
    return moves


def _strands_opponent(game, move) -> bool:
    """Comprehensive rules: a turn may not leave the opponent with no legal move.  An arrange
    that earns a bonus strands the opponent only if every way to finish the turn does."""
    trial = game.copy()
    trial._inner = True
    trial.auto_chance = False
    mover = game.state.to_move
    trial._push(move)
    if trial.state.to_move == mover and trial.outcome is None:
        return all(_strands_opponent(trial, follow) for follow in _raw_moves(trial))
    return trial.outcome is not None and trial.outcome.reason == "no legal move"


# -- applying moves ---------------------------------------------------------------------------

_end_turn = garden.end_turn


def _capture(game, state, e: int) -> None:
    r = roles(game.variant)
    victim = state.lift(e)
    if game.options.get("SpecialFlowersBounce") and victim.kind.code in r.special:
        state.give("reserve", victim.owner, victim.kind.code)


def _bonus_available(game, state, player) -> bool:
    r = roles(game.variant)
    pile = _reserve(state, player)
    if any(pile.get(c) for c in r.accent | r.special):
        return True
    return not (state.owned[player] & GATES) and any(pile.get(c) for c in r.basic)


@hookimpl
def paisho_apply(game, move):
    st = game.state
    player = st.to_move
    action = move.action
    if action == "accents":
        pile = st.pile("reserve", player)
        keep: dict[str, int] = {}
        for c in move.aux:
            keep[c] = keep.get(c, 0) + 1
        for code in roles(game.variant).accent:
            if code in pile:
                n = keep.get(code, 0)
                if n:
                    pile[code] = n
                else:
                    del pile[code]
        if player == "host":
            st.to_move = "guest"
        else:
            st.to_move, st.turn, st.phase = "guest", 1, "turn"
        return
    if action in ("plant", "bonus-plant"):
        st.take("reserve", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        _end_turn(st)
        return
    if action == "arrange":
        before = garden.harmony_idents(st, pairs(game), player)
        if st.board[move.dst] is not None:
            _capture(game, st, move.dst)
        st.relocate(move.src, move.dst)
        game.cache.clear()
        if garden.new_harmony(st, before, pairs(game), player) and _bonus_available(game, st, player):
            st.phase = "bonus"
        else:
            _end_turn(st)
        return
    if action == "skip":
        _end_turn(st)
        return
    if action == "accent":
        r = roles(game.variant)
        st.take("reserve", player, move.tile)
        if not garden.apply_accent(game, st, r, move, player):
            _place_bamboo(game, st, move.dst, game.tileset.tile(move.tile, player))
        _end_turn(st)
        return
    raise NotationError(f"unknown Skud action {action!r}")


# -- end of game ------------------------------------------------------------------------------

@hookimpl
def paisho_check_end(game):
    st = game.state
    if st.phase != "turn" or st.turn < 1:
        return None
    r = roles(game.variant)
    reserve = st.piles.get("reserve", {})
    count_ending = not game.options.get("NoAltWin") and not (  # a player has no basic left
        any(map(reserve.get("host", {}).get, r.basic))
        and any(map(reserve.get("guest", {}).get, r.basic)))
    return garden.end_of_turn_outcome(game, pairs(game), count_ending, "last basic flower played")


# -- notation ---------------------------------------------------------------------------------

@hookimpl
def paisho_parse_turn(game, body):
    st = game.state
    body = body.replace(" ", "")
    if st.phase == "accents":
        r = roles(game.variant)
        codes = [c for c in body.split(",") if c]
        bad = [c for c in codes if c not in r.accent]
        if bad:
            raise NotationError(f"{','.join(bad)} not accent tile code(s) of {game.name}")
        order = {c: i for i, c in enumerate(r.accent_order)}
        return [",".join(sorted(codes, key=order.__getitem__))]
    head, bonus = garden.split_bonus(body)
    garden.check_point_text(body)
    if not head:
        raise NotationError(f"empty turn body {body!r}")
    if head.startswith("("):
        if head.count("(") != 2 or ")-(" not in head:
            raise NotationError(f"{head!r} is not an arrangement (x1,y1)-(x2,y2)")
    out = [head]
    if bonus is not None:
        out.append(bonus)
    return out


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    phase = garden.loaded_phase(data, "Skud", ("accents", "turn", "bonus"))
    r = roles(game.variant)
    if not game.options.get("IgnoreClashing") and garden.any_clash(st, r):
        raise PositionError([("$.board", "two tiles clash on this board")])
    if "turn" not in data:
        st.turn = 0 if phase == "accents" else 2
    game.cache.clear()


@hookimpl
def paisho_status(game):
    st = game.state
    r = roles(game.variant)
    counts = garden.midline_counts(pairs(game))
    lines = []
    for p in ("host", "guest"):
        pile = st.pile("reserve", p)
        accents = ",".join(f"{c}x{n}" if n > 1 else c for c, n in pile.items() if c in r.accent) or "-"
        lines.append((p.capitalize(), f"basic flowers left {st.count('reserve', p, r.basic)}, "
                                      f"accents {accents}, midline-crossing harmonies {counts[p]}"))
    return lines
