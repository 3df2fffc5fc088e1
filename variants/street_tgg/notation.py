"""The Garden Gate's notation for Street Pai Sho, in and out.

TGG writes a Street game as turns joined by ``;``: two set-up turns ``0H.2;0G.2`` (the board
set-up code: 2 is its default layout, 1 its OriginalBoardSetup), then ``1H.(x1,y1)-(x2,y2)`` for a
move and ``1G.L(x,y)`` for a plant; the Host moves first and a turn number covers the Host's turn
and then the Guest's, as in paisho.  The points are paisho's ``(x,y)``, so the turns after the
set-up are paisho's turns as they are.  Reading parses the text as data; every turn is then played
through the rules.
"""
from __future__ import annotations

import re

from paisho_core.errors import NotationError

LAYOUT_OF_CODE = {"1": "original", "2": "tgg"}
CODE_OF_LAYOUT = {v: k for k, v in LAYOUT_OF_CODE.items()}
SETUP_RE = re.compile(r"^0([HG])\.(\w+)$")
TURN_RE = re.compile(r"^(\d+)([HG])\.(.+)$")


def from_tgg(text: str) -> tuple[dict, list[str]]:
    """(options, turns) of a TGG Street game: the layout its set-up turns name, and the turns
    after them as paisho turns."""
    parts = [p.strip() for p in re.split(r"[;\n]", text) if p.strip()]
    options: dict = {}
    turns = []
    for k, part in enumerate(parts):
        setup = SETUP_RE.match(part)
        if setup:
            layout = LAYOUT_OF_CODE.get(setup.group(2))
            if layout is None:
                raise NotationError(f"TGG Street turn {k + 1}: unknown board set-up code {setup.group(2)!r} "
                                    f"(known: {', '.join(sorted(LAYOUT_OF_CODE))})")
            if options.get("layout", layout) != layout:
                raise NotationError(f"TGG Street turn {k + 1}: the two players' set-up codes differ; "
                                    f"paisho's layouts set up both players alike")
            options["layout"] = layout
            continue
        if not TURN_RE.match(part):
            raise NotationError(f"TGG Street turn {k + 1}: {part!r} is not like 1H.(x1,y1)-(x2,y2) or 1G.L(x,y)")
        turns.append(part)
    return options, turns


def to_tgg(game) -> str:
    """The game as TGG writes it: the set-up turns of its layout, then every turn."""
    code = CODE_OF_LAYOUT.get(game.options["layout"])
    if code is None:
        raise NotationError(f"layout {game.options['layout']!r} has no TGG board set-up code")
    out = [f"0H.{code}", f"0G.{code}"]
    for number, player, moves in game.turns():
        out.append(f"{number}{player[0].upper()}.{moves[0]}")
    return ";".join(out)
