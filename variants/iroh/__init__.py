"""Iroh Pai Sho as a paisho variant plugin.

Printed source: chapter 2 of ``official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``
(lines 370-486).  The book prints no turn structure and loses its midline figure; the gaps are
ruled on docs/variants/iroh/rulings.md, each with the option that changes it.

A turn is one decision: place a tile, move one (possibly capturing), burn a Knotweed with a Fire,
or (``proclamation: explicit``) proclaim victory.  A player wins with a harmony across each of the
four midline arms that has survived one opponent turn.
"""
from __future__ import annotations

import re
from pathlib import Path

from paisho_core.board import LABEL, bits
from paisho_core.errors import NotationError, PositionError
from paisho_core.game import Harmony, Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.notation import point
from paisho_core.tiles import PLAYERS, other

from . import entry, harmony, moves
from .geometry import ARMS, X, Y
from .roles import reserve_reading, role_mask, roles
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)

YAML = Path(__file__).with_name("iroh.yaml")

WIN = "four midline harmonies"


@hookimpl
def paisho_variant_info():
    return {"name": "iroh", "yaml": str(YAML), "title": "Iroh Pai Sho"}


@hookimpl
def paisho_validate_options(variant, options):
    n = options.get("max_turns")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        return f"option max_turns must be a whole number >= 0 (0: no limit), got {n!r}"
    return None


@hookimpl
def paisho_setup(game):
    st = game.state
    st.phase = "turn"
    st.turn = 1
    for p in PLAYERS:
        st.pile("captured", p)
    st.extra["pending_win"] = ()
    st.extra["passes"] = 0


# -- derived data (memoised per state in game.cache) --------------------------------------------

def pairs(game):
    """Every harmony on the board: ``(a, b, arm, owners)`` (:func:`.harmony.candidate_pairs`)."""
    p = game.cache.get("pairs")
    if p is None:
        # the harmonies depend on the board alone, so they are remembered across positions with
        # the same board (a move is scored just after its own apply asked for them)
        memo, board = _boards(game)
        p = memo.get(board)
        if p is None:
            p = _keep_pairs(memo, board, harmony.candidate_pairs(game.state, roles(game.variant),
                                                                 moves.config(game).lines))
        game.cache["pairs"] = p
    return p


def _boards(game) -> tuple[dict, tuple]:
    """Where the harmonies of boards like the game's are remembered, and the board's key there.

    What the harmonies depend on: the options that change a line of sight and the board, read as
    the state's tile masks (the points of each tile, one tile object per kind and owner, in the
    order the tiles first appeared in the game).  The tiles (objects compared by identity: another
    tile set or order is only a miss) choose the memo, and the board's key in it is the masks
    alone: a tuple of integers, which the garbage collector stops tracking (a key holding the
    tiles would be tracked for as long as it is remembered, and thousands of those made every
    full collection dear).

    The game holds on to its memo while its state (one object, changed in place) has the same
    tiles: a state's tile masks only ever gain entries, in the order the tiles appear, so the
    same number of entries is the same tiles in the same order."""
    st = game.state
    masks = st.tile_masks
    held = game.__dict__.get(_HELD)
    if held is not None and held[0] is st and held[1] == len(masks) and held[2] == _GENERATION:
        return held[3], tuple(masks.values())
    which = (game.variant, moves.config(game).lines, tuple(masks))
    memo = _PAIRS.get(which)
    if memo is None:
        if len(_PAIRS) >= _MEMOS_KEPT:
            _forget_pairs()
        memo = _PAIRS[which] = {}
    game.__dict__[_HELD] = (st, len(masks), _GENERATION, memo)
    return memo, tuple(masks.values())


_HELD = "_iroh_pairs_memo"
"""Where a game holds ``(state, number of tile masks, generation, memo)`` (:func:`_boards`)."""


def _keep_pairs(memo: dict, board: tuple, found: tuple) -> tuple:
    global _KEPT
    if _KEPT >= _PAIRS_KEPT:
        for m in _PAIRS.values():
            m.clear()
        _KEPT = 0
    memo[board] = found
    _KEPT += 1
    return found


def _forget_pairs() -> None:
    global _KEPT, _GENERATION
    _PAIRS.clear()
    _KEPT = 0
    _GENERATION += 1  # the memos games hold are forgotten too


