"""The board as an SVG picture, in the style of python-chess's ``chess.svg``: one function,
:func:`board`, whose every option is a keyword, returning the SVG document as a string.
``Game._repr_svg_`` calls it with its defaults, so a game draws itself in Jupyter.

The picture: a round board, gardens coloured, gates marked; each tile a disc in its owner's
colour (:data:`paisho_core.drawing.style.OWNER_FILL`: the Host light, the Guest dark, as the printed
rules say) holding an emblem that tells the kind apart without reading its label: the emblem's
colour is the kind's ``colour`` from the variant YAML (red and white flowers differ at a
glance), its shape the kind's group (disc, diamond, square, triangle...), and a numbered kind
carries that many pips around the rim.  ``legend=True`` draws each kind under the board.

Every playable point is one ``<circle class="point">`` (249 of them) carrying its coordinates
in ``data-x``/``data-y``; every tile is one ``<g class="tile">`` with ``data-x``, ``data-y``,
``data-tile`` and ``data-owner``, so programs can read the picture back.  Variants drawn turned
(``rotated: true`` or ``display: {rotate_degrees: 45}`` in their YAML ``rules``) are turned 45
degrees clockwise with their labels kept upright.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal
from xml.sax.saxutils import escape, quoteattr

from .. import board as grid
from .regions import describe_point, named_points, point_areas, uses_areas
from .render import is_rotated, last_points, last_turn_text
from .style import (AREA_FILL, EMBLEM_FILL, EMBLEM_TEXT, LAST_COLOUR, OWNER_FILL, OWNER_STROKE,
                    OWNER_TEXT, PALETTE)
from ..tiles import PLAYERS, TileKind

if TYPE_CHECKING:
    from ..game import Game, Harmony, Move

Point = tuple[int, int]

NAMED_FILL = "#9ec5f0"
NAMED_STROKE = "#1f5f9e"
AXIS_COLOUR = {"x": "#1f4fa0", "y": "#a02f1f"}
TURNED_SCALE = 0.9
"""On a turned board: the numbers of the x lines (x constant) and of the y lines."""

CELL = 32
MARGIN = 56
SHAPES = ("disc", "diamond", "square", "triangle", "hexagon")
"""The emblem shape of a variant's tile groups, in the order the YAML lists them."""


def _xy(x: float, y: float) -> tuple[float, float]:
    return MARGIN + (x + 8.5) * CELL, MARGIN + (8.5 - y) * CELL


def emblem_colour(kind: TileKind, kinds: list[TileKind]) -> str:
    """The emblem fill of a tile kind: its YAML colour, else a palette colour by its place
    among the kinds without one."""
    if kind.colour in EMBLEM_FILL:
        return EMBLEM_FILL[kind.colour]
    plain = [k for k in kinds if k.colour not in EMBLEM_FILL]
    return PALETTE[plain.index(kind) % len(PALETTE)] if kind in plain else PALETTE[0]


def emblem_shape(kind: TileKind, kinds: list[TileKind]) -> str:
    """The emblem shape of a tile kind: one shape per group, in the YAML's order."""
    groups: list[str] = []
    for k in kinds:
        if k.group not in groups:
            groups.append(k.group)
    return SHAPES[groups.index(kind.group) % len(SHAPES)]


