"""Board pictures from a short description: the pictures of the rules pages are built from
positions when the docs are built (``docs/hooks/boards.py``), never drawn by hand.

A description is a mapping (the YAML of a ```` ```paisho-board ```` block in a docs page)::

    variant: NAME                 # any variant string, options included ("NAME:Option=true")
    record: "..."                 # or the text of a record to replay (the docs hook reads
                                  # record_file: a path relative to docs/ into it)
    moves: ["R,W,K,B", ...]       # decisions or whole turns played from the start (optional)
    random: 6                     # then that many random legal decisions (seeded by seed:)
    tiles:                        # or: a position built tile by tile (the board is cleared)
      guest: {R3: [[0, -3]], L: [[2, 2]]}
      host: {W3: [[3, -3]]}
    to_move: guest                # with tiles: whose turn (default guest), phase, turn number
    play: ["(0,-3)-(0,0)"]        # decisions played on that position; the last one is ringed
    legal: ["(0,-3)-(0,0)"]       # decisions the picture claims legal / illegal in the position
    illegal: ["(0,-3)-(3,-3)"]    # drawn: checked, so a picture never says what the rules do not
    harmonies: true               # then every keyword of paisho_core.drawing.svg.board:
    arrows: [[[0, -3], [0, 0]]]   # lastmove, harmonies, arrows, fill, flipped, size,
    fill: {"2,2": "#7fb3ff"}      # coordinates, legend, caption
    caption: "..."
    fill_legal: {"(0,-3)-": "#90caf9"}  # fill the end point of every legal decision whose
                                  # text starts so ("" for all): where a tile may go, built
                                  # from the rules, so the picture follows them

Tiles placed by ``tiles`` are taken out of their owner's reserve (or another pile holding
them), so the position is one the variant accepts: :func:`paisho_core.from_position` checks it.
"""
from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Any

from .. import from_position, load_record, new_game
from ..errors import PaishoError
from ..game import Game
from ..notation import POINT_RE
from .svg import board

DRAWING_KEYS = ("lastmove", "harmonies", "arrows", "fill", "orientation", "flipped", "size",
                "coordinates", "legend", "caption")


class DiagramError(PaishoError):
    """A picture description that cannot be built (names the field at fault)."""


def _point(value: Any, field: str) -> tuple[int, int]:
    if isinstance(value, str):
        parts = value.strip("() ").split(",")
    else:
        parts = list(value) if isinstance(value, (list, tuple)) else []
    try:
        x, y = (int(p) for p in parts)
    except (TypeError, ValueError):
        raise DiagramError(f"{field}: {value!r} is not a point [x, y]") from None
    return x, y


def _take(pos: dict, owner: str, code: str) -> None:
    """Take one ``code`` of ``owner`` out of the position's piles, reserve first."""
    piles = [pos.get("reserves", {})] + list((pos.get("piles") or {}).values())
    # the owner's piles first, then anyone's (a set both players draw from)
    candidates = [per.get(owner) or {} for per in piles]
    candidates += [pile for per in piles for pile in per.values()]
    for pile in candidates:
        if pile.get(code, 0) > 0:
            pile[code] -= 1
            if not pile[code]:
                del pile[code]
            return