def _known_pairs(game):
    """:func:`pairs` if they are known without looking along the lines, else None."""
    p = game.cache.get("pairs")
    if p is None:
        memo, board = _boards(game)
        p = memo.get(board)
    return p


def _pairs_after(game, before: tuple, changed: int) -> None:
    """Fill in :func:`pairs` from ``before``, the harmonies of the board before a move that
    changed the points of ``changed`` (:func:`.harmony.pairs_after`: only the lines through
    them are looked along again)."""
    memo, board = _boards(game)
    p = memo.get(board)
    if p is None:
        p = _keep_pairs(memo, board, harmony.pairs_after(before, game.state, roles(game.variant),
                                                         moves.config(game).lines, changed))
    game.cache["pairs"] = p


_PAIRS: dict = {}
_PAIRS_KEPT = 20000
"""At most this many boards' harmonies are remembered (then every memo starts afresh)."""
_KEPT = 0
"""How many are remembered now."""
_GENERATION = 0
"""How many times every memo was forgotten (:func:`_forget_pairs`)."""
_MEMOS_KEPT = 64
"""At most this many memos (games with their tiles in another order, other options) are kept."""


def _keys(name: str) -> dict:
    """The cache keys of ``name`` per player, made once (a key made per call is an object the
    garbage collector counts)."""
    return {p: f"{name} {p}" for p in PLAYERS}


_SET_KEY, _LASTING_KEY, _COVER_KEY = _keys("set"), _keys("lasting"), _keys("cover")


def winning_set(game, player: str):
    """One harmony per midline arm for ``player`` with no tile over-used, or None."""
    key = _SET_KEY[player]
    if key not in game.cache:
        game.cache[key] = harmony.four_arm_set(
            pairs(game), player, harmony.capacity_of(game.state, roles(game.variant)))
    return game.cache[key]


def lasting_pairs(game, player: str) -> list:
    """For computer players: ``player``'s harmonies (as in :func:`pairs`), leaving out those with
    the opponent's Lotus at one end, which the opponent breaks whenever they like by moving it
    (L453-454; it ignores Knotweed and passes over tiles, so it can nearly always move), and,
    while the player still has tiles to bring in, those whose line runs through their own home
    point: every tile enters there (L462), so the next placement breaks them, and a player who
    values them stops bringing tiles in."""
    key = _LASTING_KEY[player]
    found = game.cache.get(key)
    if found is None:
        st = game.state
        r = roles(game.variant)
        home = r.home[player]
        # the opponent's Lotuses, read off the tile masks
        theirs = role_mask(game, "lotus") & st.owned[other(player)]
        found = [p for p in pairs(game) if player in p[3] and not (theirs >> p[0] & 1 or theirs >> p[1] & 1)]
        if X[home] == 0 and reserve_reading(game, player)[0]:
            found = [p for p in found if not Y[p[0]] == Y[p[1]] == Y[home]]
        game.cache[key] = found
    return found


def covering(game, player: str) -> tuple:
    """For computer players: the lasting harmonies of ``player`` that cover the most arms at once
    under the tile limits (``harmony.best_cover``), ``(a, q, arm)`` per covered arm."""
    key = _COVER_KEY[player]
    found = game.cache.get(key)
    if found is None:
        # the cover depends on the harmonies and how many each of their tiles may take part in
        # alone: remembered by those (the opponent's are the same in most positions scored)
        mine = lasting_pairs(game, player)
        ends = 0
        for p in mine:
            ends |= 1 << p[0] | 1 << p[1]
        # which of their tiles may take part in two (the others take part in one)
        memo_key = (tuple(mine), ends & role_mask(game, "double"))
        found = _COVERS.get(memo_key)
        if found is None:
            if len(_COVERS) >= _PAIRS_KEPT:
                _COVERS.clear()
            found = _COVERS[memo_key] = harmony.best_cover(
                mine, player, harmony.capacity_of(game.state, roles(game.variant)))
        game.cache[key] = found
    return found


_COVERS: dict = {}


@hookimpl
def paisho_harmonies(game):
    out = []
    for a, b, _arm, owners in pairs(game):
        out.append(Harmony((X[a], Y[a]), (X[b], Y[b]), owners[0], True, tuple(owners)))
    return out


@hookimpl
def paisho_tile_flags(game):
    f = game.cache.get("frozen")
    if f is None:
        f = game.cache["frozen"] = moves.frozen(game.state, roles(game.variant), moves.config(game),
                                                role_mask(game, "knotweed"), role_mask(game, "freezable"))
    return {"frozen": f}


