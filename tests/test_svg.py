"""The SVG board (issue 9, acceptance 3): valid XML, 249 points, every tile on the board drawn
once, gates marked, the last turn ringed; turned boards keep their labels upright."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import paisho_core as paisho
from paisho_core.drawing.svg import game_svg
from functools import partial

from tests.test_play_support import midgame as support_midgame
from tests.test_play_support import available_variants, variant_guard

NS = "{http://www.w3.org/2000/svg}"
VARIANTS = available_variants()


midgame = partial(support_midgame, plies=60, seed=5)


def classes(el) -> set:
    return set((el.get("class") or "").split())


def check(game) -> ET.Element:
    root = ET.fromstring(game_svg(game))
    assert root.tag == NS + "svg"
    points = [e for e in root.iter() if "point" in classes(e)]
    assert len(points) == 249
    assert len({(e.get("data-x"), e.get("data-y")) for e in points}) == 249
    gates = {(int(e.get("data-x")), int(e.get("data-y"))) for e in points if "gate" in classes(e)}
    plain = not (game.variant.rules_config.get("display") or {}).get("areas", True)
    assert gates == (set() if plain else {(0, 8), (0, -8), (8, 0), (-8, 0)})  # Modern: none
    tiles = [e for e in root.iter() if "tile" in classes(e)]
    drawn = sorted((int(e.get("data-x")), int(e.get("data-y")), e.get("data-tile"), e.get("data-owner"))
                   for e in tiles)
    expected = sorted((p["x"], p["y"], p["tile"], p["owner"]) for p in game.position()["board"])
    assert drawn == expected
    for e in tiles:  # each disc is labelled with its tile
        texts = [t.text for t in e.iter(NS + "text")]
        assert texts and texts[0]
    return root


def test_midgame_skud_svg():
    """Acceptance 3: a mid-game Skud position."""
    game = midgame("skud", plies=80)
    assert len(game.position()["board"]) >= 6
    check(game)
    assert game._repr_svg_() == game_svg(game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_svg(variant):
    with variant_guard(variant):
        check(midgame(variant, plies=30))


def test_rotated_board_keeps_labels_upright():
    names = [n for n in paisho.variants() if n in ("3-piece", "modern")]
    if not names:
        pytest.skip("no turned-board variant registered")
    game = midgame(names[0], plies=10)
    text = game_svg(game)
    assert 'class="board" transform="rotate(45' in text
    assert "rotate(-45" in text


def test_last_turn_is_ringed():
    game = midgame("skud", plies=40)
    assert "#d62828" in game_svg(game)