def _shape(shape: str, cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"'
    if shape == "disc":
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" {paint}/>'
    corners = {"diamond": 4, "square": 4, "triangle": 3, "hexagon": 6}[shape]
    start = {"diamond": -90.0, "square": -45.0, "triangle": -90.0, "hexagon": 0.0}[shape]
    scale = {"diamond": 1.15, "square": 1.2, "triangle": 1.3, "hexagon": 1.08}[shape]
    pts = []
    for k in range(corners):
        a = math.radians(start + 360 * k / corners)
        pts.append(f"{cx + r * scale * math.cos(a):.1f},{cy + r * scale * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" {paint}/>'


def tile_glyph(kind: TileKind, owner: str, kinds: list[TileKind], cx: float, cy: float,
               turn: float = 0, ring: str = "") -> str:
    """The SVG elements of one tile (no wrapping group) centred on ``(cx, cy)``."""
    colour = emblem_colour(kind, kinds)
    label = kind.symbol or kind.code
    font = 11 if len(label) <= 2 else 9
    stroke = ring or f'stroke="{OWNER_STROKE[owner]}" stroke-width="1.2"'
    out = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.46:g}" fill="{OWNER_FILL[owner]}" {stroke}/>',
           _shape(emblem_shape(kind, kinds), cx, cy, CELL * 0.27, colour, OWNER_STROKE["guest"])]
    if kind.number:
        for k in range(kind.number):
            a = math.radians(turn + -90 + 360 * k / kind.number)
            out.append(f'<circle cx="{cx + CELL * 0.385 * math.cos(a):.1f}" '
                       f'cy="{cy + CELL * 0.385 * math.sin(a):.1f}" r="2.1" fill="{colour}" '
                       f'stroke="{OWNER_TEXT[owner]}" stroke-width="0.6"/>')
    out.append(f'<text x="{cx:g}" y="{cy + font * 0.35:g}" font-size="{font}" font-weight="bold" '
               f'text-anchor="middle" fill="{EMBLEM_TEXT.get(colour, "#ffffff")}" stroke="{colour}" '
               'stroke-width="2.4" paint-order="stroke" stroke-linejoin="round" '
               f'transform="rotate({-turn:g} {cx:g} {cy:g})">{escape(label)}</text>')
    return "".join(out)


def _points_of_move(move: Move) -> list[Point]:
    return [p for p in (move.from_point, move.to_point) if p is not None]


