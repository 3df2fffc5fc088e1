"""Drawing a position as text: Rich markup with colour on a terminal, plain text otherwise.

Each point is four characters wide.  A tile shows its owner's letter (``h`` host, ``g`` guest)
and its code (``gR3``), the Host's light and the Guest's darker in colour (one convention
with the SVG: :mod:`paisho_core.drawing.style`); an empty point shows every area it belongs to
(:mod:`paisho_core.drawing.regions`): ``r`` red garden, ``w`` white garden, ``+`` a midline
point of both gardens, ``.`` neutral, so ``r.``, ``w.`` and ``+.`` are the points on a garden's
rim, which are garden and neutral at once; ``[]`` a gate, ``<>`` a point the variant names (a
port, a home point, a portal).  The points the last turn
touched are marked ``>`` in plain text and highlighted in colour; a tile the variant flags
(trapped, drained...) is marked ``*``.  Coordinates run along the edges.  Variants whose YAML ``rules`` say ``rotated: true`` (or ``display: {rotate_degrees:
45}``) are drawn turned 45 degrees clockwise, with every point keeping its ``(x,y)``: each
screen row is labelled with the coordinates of its two end points.
"""
from __future__ import annotations

from .. import board
from .regions import named_points, point_areas
from .style import TERMINAL_STYLE
from ..tiles import PLAYER_CODE, PLAYERS

OWNER_LETTER = {"host": "h", "guest": "g"}
OWNER_STYLE = TERMINAL_STYLE  # Host light, Guest dark (paisho_core.drawing.style)
AREA_STYLE = {"r": "on #3a1010", "w": "on #303030", "+": "on #3a2030", "[]": "on #1f3a1f", ".": "",
              "r.": "on #2a1510", "w.": "on #2a2a2a", "+.": "on #2a1a25", "<>": "on #102a3a"}
EMPTY_STYLE = {"r": "#d06060", "w": "#c0c0c0", "+": "#c080c0", "[]": "bold green", ".": "bright_black",
               "r.": "#d06060", "w.": "#c0c0c0", "+.": "#c080c0", "<>": "bold #60a0e0"}
LAST_STYLE = "on #5a4a00"


def _empty_mark(game, i: int, named: dict) -> str:
    """The mark of an empty point: a named point, a gate, else its gardens then ``.`` when it
    is neutral too (``w.`` a white garden's rim point)."""
    areas = point_areas(game, i)
    if board.coords(i) in named and "gate" not in areas:
        return "<>"
    if "gate" in areas:
        return "[]"
    garden = "+" if {"red", "white"} <= areas else "r" if "red" in areas else "w" if "white" in areas else ""
    return garden + ("." if "neutral" in areas else "")


def is_rotated(game) -> bool:
    """True when the variant asks for the board turned 45 degrees."""
    cfg = game.variant.rules_config or {}
    if cfg.get("rotated"):
        return True
    display = cfg.get("display") or {}
    return isinstance(display, dict) and display.get("rotate_degrees") in (45, -45)


def last_points(game) -> int:
    """Bitset of the points the last turn moved from or to."""
    turns = game.turns()
    if not turns:
        return 0
    mask = 0
    for move in turns[-1][2]:
        for i in (move.src, move.dst):
            if isinstance(i, int) and 0 <= i < board.NCELLS and board.PLAYABLE >> i & 1:
                mask |= 1 << i
    return mask


def hides_anything(game) -> bool:
    """Does the variant hide anything from a player here (a hand, a reserve)?"""
    return any(game.observation(p).get("hidden") for p in PLAYERS)


def public_turns(game, viewer: str | None = "all") -> list[tuple[int, str, list]]:
    """``game.turns()`` as ``viewer`` may read them: in a game that hides anything, a tile the
    game drew by chance for another player (``None``: for anyone) is written ``?``.  The
    default ``"all"`` masks nothing."""
    from ..game import Move

    mask = viewer != "all" and hides_anything(game)
    out: list[tuple[int, str, list]] = []
    for _record, move, key, auto in game._history:
        if move.action == "_resign":
            continue
        if mask and auto and key[1] != viewer:
            move = Move(move.action, "?", None, move.src, move.dst, move.aux, move.implicit)
        if out and (out[-1][0], out[-1][1]) == key:
            out[-1][2].append(move)
        else:
            out.append((key[0], key[1], [move]))
    return out


def turn_text(game, number: int, player: str, moves: list) -> str:
    """A turn as a record writes it, ``12G.(0,-8)-(0,-5)``."""
    from ..record import format_turn

    try:
        # a secret choice (paisho_public_turn) is written blank for every viewer while the game
        # is under way
        public = game.rules.public_turn(game, moves) if game.outcome is None else None
        body = public or format_turn(game, moves) or "".join(str(m) for m in moves)
    except Exception:  # a variant's writer may not know a masked draw: write the decisions
        body = "".join(str(m) for m in moves if not m.implicit)
    return f"{number}{PLAYER_CODE[player]}.{body}"


def last_turn_text(game, viewer: str | None = "all") -> str:
    """The last turn as a record writes it, ``12G.(0,-8)-(0,-5)`` (as ``viewer`` may read it:
    see :func:`public_turns`)."""
    turns = public_turns(game, viewer)
    if not turns:
        return ""
    return turn_text(game, *turns[-1])


