"""Modern Pai Sho as a paisho variant plugin.

Printed source: ``official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt``, chapter 4
(L580-693).  Every tile starts on the board (the printed layout, Figure 4.2, is missing: the
YAML carries an invented one); a turn moves one tile by a step and/or hops over its owner's
tiles; a tile that lands next to tiles it defeats removes them and is removed if it lands next
to one that defeats it; the Avatar comes back on its starting point; a White Lotus next to an
enemy must escape at once, and one that holds the Spirit Portal for a full turn wins.
Rulings: docs/variants/modern/rulings.md.
"""
from __future__ import annotations

import re
from pathlib import Path

from paisho_core import board
from paisho_core.board import LABEL, bits
from paisho_core.errors import NotationError
from paisho_core.game import Move, Outcome, settings
from paisho_core.hookspecs import hookimpl
from paisho_core.movetable import table
from paisho_core.tiles import PLAYERS, other

from paisho_core import steps as geometry
from paisho_core.notation import check_points
from paisho_core.steps import NEIGHBOURS, Hops, step
from ..common import board_start as start
from ..common.board_start import paisho_validate_options  # noqa: F401  (a hook of this plugin)
from ..common.hooks import paisho_position_extra  # noqa: F401  (a hook of this plugin)
from ..common.strategy import outcome_score
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("modern.yaml")
NAME = "modern"
REMOVED = "removed"
"""The pile of tiles that have left the game (every removed tile but the Avatar)."""

POINT = r"\(-?\d+,-?\d+\)"
TURN_RE = re.compile(rf"^{POINT}-{POINT}$")


paisho_variant_info = variant_info(NAME, YAML, "Modern Pai Sho")


# -- rules read once per game -----------------------------------------------------------------

class Cfg:
    """Options, tile roles, the defeat table and the Avatars' starting points of one game."""

    def __init__(self, game) -> None:
        o = game.options
        v = game.variant
        self.adjacency = int(o["adjacency"])
        self.nb = NEIGHBOURS[self.adjacency]
        self.combo = ("both_sides" if o["hops_both_sides"] else "either_side") if o["step_with_hops"] \
            else "step_or_chain"
        self.hop_any = o["hop_over"] == "any_tile"
        self.threat_any = o["lotus_threat"] == "any_enemy_tile"
        self.escape_or_lose = o["lotus_escape"] == "any_move_or_lose"
        self.return_on_capture = o["avatar_return"] == "on_capturing_enemy_avatar"
        self.defender_first = o["resolution"] == "defender_first"
        self.lotus_must_move = o["lotus_escape"] == "lotus_must_move"
        self.danger_ok = o["lotus_may_step_into_danger"]
        self.portal_immediate = o["portal_win"] == "immediate_if_no_enemy_adjacent"
        self.repetition = o["repetition"]
        self.max_turns = o["max_turns"]
        self.no_move = o["no_move"]
        self.return_blocked_by_lotus = o["avatar_return"] == "unless_enemy_adjacent"
        ts = game.tileset
        self.lotus = frozenset(k.code for k in ts.kinds if "lotus" in k.tags)
        self.avatar = frozenset(k.code for k in ts.kinds if "avatar" in k.tags)
        self.defeats = {a: frozenset(bs) for a, bs in (v.rules_config.get("defeats") or {}).items()}
        self.portal = v.point_sets.get("spirit_portal", 1 << board.index(0, 0))
        self.home: dict[str, dict[str, int]] = {p: {} for p in PLAYERS}
        for i, code, owner in geometry.read_layout(v, o["layout"]):
            if code in self.avatar:
                self.home[owner][code] = i


def cfg(game) -> Cfg:
    """The game's Cfg, shared by every game (and copy) of the same variant and options."""
    return settings(game, Cfg)


def spread(mask: int, adjacency: int) -> int:
    """Points next to any point of ``mask``."""
    return step(mask, board.PLAYABLE, adjacency)


class View:
    """Each player's Lotus points and attackers (every tile but the Lotus) in one position."""

    __slots__ = ("lotus", "attackers", "threats", "captured")

    def __init__(self, state, c: Cfg) -> None:
        b = state.board
        self.lotus = {p: 0 for p in PLAYERS}
        for i in bits(state.occupied):
            t = b[i]
            if t.kind.code in c.lotus:
                self.lotus[t.owner] |= 1 << i
        self.attackers = {p: state.owned[p] & ~self.lotus[p] for p in PLAYERS}
        self.threats = {p: state.owned[p] if c.threat_any else self.attackers[p] for p in PLAYERS}
        """The tiles that capture an enemy Lotus next to them (option lotus_threat)."""
        nb = c.nb
        self.captured = {}
        for p in PLAYERS:
            foe = self.threats[other(p)]
            self.captured[p] = sum(1 << i for i in bits(self.lotus[p]) if nb[i] & foe)


