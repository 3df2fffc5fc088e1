"""The board as drawn agrees with the legal moves (issue 35, item 2): every point a tile may
legally enter in sampled positions of every variant is drawn in an area that allows it.

What a tile may enter comes from the rules' data: a kind's ``stops`` in the variant YAML (the
areas it may end on: a rim point counts when any of its areas is allowed), a Skud plant's gate,
Fire's planting in the neutral area (its first tile on a midline point of both gardens), Basic's entry ports and areas (``rules.entry``).  What is
drawn comes from the picture itself: each ``<circle class="point">`` of the SVG carries the
areas it is drawn in (``data-areas``), and the text board marks the same areas.
"""
from __future__ import annotations

import random
import re

import pytest

import paisho_core as paisho
from paisho_core import board
from paisho_core.drawing import regions, render
from paisho_core.drawing.svg import board as board_svg

VARIANTS = paisho.variants()
POINT_RE = re.compile(r'<circle class="point[^"]*" data-x="(-?\d+)" data-y="(-?\d+)" data-areas="([^"]*)"')


def drawn_areas(game) -> dict[tuple[int, int], set[str]]:
    """The areas each point is drawn in, read back from the SVG."""
    return {(int(x), int(y)): set(a.split()) for x, y, a in POINT_RE.findall(board_svg(game))}


def sampled(variant: str, seeds=(1, 2, 3), plies: int = 60):
    """Positions of seeded random games (every tenth decision and the first few)."""
    for seed in seeds:
        game = paisho.new_game(variant, seed=seed)
        rng = random.Random(seed)
        for ply in range(plies):
            if game.outcome is not None or not game.legal_moves():
                break
            if ply < 4 or ply % 10 == 0:
                yield game.copy()
            game.play(rng.choice(game.legal_moves()))


def allowed(spec, areas: set[str], point, game, mover: str) -> bool | None:
    """Does the drawn ``areas`` (and the named points) allow what the rules' ``spec`` says:
    a list of area names and point-set names, or a word for a point set's role.  None: the
    spec names nothing a picture shows (a side of the board, say)."""
    named = regions.named_points(game)
    names = {n.replace(" ", "_") for n in named.get(point, [])}
    sets = game.variant.definition.get("point_sets") or {}
    rules = game.variant.rules_config or {}
    home = rules.get("home") or {}
    words = spec if isinstance(spec, list) else [spec]
    checked = False
    for word in words:
        if word == "any":
            return True
        if word == "midline":
            checked = True
            if {"red", "white"} <= areas:
                return True
        if word == "home" and isinstance(home.get(mover), str):
            word = home[mover]
        if word == "foreign" and isinstance(home.get("host" if mover == "guest" else "guest"), str):
            word = home["host" if mover == "guest" else "guest"]
        if word in sets:
            checked = True
            if word in names:
                return True
        elif word in board.AREA_TYPES:
            checked = True
            if word in areas:
                return True
    return False if checked else None


def entry_spec(game, move, kind):
    """What the rules say a tile entering the board (no source point) may enter, or None."""
    rules = game.variant.rules_config or {}
    entry = rules.get("entry") or {}
    if kind.code in entry and move.action == "place":  # (Spring flowers go elsewhere)
        return entry[kind.code]
    if game.name == "skud" and move.action in ("plant", "bonus-plant"):
        return ["gate"]
    if game.name == "fire" and move.action in ("plant", "bonus-plant"):
        # the first tile on a midline point (both gardens), later ones in the neutral area
        return ["midline"] if not game.state.occupied else ["neutral"]
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_target_is_drawn_in_an_area_that_allows_it(variant):
    checked = 0
    for game in sampled(variant):
        drawn = drawn_areas(game)
        assert len(drawn) == 249
        kinds = {k.code: k for k in game.tileset.kinds}
        stops = {t["code"]: t.get("stops") for t in game.variant.definition.get("tiles", [])}
        for move in game.legal_moves():
            if move.to_point is None or move.from_point == move.to_point:
                continue
            if move.from_point is not None:
                tile = game.state.board[board.index(*move.from_point)]
                if tile is None:
                    continue
                code = tile.code
            else:
                code = move.tile
            kind = kinds.get(code)
            if kind is None:
                continue
            point = tuple(move.to_point)
            areas = drawn[point]
            if move.from_point is None:
                spec = entry_spec(game, move, kind)
                ok = None if spec is None else allowed(spec, areas, point, game, game.to_move)
                assert ok is not False, (variant, str(move), point, sorted(areas), spec)
                checked += ok is True
            if move.from_point is not None and stops.get(code) and move.action not in ("wheel", "push", "rotate", "boat"):
                ok = allowed(stops[code], areas, point, game, game.to_move)
                assert ok is not False, (variant, str(move), point, sorted(areas), stops[code])
                checked += ok is True
    if variant in ("skud", "fire", "basic", "iroh"):
        assert checked > 50, checked  # the rules' areas were really compared with the picture


def test_a_garden_rim_point_is_drawn_garden_and_neutral():
    """Skud's (1,-6) is white and neutral (spec board-points.json): the picture, the text board
    and the words for it all say both, and a Rose is offered it."""
    game = paisho.new_game("skud", seed=1)
    assert drawn_areas(game)[(1, -6)] == {"white", "neutral"}
    assert drawn_areas(game)[(0, -7)] == {"red", "white", "neutral"}
    assert drawn_areas(game)[(2, -2)] == {"white"}
    lines = render.board_lines(game)
    row = next(line for line in lines if line.split()[0] == "-6")
    assert "w." in row.split()
    assert regions.describe_point(game, 1, -6) == "(1,-6): white garden and neutral"
    from paisho_core.drawing.diagram import build

    rose = build({"variant": "skud", "tiles": {"guest": {"R3": [[0, -8], [4, -4]]},
                                               "host": {"R3": [[0, 8]]}}})
    assert rose.is_legal("(0,-8)-(1,-6)") and rose.is_legal("(4,-4)-(3,-4)")
    assert not rose.is_legal("(4,-4)-(2,-4)")  # white only: drawn so
    drawn = drawn_areas(rose)
    assert drawn[(3, -4)] == {"white", "neutral"} and drawn[(2, -4)] == {"white"}


def test_plain_and_named_points():
    """Modern's rules use no gardens: its board is drawn plain, with the Spirit Portal marked;
    Basic's Mid Port is marked and named."""
    modern = paisho.new_game("modern", seed=1)
    assert all(a == {"neutral"} for a in drawn_areas(modern).values())
    svg = board_svg(modern)
    assert 'class="garden' not in svg and "spirit portal" in svg
    basic = board_svg(paisho.new_game("basic", seed=1))
    assert "port mid" in basic and 'class="garden red"' in basic