def _cell(game, i: int, colour: bool, last: int, flagged: int, named: dict) -> str:
    """Four characters (plus markup in colour mode) for point ``i``: a lead character (``>`` a
    point of the last turn, ``*`` a flagged tile, in plain text) and three for the point."""
    tile = game.state.board[i]
    hot = bool(last >> i & 1)
    mark = _empty_mark(game, i, named)
    if tile is None:
        body = f"{mark:>3}"
        style = EMPTY_STYLE[mark] + " " + (LAST_STYLE if hot else AREA_STYLE[mark])
    else:
        code = tile.kind.symbol or tile.kind.code
        body = f"{OWNER_LETTER[tile.owner]}{code}"[:3].rjust(3)
        style = OWNER_STYLE[tile.owner] + " " + (LAST_STYLE if hot else AREA_STYLE[mark])
        if flagged >> i & 1:
            style += " underline"
    if not colour:
        lead = ">" if hot else "*" if tile is not None and flagged >> i & 1 else " "
        return lead + body
    lead = "*" if tile is not None and flagged >> i & 1 else " "
    return f"[{style.strip()}]{lead}{body}[/]"


def board_lines(game, colour: bool = False) -> list[str]:
    """The board, one string per screen row (Rich markup when ``colour``)."""
    last = last_points(game)
    flagged = 0
    for mask in game.flags().values():
        flagged |= mask
    named = named_points(game)
    if is_rotated(game):
        return _rotated_lines(game, colour, last, flagged, named)
    head = "      " + "".join(f"{x:>4}" for x in range(-8, 9))
    lines = [head]
    for y in range(8, -9, -1):
        cells = []
        for x in range(-8, 9):
            if not board.on_board(x, y):
                cells.append("    ")
            else:
                cells.append(_cell(game, board.index(x, y), colour, last, flagged, named))
        lines.append(f"{y:>5} " + "".join(cells) + f"  {y}")
    lines.append(head)
    return lines


def _rotated_lines(game, colour: bool, last: int, flagged: int, named: dict) -> list[str]:
    """Turned 45 degrees clockwise: screen column u = x + y, screen row v = y - x (up).  A
    screen column is two characters, so a point takes two columns and its row neighbours are
    two columns away."""
    lines = []
    for v in range(16, -17, -1):
        out = []
        ends = []
        u = -16
        while u <= 16:
            x, y = (u - v) // 2, (u + v) // 2
            if (u + v) % 2 == 0 and board.on_board(x, y):
                ends.append(f"({x},{y})")
                out.append(_cell(game, board.index(x, y), colour, last, flagged, named))
                u += 2
            else:
                out.append("  ")
                u += 1
        if ends:
            lines.append(f"{ends[0]:>8} " + "".join(out).rstrip() + f"  {ends[-1]}")
    heads = _column_heads(lines)
    return (["   (turned 45 degrees: each row runs between the points named at its ends; the "
             "column of (x,y) is headed x+y)"] + heads + lines + heads[::-1])


def _column_heads(lines: list[str]) -> list[str]:
    """Two header lines naming every screen column of the rotated board by x + y (constant down
    a column), even sums on one line and odd on the other, each over its column's cells."""
    width = max((len(line) for line in lines), default=0)
    heads = []
    for parity in (0, 1):
        row = [" "] * (width + 4)
        for u in range(-16, 17):
            if u % 2 != parity:
                continue
            text = f"x+y={u}" if u == -16 + parity else str(u)
            end = 9 + 2 * (u + 16) + 4  # the cell of column u ends here (after the row label)
            start = max(0, end - len(text))
            row[start:end] = text
        heads.append("".join(row).rstrip())
    return heads


def harmonies_of(game) -> list:
    """``game.harmonies()``, or [] for a variant that does not list harmonies."""
    try:
        return game.harmonies()
    except TypeError:  # the variant's hook answered None
        return []


def pile_lines(game, viewer: str | None = None) -> list[str]:
    """Each player's piles as ``viewer`` may see them (the mover when None)."""
    view = game.observation(viewer or game.to_move)
    hidden = view.get("hidden") or {}
    out = []
    for p in PLAYERS:
        parts = []
        piles = [("reserve", (view.get("reserves") or {}).get(p, {}), f"reserves.{p}")]
        for name, per in sorted((view.get("piles") or {}).items()):
            if isinstance(per, dict) and p in per:
                piles.append((name, per.get(p) or {}, f"piles.{name}.{p}"))
        for name, pile, path in piles:
            if path in hidden:
                parts.append(f"{name}: {hidden[path]} hidden")
            elif pile:
                parts.append(f"{name}: " + " ".join(f"{c}x{n}" if n > 1 else c for c, n in pile.items()))
        if parts:
            out.append(f"{p.capitalize()} ({OWNER_LETTER[p]}): " + "; ".join(parts))
    return out


def describe(game, viewer: str | None = None) -> list[str]:
    """Text lines under the board: turn, last move, status, piles, harmonies, flags."""
    st = game.state
    out = []
    if st.outcome is not None:
        out.append(f"Game over: {st.outcome.result} ({st.outcome.reason})")
    else:
        out.append(f"Turn {st.turn}, {st.to_move} to move ({st.phase})"
                   + (f", this turn so far: {''.join(st.pending)}" if st.pending else ""))
    last = last_turn_text(game)
    if last:
        out.append(f"Last: {last}")
    for label, text in game.status():
        out.append(f"{label}: {text}")
    out.extend(pile_lines(game, viewer))
    harmonies = harmonies_of(game)
    if harmonies:
        out.append("Harmonies: " + "  ".join(
            f"{PLAYER_CODE[h.owner]}{h.a}~{h.b}{'*' if h.crosses_midline else ''}".replace(" ", "")
            for h in harmonies) + ("  (* crosses a midline)" if any(h.crosses_midline for h in harmonies) else ""))
    named = named_points(game)
    if named:
        out.append("Named points (<>): " + ", ".join(
            f"{'/'.join(names)} ({x},{y})" for (x, y), names in named.items()))
    flags = game.flags()
    for name, mask in flags.items():
        if mask:
            out.append(f"{name}: " + " ".join(board.LABEL[i] for i in board.bits(mask)))
    return out