def view(game) -> View:
    v = game.cache.get("modern_view")
    if v is None:
        v = game.cache["modern_view"] = View(game.state, cfg(game))
    return v


# -- resolving a move (L658-660) --------------------------------------------------------------

def resolve(c: Cfg, state, m: int) -> tuple[list[int], bool]:
    """Removals caused by the tile that has just moved to ``m``: (enemy points it defeats,
    whether it is itself defeated).  Ruling: one evaluation on the final point, all at once."""
    b = state.board
    mover = b[m]
    mc = mover.kind.code
    if mc in c.lotus:
        return [], False  # the Lotus attacks nothing; next to an enemy it is captured
    beats = c.defeats.get(mc, frozenset())
    mover_avatar = mc in c.avatar
    victims = []
    dies = False
    for e in bits(c.nb[m] & state.owned[other(mover.owner)]):
        ec = b[e].kind.code
        if ec in c.lotus:
            continue  # a Lotus is captured, never removed
        if mover_avatar or ec in c.avatar or ec in beats:
            victims.append(e)
        elif mc in c.defeats.get(ec, ()):
            dies = True
    if dies and c.defender_first:
        victims = []
    return victims, dies


def remove(c: Cfg, state, i: int) -> None:
    """Take the tile on ``i`` off: an Avatar waits in its owner's reserve, others leave the game."""
    t = state.lift(i)
    state.give("reserve" if t.kind.code in c.avatar else REMOVED, t.owner, t.kind.code)


# -- legal moves ------------------------------------------------------------------------------

def _ends(game, player: str):
    """``(point, kind, end points)`` of each tile of ``player`` that may move, before the
    escape rule of a captured Lotus under lotus_escape=any_move_that_ends_capture."""
    st = game.state
    c = cfg(game)
    v = view(game)
    b = st.board
    occ = st.occupied
    empty = board.PLAYABLE & ~occ
    own = st.owned[player]
    unsafe = spread(v.threats[other(player)], c.adjacency)
    captured = v.captured[player]
    if captured and c.lotus_must_move and not c.escape_or_lose:
        for s in bits(captured):
            yield s, b[s].kind.code, step(1 << s, empty, c.adjacency) & ~unsafe
        return
    hops = Hops(occ if c.hop_any else own, occ, c.adjacency)
    for s in bits(own):
        code = b[s].kind.code
        if code in c.lotus:
            dests = step(1 << s, empty, c.adjacency)
            if not c.danger_ok:
                dests &= ~unsafe
        else:
            dests = hops.destinations(s, c.combo)
        yield s, code, dests


def _must_end_capture(game, c: Cfg, player: str) -> bool:
    """Whether every move must leave the mover's Lotus uncaptured (checked move by move)."""
    return bool(view(game).captured[player]) and not c.lotus_must_move and not c.escape_or_lose


def _moves(game, player: str) -> list[Move]:
    out: list[Move] = []
    for s, code, dests in _ends(game, player):
        out += table("move", code).to(s, dests)
    c = cfg(game)
    if _must_end_capture(game, c, player):
        out = [m for m in out if not _still_captured(game, c, m.src, m.dst)]
    return out


def _has_move(game, player: str) -> bool:
    """Whether ``player`` has a legal move (stops at the first one found)."""
    c = cfg(game)
    check = _must_end_capture(game, c, player)
    for s, _code, dests in _ends(game, player):
        if dests and not check:
            return True
        for d in bits(dests):
            if not _still_captured(game, c, s, d):
                return True
    return False


def _still_captured(game, c: Cfg, src: int, dst: int) -> bool:
    """Whether the mover's Lotus is still captured after the move ``src``-``dst`` (option
    lotus_escape=any_move_that_ends_capture)."""
    trial = game.state.copy()
    player = trial.to_move
    trial.relocate(src, dst)
    victims, dies = resolve(c, trial, dst)
    for e in victims:
        trial.lift(e)
    if dies:
        trial.lift(dst)
    return bool(View(trial, c).captured[player])


