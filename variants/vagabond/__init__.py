"""Vagabond Pai Sho as a paisho variant plugin.

Source: The Garden Gate's Vagabond Pai Sho (skudpaisho.com): its in-game help text and tile
descriptions, and, where they are silent, how its engine behaves (checked against the engine's own
self-play records and legal-turn lists in ``tests/data/tgg/vagabond/``).  Rules:
``docs/variants/vagabond/rules.md``; rulings: ``docs/variants/vagabond/rulings.md``.

A turn is one decision: deploy a tile from the reserve (``CODE(x,y)``) or move a tile on the
board (``(x1,y1)-(x2,y2)``), capturing what it lands on.  Capturing the opposing White Lotus wins.
The Host moves first; turns are numbered from 0, as TGG numbers them.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core.board import LABEL, bits
from paisho_core.errors import PositionError
from paisho_core.game import Move, Outcome
from paisho_core.hookspecs import hookimpl
from paisho_core.movetable import table
from paisho_core.steps import check_count_option, draw_by_repetition_or_limit

from . import rules
from .notation import paisho_explain_illegal, paisho_parse_turn
from .events import paisho_game_events  # noqa: F401  (a hook of this plugin)
from ..common.plugin import variant_info

YAML = Path(__file__).with_name("vagabond.yaml")
NAME = "vagabond"

__all__ = ["paisho_explain_illegal", "paisho_parse_turn"]


paisho_variant_info = variant_info(NAME, YAML, "Vagabond Pai Sho")


# -- setup ------------------------------------------------------------------------------------

def starting_counts(options) -> dict[str, int]:
    """Each player's reserve at the start under ``options`` (TGG's tile set)."""
    n = 2 if options.get("DoubleTiles") else 1
    flier = "Y" if options.get("SwapBisonWithLemur") else "S"
    return {flier: 2 * n, "B": 2 * n, "W": 2 * n, "C": 2 * n, "F": n, "D": n, "L": 1}


@hookimpl
def paisho_setup(game):
    st = game.state
    counts = starting_counts(game.options)
    for player in ("host", "guest"):
        pile = st.pile("reserve", player)
        pile.clear()
        pile.update(counts)
    st.turn = 0
    st.to_move = "host"
    st.phase = "turn"
    st.extra["lotus_host"] = False
    st.extra["lotus_guest"] = False


@hookimpl
def paisho_tile_budget(game):
    counts = starting_counts(game.options)
    return {(p, code): n for p in ("host", "guest") for code, n in counts.items()}


# -- legal moves ------------------------------------------------------------------------------

@hookimpl
def paisho_legal_moves(game):
    st = game.state
    if st.outcome is not None:
        return []
    player = st.to_move
    v = rules.view(game)
    out: list[Move] = []
    reserve = st.piles.get("reserve", {}).get(player, {})
    for code in sorted(reserve):
        if reserve[code] > 0:
            out += table("deploy", code).to(-1, rules.deploy_points(game, v, player, code))
    for i in bits(st.owned[player]):
        code = v.code[i]
        ends = rules.move_ends(game, v, i)
        if ends:
            out += table("move", code).to(i, ends)
    return out


@hookimpl
def paisho_has_legal_move(game):
    """The end check's question answered at the first deployment point or move end found (the
    same reading as :func:`paisho_legal_moves`, without building the moves)."""
    st = game.state
    if st.outcome is not None:
        return False
    player = st.to_move
    v = rules.view(game)
    reserve = st.piles.get("reserve", {}).get(player, {})
    if any(n > 0 and rules.deploy_points(game, v, player, code) for code, n in reserve.items()):
        return True
    return any(rules.move_ends(game, v, i) for i in bits(st.owned[player]))


@hookimpl
def paisho_apply(game, move):
    st = game.state
    player = st.to_move
    if move.action == "deploy":
        st.take("reserve", player, move.tile)
        st.put(move.dst, game.tileset.tile(move.tile, player))
        if move.tile == "L":
            st.extra["lotus_" + player] = True
    else:
        target = st.board[move.dst]
        if target is not None:
            st.lift(move.dst)
            if target.kind.code == "L":
                st.outcome = Outcome(player, "captured the White Lotus", {"at": LABEL[move.dst]})
        st.relocate(move.src, move.dst)
    game.cache.clear()
    st.next_turn("host")


# -- end of game ------------------------------------------------------------------------------

@hookimpl
def paisho_check_end(game):
    st = game.state
    if st.outcome is not None:
        return st.outcome
    limit = draw_by_repetition_or_limit(st, 0, int(game.options.get("max_turns", 0)))
    if limit is not None:
        return limit
    if not game.has_legal_move():
        return Outcome(None, "no legal move", {"stuck": st.to_move})
    return None


@hookimpl
def paisho_harmonies(game):
    return []


@hookimpl
def paisho_tile_flags(game):
    v = rules.view(game)
    return {"blocked": v.blocked, "protected": v.protected}


@hookimpl
def paisho_validate_options(variant, options):
    return check_count_option(options, "max_turns")


# -- positions and displays -------------------------------------------------------------------

@hookimpl
def paisho_position_extra(game):
    st = game.state
    return {"lotus_deployed": {p: bool(st.extra.get("lotus_" + p)) for p in ("host", "guest")}}


@hookimpl
def paisho_load_position(game, data):
    """``lotus_deployed`` (optional) says whose White Lotus has been deployed; a Lotus on the
    board has been, whatever the field says."""
    st = game.state
    problems = []
    if st.phase != "turn":
        problems.append(("$.phase", f"Vagabond has only the phase 'turn', not {st.phase!r}"))
    got = data.get("lotus_deployed", {})
    if not isinstance(got, dict):
        problems.append(("$.lotus_deployed", "expected {\"host\": true|false, \"guest\": true|false}"))
        got = {}
    for p in ("host", "guest"):
        flag = got.get(p, False)
        if not isinstance(flag, bool):
            problems.append((f"$.lotus_deployed.{p}", f"expected true or false, got {flag!r}"))
            continue
        on_board = any(t.kind.code == "L" for _i, t in st.tiles(p))
        st.extra["lotus_" + p] = flag or on_board
    if problems:
        raise PositionError(problems)
    game.cache.clear()


@hookimpl
def paisho_status(game):
    st = game.state
    lines = []
    for p in ("host", "guest"):
        text = "White Lotus deployed" if st.extra.get("lotus_" + p) else "White Lotus not deployed"
        lines.append((p.capitalize(), text))
    limit = int(game.options.get("max_turns", 0))
    if limit:
        lines.append(("Turn limit", f"drawn after turn {limit} (now {st.turn})"))
    return lines