def board(game: Game, *, lastmove: bool | Move | None = True,
          harmonies: bool | Iterable[Harmony] = False,
          arrows: Iterable[tuple[Point, Point]] = (),
          fill: Mapping[Point, str] | None = None,
          orientation: Literal["guest", "host"] = "guest", flipped: bool = False,
          size: int | None = None, coordinates: bool | None = None, legend: bool = False,
          caption: bool | str = True) -> str:
    """The game's current position as an SVG document (a string).

    Args:
        game: the game to draw (its current position).
        lastmove: ``True`` rings the points the last turn moved from or to; a
            :class:`~paisho_core.game.Move` rings that move's points; ``None`` or ``False``
            rings none.
        harmonies: ``True`` draws every current harmony (``game.harmonies()``) as a line in
            its owner's colour; or the harmonies to draw.
        arrows: ``((x1, y1), (x2, y2))`` pairs drawn as arrows (a move, a capture, a power).
        fill: points to shade, ``{(x, y): "#rrggbb"}`` (a trap's reach, a protected area).
        orientation: the player whose side is at the bottom: ``"guest"`` (the default: the
            Guest's gate ``(0,-8)`` at the bottom) or ``"host"`` (turned half a turn).
        flipped: ``True`` is the same as ``orientation="host"``.
        size: the picture's width in pixels (the height follows); None for its natural size.
        coordinates: print the x and y coordinates around the board (None, the default: yes).
            A board drawn turned numbers each grid line where it leaves the board, x lines
            and y lines in two colours (a key in the corner says which).
        legend: draw every tile kind of the variant under the board with its name.
        caption: ``True`` writes the variant, turn and last move under the board; a string
            writes that text instead; ``False`` writes none.
    """
    st = game.state
    kinds = list(game.tileset.kinds)
    width = 2 * MARGIN + 17 * CELL
    cx = cy = width / 2
    radius = (80 ** 0.5 + 0.5) * CELL
    upside = flipped or orientation == "host"
    turn = (45 if is_rotated(game) else 0) + (180 if upside else 0)
    if lastmove is True:
        last = last_points(game)
    elif lastmove:
        last = grid.mask_of(_points_of_move(lastmove))
    else:
        last = 0
    text = caption if isinstance(caption, str) else _caption(game) if caption else ""
    legend_rows = (len(kinds) + 3) // 4 if legend else 0
    height = width + (24 if text else 0) + legend_rows * 2 * (CELL + 4)
    px = size or width
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{px}" height="{round(px * height / width)}" font-family="sans-serif">',
           f'<title>{escape(game.variant.title)}</title>',
           '<defs><clipPath id="round"><circle cx="%g" cy="%g" r="%g"/></clipPath>' % (cx, cy, radius),
           '<marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" '
           'markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           'fill="#c2410c"/></marker></defs>',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
           f'<g class="board" transform="rotate({turn} {cx:g} {cy:g}){_shrink(game, cx, cy)}">',
           f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius + 8:g}" fill="#6b4a2b"/>',
           f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{AREA_FILL["neutral"]}"/>',
           '<g clip-path="url(#round)">']
    if uses_areas(game):
        out.extend(_areas())
    for (x, y), colour in (fill or {}).items():
        sx, sy = _xy(x, y)
        out.append(f'<rect class="fill" x="{sx - CELL / 2:g}" y="{sy - CELL / 2:g}" width="{CELL}" '
                   f'height="{CELL}" fill="{escape(colour)}" fill-opacity="0.55"/>')
    for k in range(-8, 9):  # grid lines through the points
        a = _xy(k, 0)[0]
        out.append(f'<line x1="{a:g}" y1="{_xy(0, 9)[1]:g}" x2="{a:g}" y2="{_xy(0, -9)[1]:g}" '
                   'stroke="#8a7355" stroke-width="0.7"/>')
        c = _xy(0, k)[1]
        out.append(f'<line x1="{_xy(-9, 0)[0]:g}" y1="{c:g}" x2="{_xy(9, 0)[0]:g}" y2="{c:g}" '
                   'stroke="#8a7355" stroke-width="0.7"/>')
    out.append('</g>')
    out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="none" stroke="#3d2a18" stroke-width="2"/>')
    if coordinates or coordinates is None:
        out.extend(_rim_coordinates(turn) if is_rotated(game) else _coordinates(turn))
    out.extend(_points(game))
    drawn = game.harmonies() if harmonies is True else list(harmonies or [])
    for h in drawn:
        (ax, ay), (bx, by) = _xy(*h.a), _xy(*h.b)
        owner = h.owner if h.owner in PLAYERS else "host"
        out.append(f'<g class="harmony" data-owner="{owner}">'
                   f'<line x1="{ax:g}" y1="{ay:g}" x2="{bx:g}" y2="{by:g}" stroke="{OWNER_STROKE[owner]}" '
                   'stroke-width="7" stroke-linecap="round" opacity="0.85"/>'
                   f'<line x1="{ax:g}" y1="{ay:g}" x2="{bx:g}" y2="{by:g}" stroke="{OWNER_FILL[owner]}" '
                   'stroke-width="3.5" stroke-linecap="round"/></g>')
    for i, tile in st.tiles():
        x, y = grid.coords(i)
        sx, sy = _xy(x, y)
        ring = f'stroke="{LAST_COLOUR}" stroke-width="3"' if last >> i & 1 else ""
        out.append(f'<g class="tile" data-x="{x}" data-y="{y}" data-tile={quoteattr(tile.code)} '
                   f'data-owner="{tile.owner}"><title>{escape(tile.owner)} {escape(tile.kind.name)} '
                   f'({x},{y})</title>{tile_glyph(tile.kind, tile.owner, kinds, sx, sy, turn, ring)}</g>')
    for i in grid.bits(last & ~st.occupied):  # last turn's empty points (a tile moved away)
        sx, sy = _xy(*grid.coords(i))
        out.append(f'<circle class="last" cx="{sx:g}" cy="{sy:g}" r="{CELL * 0.3:g}" fill="none" '
                   f'stroke="{LAST_COLOUR}" stroke-width="2" stroke-dasharray="3 2"/>')
    for start, end in arrows:
        (ax, ay), (bx, by) = _xy(*start), _xy(*end)
        d = math.hypot(bx - ax, by - ay) or 1.0
        ex, ey = bx - (bx - ax) * CELL * 0.3 / d, by - (by - ay) * CELL * 0.3 / d
        out.append(f'<line class="arrow" x1="{ax:g}" y1="{ay:g}" x2="{ex:.1f}" y2="{ey:.1f}" '
                   'stroke="#c2410c" stroke-width="4" stroke-linecap="round" opacity="0.85" '
                   'marker-end="url(#arrowhead)"/>')
    out.append('</g>')
    if (coordinates or coordinates is None) and is_rotated(game):
        out.append(f'<text class="coordinate-key" x="8" y="16" font-size="11">'
                   f'numbers at the line ends: <tspan fill="{AXIS_COLOUR["x"]}">x (blue)</tspan>, '
                   f'<tspan fill="{AXIS_COLOUR["y"]}">y (red)</tspan></text>')
    y0 = width
    if text:
        out.append(f'<text class="caption" x="{MARGIN / 2:g}" y="{y0 + 14}" font-size="13" '
                   f'fill="#222">{escape(text)}</text>')
        y0 += 24
    if legend:
        out.extend(_legend(kinds, y0))
    out.append('</svg>')
    return "\n".join(out)


