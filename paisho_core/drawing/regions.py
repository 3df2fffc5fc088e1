"""What every picture of a board shows at each point: the areas the rules give it and the
points a variant names, one answer for the SVG, the text board and the page.

The board's areas come from its geometry (:mod:`paisho_core.board`): a point on the rim of a
garden (``|x| + |y| == 7``) belongs to the garden *and* to the neutral area, a midline point
inside the gardens to both gardens.  A picture must show each point in every area it belongs
to, or a player who sees a red flower offered a point drawn white concludes the engine is wrong: the
SVG draws the gardens as triangles whose edges run through those points, the text board marks
them with two letters.

A variant whose rules use no areas says so in its YAML (``rules: {display: {areas: false}}``):
its board is drawn plain.  The point sets a variant names in its YAML (``point_sets``: ports,
home points, a portal) are drawn marked and named, so a special point is visible wherever the
rules give it a part.
"""
from __future__ import annotations

from .. import board

GARDEN_REACH = 7
"""A garden's points have ``|x| + |y| <= 7``; those with ``== 7`` are on its rim."""


def _display(game) -> dict:
    cfg = getattr(game.variant, "rules_config", None) or {}
    display = cfg.get("display") or {}
    return display if isinstance(display, dict) else {}


def uses_areas(game) -> bool:
    """Does the variant's board show gardens, gates and the neutral area (its rules use them)?"""
    return bool(_display(game).get("areas", True))


def point_areas(game, i: int) -> frozenset[str]:
    """The areas of point ``i`` as drawn: a subset of gate, red, white, neutral (every point is
    neutral on a board drawn plain)."""
    if not uses_areas(game):
        return frozenset({"neutral"})
    return board.TYPES[i]


def named_points(game) -> dict[tuple[int, int], list[str]]:
    """``{(x, y): [names]}``: the points the variant's YAML names (``point_sets``), each name
    made readable (``port_mid`` -> ``port mid``)."""
    out: dict[tuple[int, int], list[str]] = {}
    sets = game.variant.definition.get("point_sets") or {}
    if not isinstance(sets, dict):
        return out
    for name, points in sets.items():
        for p in points or ():
            try:
                x, y = int(p[0]), int(p[1])
            except (TypeError, ValueError, IndexError):
                continue
            if board.on_board(x, y):
                out.setdefault((x, y), []).append(str(name).replace("_", " "))
    return out


def describe_point(game, x: int, y: int) -> str:
    """Words for a point: ``(1,-6): white garden and neutral``, with any name the variant
    gives it."""
    areas = point_areas(game, board.index(x, y))
    words = []
    if "gate" in areas:
        words.append("gate")
    gardens = [a for a in ("red", "white") if a in areas]
    if gardens:
        words.append(" and ".join(gardens) + (" gardens" if len(gardens) > 1 else " garden"))
    if "neutral" in areas and uses_areas(game):
        words.append("neutral")
    names = named_points(game).get((x, y), [])
    text = f"({x},{y})"
    if words:
        text += ": " + " and ".join(words)
    if names:
        text += " (" + ", ".join(names) + ")"
    return text
