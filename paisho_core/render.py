"""Drawing a position as text: Unicode with colour on a terminal, plain ASCII-safe otherwise."""
from __future__ import annotations

from . import board
from .tiles import PLAYER_CODE

EMPTY = {"gate": "G", "red": "r", "white": "w", "neutral": "."}


def _empty_mark(i: int) -> str:
    types = board.TYPES[i]
    if "gate" in types:
        return "[]"
    if "red" in types and "white" in types:
        return "+"
    if "red" in types:
        return "r"
    if "white" in types:
        return "w"
    return "."


def board_lines(game, colour: bool = False) -> list[str]:
    """One line per row, y = 8 at the top; each point three characters wide."""
    st = game.state
    flags = game.flags()
    lines = ["     " + "".join(f"{x:>3}" for x in range(-8, 9))]
    for y in range(8, -9, -1):
        cells = []
        for x in range(-8, 9):
            if not board.on_board(x, y):
                cells.append("   ")
                continue
            i = board.index(x, y)
            tile = st.board[i]
            if tile is None:
                mark = _empty_mark(i)
                text = f"{mark:>3}"
                if colour:
                    style = {"r": "red", "w": "bright_white", "+": "magenta", "[]": "bold red"}.get(mark, "bright_black")
                    text = f"[{style}]{text}[/]"
            else:
                code = tile.kind.symbol or tile.kind.code
                owner = PLAYER_CODE[tile.owner].lower()
                marked = any(m >> i & 1 for m in flags.values())
                text = f"{owner}{code}"[:3]
                text = f"{text:>3}" if not marked else f"{text}*"[-3:] if len(text) < 3 else text
                if colour:
                    style = "bold cyan" if tile.owner == "host" else "bold yellow"
                    if marked:
                        style += " underline"
                    text = f"[{style}]{text}[/]"
            cells.append(text)
        lines.append(f"{y:>4} " + "".join(cells))
    return lines


def describe(game) -> list[str]:
    st = game.state
    out = []
    if st.outcome is not None:
        out.append(f"Game over: {st.outcome.result} ({st.outcome.reason})")
    else:
        out.append(f"Turn {st.turn}, {st.to_move} to move ({st.phase})"
                   + (f", this turn so far: {''.join(st.pending)}" if st.pending else ""))
    for label, text in game.status():
        out.append(f"{label}: {text}")
    harmonies = game.harmonies()
    if harmonies:
        out.append("Harmonies: " + "  ".join(
            f"{PLAYER_CODE[h.owner]}{h.a}~{h.b}{'*' if h.crosses_midline else ''}".replace(" ", "")
            for h in harmonies))
    flags = game.flags()
    for name, mask in flags.items():
        if mask:
            out.append(f"{name}: " + " ".join(board.LABEL[i] for i in board.bits(mask)))
    return out
