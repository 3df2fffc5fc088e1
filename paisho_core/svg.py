"""The board as an SVG picture: a round board, gardens coloured, gates marked, tiles as labelled
discs in their owner's colour, the last turn's points ringed.  ``Game._repr_svg_`` calls
:func:`game_svg`, so a game draws itself in Jupyter.

Every playable point is one ``<circle class="point">`` (249 of them) carrying its coordinates
in ``data-x``/``data-y``; every tile is one ``<g class="tile">`` with ``data-x``, ``data-y``,
``data-tile`` and ``data-owner``, so programs can read the picture back.  Variants drawn turned
(``rotated: true`` or ``display: {rotate_degrees: 45}`` in their YAML ``rules``) are turned 45
degrees clockwise with their labels kept upright.
"""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from . import board
from .render import is_rotated, last_points

CELL = 32
MARGIN = 40
AREA_FILL = {"gate": "#7fb77e", "red": "#e8a3a0", "white": "#f4f1ea", "both": "#efc7c1",
             "neutral": "#d9c7a1"}
OWNER_FILL = {"host": "#2f5d8a", "guest": "#f2d27a"}
OWNER_TEXT = {"host": "#ffffff", "guest": "#3b2a00"}


def _xy(x: int, y: int) -> tuple[float, float]:
    return MARGIN + (x + 8.5) * CELL, MARGIN + (8.5 - y) * CELL


_area = board.area_name


def game_svg(game, size: int | None = None) -> str:
    """The game's current position as an SVG document (a string)."""
    st = game.state
    width = 2 * MARGIN + 17 * CELL
    cx = cy = width / 2
    radius = (80 ** 0.5 + 0.5) * CELL
    turn = 45 if is_rotated(game) else 0
    last = last_points(game)
    px = size or width
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width + 28}" '
           f'width="{px}" height="{round(px * (width + 28) / width)}" font-family="sans-serif">',
           f'<title>{escape(game.variant.title)}</title>',
           '<defs><clipPath id="round"><circle cx="%g" cy="%g" r="%g"/></clipPath></defs>' % (cx, cy, radius),
           f'<g class="board" transform="rotate({turn} {cx:g} {cy:g})">',
           f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius + 8:g}" fill="#6b4a2b"/>',
           f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{AREA_FILL["neutral"]}"/>',
           '<g clip-path="url(#round)">']
    # garden and gate cells: one square per point, coloured by its area
    for i in board.POINTS:
        if _area(i) == "neutral":
            continue
        x, y = board.coords(i)
        sx, sy = _xy(x, y)
        out.append(f'<rect x="{sx - CELL / 2 - 0.3:g}" y="{sy - CELL / 2 - 0.3:g}" width="{CELL + 0.6:g}" height="{CELL + 0.6:g}" '
                   f'fill="{AREA_FILL[_area(i)]}"/>')
    # grid lines through the points
    for k in range(-8, 9):
        a, b = _xy(k, 9)[0], _xy(k, -9)[1]
        out.append(f'<line x1="{a:g}" y1="{_xy(0, 9)[1]:g}" x2="{a:g}" y2="{b:g}" stroke="#8a7355" stroke-width="0.7"/>')
        c = _xy(0, k)[1]
        out.append(f'<line x1="{_xy(-9, 0)[0]:g}" y1="{c:g}" x2="{_xy(9, 0)[0]:g}" y2="{c:g}" stroke="#8a7355" stroke-width="0.7"/>')
    out.append('</g>')
    out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="none" stroke="#3d2a18" stroke-width="2"/>')
    # the points, gates marked
    for i in board.POINTS:
        x, y = board.coords(i)
        sx, sy = _xy(x, y)
        area = _area(i)
        if area == "gate":
            out.append(f'<circle class="point gate" data-x="{x}" data-y="{y}" cx="{sx:g}" cy="{sy:g}" r="{CELL * 0.3:g}" '
                       'fill="none" stroke="#1f5f1e" stroke-width="3"/>')
        else:
            out.append(f'<circle class="point" data-x="{x}" data-y="{y}" cx="{sx:g}" cy="{sy:g}" r="2" fill="#5b4630"/>')
    # tiles
    for i, tile in st.tiles():
        x, y = board.coords(i)
        sx, sy = _xy(x, y)
        label = tile.kind.symbol or tile.kind.code
        ring = ' stroke="#d62828" stroke-width="3"' if last >> i & 1 else ' stroke="#222" stroke-width="1"'
        font = 13 if len(label) <= 2 else 10
        out.append(f'<g class="tile" data-x="{x}" data-y="{y}" data-tile={quoteattr(tile.code)} '
                   f'data-owner="{tile.owner}"><title>{escape(tile.owner)} {escape(tile.kind.name)} ({x},{y})</title>'
                   f'<circle cx="{sx:g}" cy="{sy:g}" r="{CELL * 0.44:g}" fill="{OWNER_FILL[tile.owner]}"{ring}/>'
                   f'<text x="{sx:g}" y="{sy + font * 0.35:g}" font-size="{font}" text-anchor="middle" '
                   f'fill="{OWNER_TEXT[tile.owner]}" transform="rotate({-turn} {sx:g} {sy:g})">{escape(label)}</text></g>')
    # last turn's empty points (a tile moved away from them)
    for i in board.bits(last & ~st.occupied):
        sx, sy = _xy(*board.coords(i))
        out.append(f'<circle class="last" cx="{sx:g}" cy="{sy:g}" r="{CELL * 0.3:g}" fill="none" '
                   'stroke="#d62828" stroke-width="2" stroke-dasharray="3 2"/>')
    out.append('</g>')
    caption = _caption(game)
    out.append(f'<text x="{MARGIN}" y="{width + 14}" font-size="13" fill="#222">{escape(caption)}</text>')
    out.append('</svg>')
    return "\n".join(out)


def _caption(game) -> str:
    from .render import last_turn_text

    st = game.state
    head = f"{game.variant.title}: "
    if st.outcome is not None:
        head += f"{st.outcome.result} ({st.outcome.reason})"
    else:
        head += f"turn {st.turn}, {st.to_move} to move"
    last = last_turn_text(game)
    return head + (f"; last {last}" if last else "")
