"""Issue 18: every variant's rules page carries board pictures generated from positions when
the docs are built (```paisho-board blocks, docs/hooks/boards.py): its starting position with
a legend of the tiles, and its key rules.  Every block must build, and every move a picture
claims legal or illegal is checked against the rules."""
from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from paisho_core.drawing.diagram import DiagramError, build, diagram

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "hooks"))
from boards import BLOCK  # noqa: E402

PAGES = sorted((DOCS / "variants").glob("*/rules.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.parent.name)
def test_rules_page_has_generated_pictures(page):
    blocks = [yaml.safe_load(m.group(1)) for m in BLOCK.finditer(page.read_text("utf-8"))]
    assert len(blocks) >= 2, f"{page}: a starting position and at least one key rule"
    assert any(b.get("legend") and "tiles" not in b for b in blocks), \
        f"{page}: the starting position (built by play, not by hand) with its legend"
    for k, spec in enumerate(blocks, 1):
        assert spec.get("text"), f"{page} board {k}: a caption saying what it shows"
        ET.fromstring(diagram(spec))  # builds, checks its legal/illegal claims, valid SVG


RULINGS = sorted((DOCS / "variants").glob("*/rulings.md"))


@pytest.mark.parametrize("page", RULINGS, ids=lambda p: p.parent.name)
def test_rulings_page_has_generated_pictures(page):
    """The rulings a position makes clear carry a board whose legal/illegal claims are checked."""
    blocks = [yaml.safe_load(m.group(1)) for m in BLOCK.finditer(page.read_text("utf-8"))]
    assert len(blocks) >= 2, f"{page}: at least two rulings shown as boards"
    for k, spec in enumerate(blocks, 1):
        assert spec.get("text"), f"{page} board {k}: a caption saying what it shows"
        assert spec.get("legal") or spec.get("illegal") or spec.get("harmonies"), \
            f"{page} board {k}: a ruling's picture claims something the rules check"
        ET.fromstring(diagram(spec))


def test_a_false_claim_fails_the_build():
    spec = {"variant": "skud", "tiles": {"guest": {"R3": [[-5, 5]]}}, "legal": ["(-5,5)-(5,5)"]}
    with pytest.raises(DiagramError, match="not legal"):
        build(spec)
    with pytest.raises(DiagramError, match="not a point"):
        build({"variant": "skud", "tiles": {"guest": {"R3": ["x"]}}})


def test_fill_legal_follows_the_rules():
    from paisho_core.drawing.diagram import legal_points
    game = build({"variant": "skud", "tiles": {"guest": {"R3": [[0, -3]]}}})
    points = legal_points(game, {"(0,-3)-": "blue"})
    moves = {str(m) for m in game.legal_moves() if str(m).startswith("(0,-3)-")}
    assert points and {f"(0,-3)-({x},{y})" for x, y in points} == moves
    with pytest.raises(DiagramError, match="fill_legal"):
        legal_points(game, ["(0,-3)-"])