def game_svg(game: Game, size: int | None = None) -> str:
    """:func:`board` with its defaults (kept for callers of the first version)."""
    return board(game, size=size)


GARDENS = {"red": (((0, 0), (7, 0), (0, 7)), ((0, 0), (-7, 0), (0, -7))),
           "white": (((0, 0), (-7, 0), (0, 7)), ((0, 0), (7, 0), (0, -7)))}
"""The four garden triangles, corners on points: their edges run through the rim points
(garden and neutral) and the midlines (both gardens), so each point is drawn in every area the
rules give it (:mod:`paisho_core.drawing.regions`)."""


def _areas() -> list[str]:
    """The gardens as triangles with a visible rim, the gates as squares."""
    out = []
    for colour, triangles in GARDENS.items():
        for tri in triangles:
            pts = " ".join("%g,%g" % _xy(x, y) for x, y in tri)
            out.append(f'<polygon class="garden {colour}" points="{pts}" fill="{AREA_FILL[colour]}" '
                       'stroke="#8a5a44" stroke-width="1.5" stroke-linejoin="round"/>')
    for i in grid.bits(grid.GATES):
        sx, sy = _xy(*grid.coords(i))
        out.append(f'<rect class="gate" x="{sx - CELL / 2:g}" y="{sy - CELL / 2:g}" width="{CELL}" '
                   f'height="{CELL}" fill="{AREA_FILL["gate"]}"/>')
    return out


def _points(game: Game) -> list[str]:
    """One circle per point carrying its coordinates and drawn areas (``data-areas``), gates
    ringed, the points the variant names (ports, homes, a portal) ringed and named."""
    out = []
    named = named_points(game)
    for i in grid.POINTS:
        x, y = grid.coords(i)
        sx, sy = _xy(x, y)
        areas = point_areas(game, i)
        data = f'data-x="{x}" data-y="{y}" data-areas="{" ".join(sorted(areas))}"'
        if (x, y) in named:
            out.append(f'<circle class="named" cx="{sx:g}" cy="{sy:g}" r="{CELL * 0.42:g}" '
                       f'fill="{NAMED_FILL}" fill-opacity="0.35" stroke="{NAMED_STROKE}" '
                       f'stroke-width="2.5" stroke-dasharray="5 3">'
                       f'<title>{escape(describe_point(game, x, y))}</title></circle>')
        if "gate" in areas:
            out.append(f'<circle class="point gate" {data} cx="{sx:g}" cy="{sy:g}" '
                       f'r="{CELL * 0.3:g}" fill="none" stroke="#1f5f1e" stroke-width="3"/>')
        else:
            out.append(f'<circle class="point" {data} cx="{sx:g}" cy="{sy:g}" r="2" fill="#5b4630"/>')
    return out