def build(spec: Mapping[str, Any]) -> Game:
    """The game a description stands for (see the module docstring)."""
    if "variant" not in spec and "record" not in spec:
        raise DiagramError("variant: missing")
    if "record" in spec:
        try:
            game = load_record(str(spec["record"]), source="record")
        except PaishoError as exc:
            raise DiagramError(str(exc)) from None
        game.auto_chance = True
    else:
        game = new_game(str(spec["variant"]), seed=spec.get("seed", 1))
    for k, text in enumerate(spec.get("moves") or ()):
        try:
            game.play(text)
        except PaishoError as exc:
            raise DiagramError(f"moves[{k}] {text!r}: {exc}") from None
    rng = random.Random(spec.get("seed", 1))
    for _ in range(int(spec.get("random", 0))):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    if "tiles" in spec:
        pos = game.position()
        pos["board"] = []
        for owner, kinds in (spec["tiles"] or {}).items():
            for code, points in (kinds or {}).items():
                for point in points:
                    x, y = _point(point, f"tiles.{owner}.{code}")
                    pos["board"].append({"x": x, "y": y, "tile": str(code), "owner": owner})
                    _take(pos, owner, str(code))
        pos["to_move"] = spec.get("to_move", "guest")
        pos["phase"] = spec.get("phase", "turn")
        pos["turn"] = spec.get("turn", 5)
        for name, value in (spec.get("position") or {}).items():
            pos[name] = value
        pos.pop("outcome", None)
        try:
            game = from_position(pos)
        except PaishoError as exc:
            raise DiagramError(str(exc)) from None
    for k, text in enumerate(spec.get("play") or ()):
        try:
            game.play(text)
        except PaishoError as exc:
            raise DiagramError(f"play[{k}] {text!r}: {exc}") from None
    for k, text in enumerate(spec.get("legal") or ()):
        if not game.is_legal(text):
            raise DiagramError(f"legal[{k}]: {text!r} is not legal in the position drawn")
    for k, text in enumerate(spec.get("illegal") or ()):
        if game.is_legal(text):
            raise DiagramError(f"illegal[{k}]: {text!r} is legal in the position drawn")
    return game


def options(spec: Mapping[str, Any], game: Game) -> dict[str, Any]:
    """The keywords of :func:`paisho_core.drawing.svg.board` a description asks for."""
    out: dict[str, Any] = {k: spec[k] for k in DRAWING_KEYS if k in spec}
    if "arrows" in out:
        out["arrows"] = [(_point(a, "arrows"), _point(b, "arrows")) for a, b in out["arrows"]]
    if "fill" in out:
        out["fill"] = {_point(p, "fill"): str(c) for p, c in out["fill"].items()}
    if spec.get("fill_legal"):
        out["fill"] = {**legal_points(game, spec["fill_legal"]), **out.get("fill", {})}
    if "lastmove" not in out:  # ring the last turn played, if the description played one
        out["lastmove"] = bool(spec.get("play")) or (bool(spec.get("moves")) and "tiles" not in spec)
    return out


def legal_points(game: Game, prefixes: Mapping[str, str]) -> dict[tuple[int, int], str]:
    """``{point: colour}``: the last point written in each legal decision whose text starts
    with one of ``prefixes`` (decisions naming no point are left out)."""
    if not isinstance(prefixes, Mapping):
        raise DiagramError(f"fill_legal: {prefixes!r} is not a mapping of move prefixes to colours")
    out: dict[tuple[int, int], str] = {}
    for move in game.legal_moves():
        text = str(move)
        points = POINT_RE.findall(text)
        for prefix, colour in prefixes.items():
            if points and text.startswith(str(prefix)):
                x, y = points[-1]
                out[(int(x), int(y))] = str(colour)
    return out


def diagram(spec: Mapping[str, Any]) -> str:
    """The SVG picture of a description; with ``terminal: true``, the board as the terminal
    shows it (:mod:`paisho_core.drawing.render`, exported by Rich) instead of the round board."""
    game = build(spec)
    if spec.get("terminal"):
        return terminal(game, str(spec.get("title") or game.variant.title))
    return board(game, **options(spec, game))


def terminal(game: Game, title: str) -> str:
    """The terminal's drawing of the game (board and the lines under it) as an SVG."""
    from rich.console import Console

    from .render import board_lines, describe

    console = Console(record=True, width=100, force_terminal=True, color_system="truecolor",
                      file=open(os.devnull, "w"))
    for line in board_lines(game, colour=True) + [""] + describe(game):
        console.print(line, highlight=False)
    return console.export_svg(title=title)
