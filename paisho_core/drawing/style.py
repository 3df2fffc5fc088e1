"""One colour convention for every picture of a board: text on a terminal
(:mod:`paisho_core.drawing.render`) and SVG (:mod:`paisho_core.drawing.svg`).

The printed rules give the Host light tiles and the Guest dark ones, so everything drawn here
does the same: the Host's tiles ivory, the Guest's dark brown, on the board, in harmony lines
and in the terminal's letters (``h``/``g``).  The docs say "Host light, Guest dark".
"""
from __future__ import annotations

OWNER_TONE = {"host": "light", "guest": "dark"}
"""The word the docs use for each player's tiles."""

OWNER_FILL = {"host": "#f5ecd4", "guest": "#3a2a20"}
"""A tile's disc (and its owner's harmony lines)."""

OWNER_STROKE = {"host": "#4a3b2a", "guest": "#120c08"}
OWNER_TEXT = {"host": "#3a2a20", "guest": "#f5ecd4"}

TERMINAL_STYLE = {"host": "bold #fff3d0", "guest": "bold #c08850"}
"""Rich styles for each player's tile letters: light and dark(er) on the terminal's dark
background, where a truly dark letter would vanish."""

AREA_FILL = {"gate": "#7fb77e", "red": "#e8a3a0", "white": "#f4f1ea", "both": "#efc7c1",
             "neutral": "#d9c7a1"}
"""The board's areas in SVG: red and white gardens, their shared midline points, gates."""

EMBLEM_FILL = {"red": "#c62828", "white": "#ffffff", "green": "#2e7d32", "blue": "#1565c0",
               "yellow": "#f9a825", "purple": "#6a1b9a", "black": "#111111"}
"""The emblem inside a tile, by the tile kind's ``colour`` in the variant YAML."""

PALETTE = ("#8d6e63", "#b8860b", "#546e7a", "#00838f", "#7b1fa2", "#558b2f", "#c2185b",
           "#455a64", "#ef6c00")
"""Emblems of kinds without a colour, in the order the YAML lists them."""

EMBLEM_TEXT = {"#ffffff": "#111111", "#f9a825": "#111111"}
"""Label colour on a light emblem (white elsewhere)."""

LAST_COLOUR = "#d62828"
"""The ring around the points the last move touched."""