def _shrink(game: Game, cx: float, cy: float) -> str:
    """A turned board is drawn a little smaller, leaving room for its rim coordinates."""
    if not is_rotated(game):
        return ""
    return f" translate({cx:g} {cy:g}) scale({TURNED_SCALE}) translate({-cx:g} {-cy:g})"


def _rim_coordinates(turn: float) -> list[str]:
    """Coordinates of a board drawn turned: each grid line's number at one end, where it leaves
    the board on the Guest's left and bottom, x lines in blue and y lines in red, kept upright
    (a key in the corner says which)."""
    out = []
    for k in range(-8, 9):
        for axis, reach in (("x", 80 ** 0.5 + 1.0), ("y", 80 ** 0.5 + 1.6)):
            end = (reach * reach - k * k) ** 0.5  # staggered: an x and a y label never meet
            x, y = (k, -end) if axis == "x" else (-end, k)
            sx, sy = _xy(x, y)
            out.append(f'<text class="coordinate {axis}" x="{sx:g}" y="{sy + 3.5:g}" font-size="10" '
                       f'text-anchor="middle" fill="{AXIS_COLOUR[axis]}" '
                       f'transform="rotate({-turn:g} {sx:g} {sy:g})">{k}</text>')
    return out


def _coordinates(turn: float) -> list[str]:
    """x labels under and over the board, y labels left and right, kept upright."""
    out = []
    for k in range(-8, 9):
        for x, y in ((k, -9.95), (k, 9.95), (-9.95, k), (9.95, k)):
            sx, sy = _xy(x, y)
            out.append(f'<text class="coordinate" x="{sx:g}" y="{sy + 3.5:g}" font-size="10" '
                       f'text-anchor="middle" fill="#555" transform="rotate({-turn:g} {sx:g} {sy:g})">'
                       f'{k}</text>')
    return out


def _legend(kinds: list[TileKind], top: float) -> list[str]:
    """Each kind drawn as both players' tiles, with its code and name, four to a row."""
    out = ['<g class="legend">']
    col_width = (17 * CELL + 2 * MARGIN) / 4
    for n, kind in enumerate(kinds):
        row, col = divmod(n, 4)
        x0 = col * col_width + CELL * 0.7
        y0 = top + row * 2 * (CELL + 4) + CELL * 0.6
        for k, owner in enumerate(PLAYERS):
            out.append(f'<g class="legend-tile" data-tile={quoteattr(kind.code)} data-owner="{owner}">'
                       + tile_glyph(kind, owner, kinds, x0 + k * (CELL + 2), y0) + '</g>')
        name = escape(kind.name)
        out.append(f'<text x="{x0 - CELL * 0.5:g}" y="{y0 + CELL * 0.95:g}" font-size="11" fill="#222">'
                   f'{escape(kind.symbol or kind.code)}: {name}</text>')
    out.append('<text x="8" y="%g" font-size="10" fill="#555">each kind: Host (light) left, '
               'Guest (dark) right</text>' % (top + ((len(kinds) + 3) // 4) * 2 * (CELL + 4) - 4))
    out.append('</g>')
    return out


def _caption(game: Game) -> str:
    st = game.state
    head = f"{game.variant.title}: "
    if st.outcome is not None:
        head += f"{st.outcome.result} ({st.outcome.reason})"
    else:
        head += f"turn {st.turn}, {st.to_move} to move"
    last = last_turn_text(game)
    return head + (f"; last {last}" if last else "")