# -- moves ------------------------------------------------------------------------------------

@hookimpl
def paisho_legal_moves(game):
    st = game.state
    if st.phase != "turn":
        return []
    return moves.turn_moves(game, st, roles(game.variant))


def _remove(state, i: int) -> None:
    """A captured or burned tile leaves the game (ruling I13); it is counted in ``captured``."""
    victim = state.lift(i)
    state.give("captured", victim.owner, victim.kind.code)


@hookimpl
def paisho_apply(game, move):
    st = game.state
    r = roles(game.variant)
    cfg = moves.config(game)
    player = st.to_move
    action = move.action
    before = _known_pairs(game)  # the harmonies after the move are found from these
    changed = 0
    # placements, takes and burns change the board for good (see _remember)
    irreversible = action in ("place", "burn")
    if action == "place":
        st.take("reserve", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        changed = 1 << move.dst
    elif action == "move":
        if st.board[move.dst] is not None:
            irreversible = True
            _remove(st, move.dst)
        st.relocate(move.src, move.dst)
        changed = 1 << move.src | 1 << move.dst
    elif action == "burn":
        _remove(st, move.dst)
        changed = 1 << move.dst
    elif action == "proclaim":
        if player in st.extra.get("pending_win", ()) and winning_set(game, player):
            st.outcome = Outcome(player, WIN + " proclaimed")
            return
    elif action != "pass":
        raise NotationError(f"unknown Iroh action {action!r}")
    if cfg.fire_burn == "automatic":
        for k in moves.burn_touching(st, r, cfg):
            irreversible = True
            _remove(st, k)
            changed |= 1 << k
    game.cache.clear()
    if before is not None:
        _pairs_after(game, before, changed)
    st.extra["passes"] = st.extra.get("passes", 0) + 1 if action == "pass" else 0
    pending = set(st.extra.get("pending_win", ()))
    pending.discard(player)
    if winning_set(game, player):
        pending.add(player)
    st.extra["pending_win"] = tuple(p for p in PLAYERS if p in pending)
    if player == "host":
        st.turn += 1
    st.to_move = other(player)
    if cfg.repetition:
        _remember(st, irreversible)


def _remember(st, irreversible: bool) -> None:
    """Count positions for ``repetition_draw``.  Only positions since the last placement, take
    or burn can recur (those change what is on the board for good), so the list restarts there.
    It lives in ``extra`` and is not part of the position format (like a chess FEN, a position
    does not carry its repetition history)."""
    b = st.board
    key = (st.occupied, tuple(b[i] for i in bits(st.occupied)), st.to_move, st.extra["pending_win"])
    seen = st.extra.get("seen", ())
    st.extra["seen"] = seen = (key,) if irreversible else seen + (key,)
    if seen.count(key) >= 3:
        st.extra["repeated"] = True


# -- end of game --------------------------------------------------------------------------------

@hookimpl
def paisho_check_end(game):
    """Automatic proclamation (ruling I14): at the start of P's turn P wins if P's four-midline
    set stood at the end of P's last turn and still stands after the opponent's turn."""
    st = game.state
    if st.phase != "turn":
        return None
    cfg = moves.config(game)
    player = st.to_move
    if not cfg.explicit and player in st.extra.get("pending_win", ()) and winning_set(game, player):
        return Outcome(player, WIN)
    if st.extra.get("passes", 0) >= 2:
        return Outcome(None, "both players passed")
    if st.extra.get("repeated"):
        return Outcome(None, "threefold repetition")
    if cfg.max_turns and st.turn > cfg.max_turns:
        return Outcome(None, "turn limit")
    return None


# -- computer players -------------------------------------------------------------------------

QUADRANTS = [sum(1 << i for i in range(len(X)) if X[i] and Y[i] and (X[i] > 0) * 2 + (Y[i] > 0) == k)
             for k in range(4)]
"""The points of each quadrant (off both centre lines)."""


def prospects(game, player: str) -> float:
    """How close ``player`` is to a win: midline arms covered, harmonies, a set (and whether its
    window is running), tiles in play, tiles lost (taken, or shut out of play behind their own
    home point: :mod:`.entry`)."""
    st = game.state
    mine = len(lasting_pairs(game, player))
    cover = len(covering(game, player))
    value = 3.0 * cover + 0.5 * mine
    if cover == 4:
        value += 6.0 + (4.0 if player in st.extra.get("pending_win", ()) else 0.0)
    value -= 0.5 * st.count("captured", player)
    # reserve tiles behind a tile that can never leave the home point never come in: as good as taken
    value -= 0.5 * entry.shut_out(game, player)
    # a set needs tiles in all four quadrants: reward bringing harmonizers out and spreading them
    out = st.owned[player] & role_mask(game, "harmonizer")
    for _ in range(out.bit_count()):
        value += 0.3  # one addition a tile, as a tile-by-tile pass adds them
    q0, q1, q2, q3 = QUADRANTS
    value += 0.75 * (min((out & q0).bit_count(), 2) + min((out & q1).bit_count(), 2)
                     + min((out & q2).bit_count(), 2) + min((out & q3).bit_count(), 2))
    # the opponent's tiles a Knotweed holds still
    value += 0.3 * (paisho_tile_flags(game)["frozen"] & st.owned[other(player)]).bit_count()
    return value


@hookimpl
def paisho_evaluate(game, player):
    """For computer players: the difference of both players' prospects."""
    if game.state.outcome is not None:
        return None
    return prospects(game, player) - prospects(game, other(player))


# -- notation ---------------------------------------------------------------------------------

_PT = r"\(-?\d+,-?\d+\)"
PLACE_RE = re.compile(rf"([A-Za-z][A-Za-z0-9]*)({_PT})")
MOVE_RE = re.compile(rf"({_PT})-({_PT})")
BURN_RE = re.compile(rf"burn({_PT})")


@hookimpl
def paisho_parse_turn(game, body):
    text = body.replace(" ", "")
    if text in ("pass", "proclaim"):
        return [text]
    m = BURN_RE.fullmatch(text)
    if m:
        point(m.group(1))
        return [text]
    m = MOVE_RE.fullmatch(text)
    if m:
        point(m.group(1))
        point(m.group(2))
        return [text]
    m = PLACE_RE.fullmatch(text)
    if m:
        if m.group(1) not in game.tileset:
            codes = " ".join(k.code for k in game.tileset.kinds)
            raise NotationError(f"{m.group(1)!r} is not an Iroh tile code ({codes})")
        point(m.group(2))
        return [text]
    raise NotationError(
        f"{body!r} is not an Iroh turn: expected CODE(x,y), (x1,y1)-(x2,y2), burn(x,y), pass or proclaim")


@hookimpl
def paisho_format_turn(game, moves):
    return "".join(m.text for m in moves)


# -- positions ----------------------------------------------------------------------------------

@hookimpl
def paisho_position_extra(game):
    st = game.state
    return {"pending_win": list(st.extra.get("pending_win", ())), "passes": st.extra.get("passes", 0)}


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    problems = []
    if data.get("phase", "turn") != "turn":
        problems.append(("$.phase", f"Iroh has only the phase 'turn', not {data.get('phase')!r}"))
    pending = data.get("pending_win", [])
    if not isinstance(pending, list) or any(p not in PLAYERS for p in pending):
        problems.append(("$.pending_win", "must be a list of players ('host', 'guest')"))
        pending = []
    passes = data.get("passes", 0)
    if isinstance(passes, bool) or not isinstance(passes, int) or not 0 <= passes <= 2:
        problems.append(("$.passes", "must be 0, 1 or 2 (consecutive passes so far)"))
        passes = 0
    if problems:
        raise PositionError(problems)
    st.phase = "turn"
    st.extra["pending_win"] = tuple(p for p in PLAYERS if p in pending)
    st.extra["passes"] = passes
    for p in PLAYERS:
        st.pile("captured", p)
    game.cache.clear()


@hookimpl
def paisho_status(game):
    st = game.state
    pend = st.extra.get("pending_win", ())
    lines = []
    for p in PLAYERS:
        arms = sorted({arm for _a, _b, arm, owners in pairs(game) if p in owners}, key=ARMS.index)
        chosen = winning_set(game, p)
        text = (f"reserve {st.count('reserve', p)}, lost {st.count('captured', p)}, "
                f"harmonies across {','.join(arms) or '-'}")
        if chosen:
            text += "; four-midline set " + " ".join(f"{LABEL[a]}~{LABEL[b]}" for a, b in chosen)
            text += " (held since its last turn)" if p in pend else " (new)"
        lines.append((p.capitalize(), text))
    return lines