@hookimpl
def paisho_legal_moves(game):
    return _moves(game, game.state.to_move)


@hookimpl
def paisho_has_legal_move(game):
    return _has_move(game, game.state.to_move)


# -- applying moves ---------------------------------------------------------------------------

@hookimpl
def paisho_apply(game, move):
    st = game.state
    c = cfg(game)
    if move.action != "move":
        raise NotationError(f"unknown Modern action {move.action!r}")
    player = st.to_move
    st.relocate(move.src, move.dst)
    victims, dies = resolve(c, st, move.dst)
    avatar_taken = any(st.board[e].kind.code in c.avatar for e in victims)
    for e in victims:
        remove(c, st, e)
    if dies:
        remove(c, st, move.dst)
    if c.return_on_capture and avatar_taken:
        bring_back(game, st, player)
    if c.escape_or_lose:
        game.cache.clear()
        if view(game).captured[player]:
            st.outcome = Outcome(other(player), "white lotus not freed", {"loser": player})
    st.next_turn()
    if not c.return_on_capture:
        reincarnate(game, st, st.to_move)
    game.cache.clear()
    start.remember_position(st)


def bring_back(game, state, player) -> None:
    """Option avatar_return=on_capturing_enemy_avatar (TGG's Nick): the player who has just
    taken the enemy Avatar gets their own waiting Avatar back on its starting point at once.  A
    tile standing there is pushed to the first empty point around it (rows from the north, each
    from the west), or, with none, to the first empty point of the board in the same order; an
    enemy tile next to that point which defeats the pushed tile takes it (as TGG's engine does)."""
    c = cfg(game)
    pile = state.pile("reserve", player)
    for code in sorted(c.avatar):
        home = c.home[player].get(code)
        if not pile.get(code) or home is None:
            continue
        if state.board[home] is not None:
            ident = state.ident[home]
            tile = state.lift(home)
            spot = next((p for p in reading_order(ring_points(home)) if state.board[p] is None), None)
            if spot is None:
                spot = next(p for p in reading_order(bits(board.PLAYABLE)) if state.board[p] is None)
            state.put(spot, tile, ident)
            foes = state.owned[other(tile.owner)] & NEIGHBOURS[8][spot]
            if any(tile.kind.code in c.defeats.get(state.board[f].kind.code, ()) for f in bits(foes)):
                remove(c, state, spot)  # pushed next to an enemy that defeats it, as if it had moved there
        state.take("reserve", player, code)
        state.put(home, game.tileset.tile(code, player))


def ring_points(i: int) -> list[int]:
    """The on-board points around ``i`` (all eight directions)."""
    return list(bits(NEIGHBOURS[8][i]))


def reading_order(points) -> list[int]:
    """Points from the north row down, each row from the west (TGG's board scan)."""
    return sorted(points, key=lambda p: (-board.coords(p)[1], board.coords(p)[0]))


def reincarnate(game, state, player) -> None:
    """A waiting Avatar comes back on its starting point if that point is empty and no enemy
    tile attacks it (L662-664; ruling: checked when its owner's turn begins).  The White Lotus
    attacks nothing, so it blocks the return only under ``avatar_return=unless_enemy_adjacent``."""
    c = cfg(game)
    pile = state.pile("reserve", player)
    foe = other(player)
    blockers = state.owned[foe]
    if not c.return_blocked_by_lotus:
        blockers &= ~sum(1 << i for i, t in state.tiles(foe) if t.kind.code in c.lotus)
    for code in sorted(c.avatar):
        if not pile.get(code):
            continue
        home = c.home[player].get(code)
        if home is None or state.board[home] is not None or c.nb[home] & blockers:
            continue
        state.take("reserve", player, code)
        state.put(home, game.tileset.tile(code, player))


# -- end of game ------------------------------------------------------------------------------

@hookimpl
def paisho_check_end(game):
    st = game.state
    c = cfg(game)
    v = view(game)
    to = st.to_move
    mover = other(to)
    if c.portal_immediate:
        for p in (mover, to):
            if v.lotus[p] & c.portal and not c.nb[(v.lotus[p] & c.portal).bit_length() - 1] & st.owned[other(p)]:
                return Outcome(p, "spirit portal")
    elif v.lotus[to] & c.portal and not v.captured[to] & c.portal:
        return Outcome(to, "spirit portal")
    return start.stuck_or_drawn(game, c, v.captured[to], "white lotus dead", "lotus")


# -- notation, positions, displays -----------------------------------------------------------

@hookimpl
def paisho_parse_turn(game, body):
    body = body.replace(" ", "")
    if not TURN_RE.match(body):
        raise NotationError(f"{body!r} is not a Modern turn: expected (x1,y1)-(x2,y2), one tile's "
                            f"move by a step and/or hops")
    check_points(body)
    return [body]


@hookimpl
def paisho_setup(game):
    geometry.start_from_layout(game, game.options["layout"])
    for p in PLAYERS:
        game.state.pile(REMOVED, p)


@hookimpl
def paisho_load_position(game, data):
    st = game.state
    c = cfg(game)
    problems = []
    if st.phase != "turn":
        problems.append(("$.phase", f"Modern has only the phase 'turn', not {st.phase!r}"))
    if st.turn < 1:
        problems.append(("$.turn", "turns are numbered from 1"))
    for name in st.piles:
        if name not in ("reserve", REMOVED):
            problems.append((f"$.piles.{name}", f"Modern has no pile {name!r} (only '{REMOVED}')"))
    counts: dict[tuple[str, str], int] = {}
    for _i, t in st.tiles():
        counts[(t.owner, t.kind.code)] = counts.get((t.owner, t.kind.code), 0) + 1
    for p in PLAYERS:
        for code, n in st.pile("reserve", p).items():
            if code not in c.avatar:
                problems.append((f"$.reserves.{p}.{code}", "only a defeated Avatar waits off the board "
                                                          f"(removed tiles go to piles.{REMOVED})"))
            counts[(p, code)] = counts.get((p, code), 0) + n
        for code, n in st.piles.get(REMOVED, {}).get(p, {}).items():
            if code in c.avatar or code in c.lotus:
                problems.append((f"$.piles.{REMOVED}.{p}.{code}", "the Avatar and the White Lotus never leave the game"))
            counts[(p, code)] = counts.get((p, code), 0) + n
    for (owner, code), n in sorted(counts.items()):
        if n > game.tileset.by_code[code].count:
            problems.append(("$.board", f"{owner} has {n} {code} tiles counting board and piles; "
                                        f"the set has {game.tileset.by_code[code].count}"))
    start.accept_position(game, problems)


@hookimpl
def paisho_tile_flags(game):
    v = view(game)
    return {"captured": v.captured["host"] | v.captured["guest"]}


@hookimpl
def paisho_status(game):
    st = game.state
    c = cfg(game)
    v = view(game)
    lines = []
    for p in PLAYERS:
        parts = []
        if v.captured[p]:
            parts.append("White Lotus captured" + (" (must escape this turn)" if st.to_move == p else ""))
        elif v.lotus[p] & c.portal:
            parts.append("White Lotus on the Spirit Portal")
        waiting = [code for code in sorted(c.avatar) if st.pile("reserve", p).get(code)]
        for code in waiting:
            home = c.home[p].get(code)
            parts.append(f"Avatar waiting to return on {LABEL[home] if home is not None else '?'}")
        gone = st.piles.get(REMOVED, {}).get(p, {})
        parts.append("removed " + (",".join(f"{k}x{n}" if n > 1 else k for k, n in sorted(gone.items())) or "none"))
        lines.append((p.capitalize(), "; ".join(parts)))
    return start.with_draw_line(lines, game, c)


# -- computer players -------------------------------------------------------------------------

def _standing(game, c: Cfg, v: View, p: str) -> float:
    """Tiles on the board (a waiting Avatar counts half), the Lotus's closeness to the Spirit
    Portal, and a heavy penalty for a captured Lotus."""
    st = game.state
    value = float(st.owned[p].bit_count())
    value += 0.5 * sum(st.pile("reserve", p).values())
    portal = (c.portal & -c.portal).bit_length() - 1
    px, py = board.coords(portal)
    for i in bits(v.lotus[p]):
        x, y = board.coords(i)
        value -= 0.3 * (abs(x - px) + abs(y - py))
    if v.captured[p]:
        value -= 3
    return value


@hookimpl
def paisho_evaluate(game, player):
    """Material, Lotus progress and Lotus safety, own minus the opponent's; outcomes dominate."""
    value = outcome_score(game, player)
    if value is None:
        c, v = cfg(game), view(game)
        value = _standing(game, c, v, player) - _standing(game, c, v, other(player))
    return value
