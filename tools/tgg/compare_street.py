"""Replay Street self-play games of TGG's engine (street_selfplay.js JSON) in paisho's `street-tgg`
variant and compare TGG's legal turns at the dumped plies, every turn, the final board with its
captive stacks, the tiles left to plant and the winner.
usage: python tools/tgg/compare_street.py GAME.json ...   (one line per difference, then totals)"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from tgg_compare import main, replay, same  # noqa: E402

from paisho_core.board import LABEL  # noqa: E402

OPTION_OF = {"FormalWinCondition": ("formal_win", True), "OriginalBoardSetup": ("layout", "original"),
             "ReleaseCaptiveTiles": ("release_captives", True),
             "BonusMovementWithCaptive": ("captive_bonus", "five"),
             "BonusMovementPerCaptive": ("captive_bonus", "per_captive")}


def options_for(tgg_options: list[str]) -> dict:
    """paisho's options for a TGG game (TGG has no draw rule: repetition and turn limit off)."""
    o: dict = {"repetition": 0, "max_turns": 0}
    # TGG checks BonusMovementPerCaptive before BonusMovementWithCaptive: it wins when both are on
    for name in sorted(tgg_options, key=lambda n: n == "BonusMovementPerCaptive"):
        key, value = OPTION_OF[name]
        o[key] = value
    return o


def board_of(game) -> list[str]:
    stacks = dict(game.state.extra.get("stacks", ()))
    return sorted(f"{LABEL[i].strip('()')} {t.owner[0].upper()}{stacks.get(i, '').upper()}"
                  for i, t in game.state.tiles())


def compare(d: dict):
    g, problems, n = replay(d, "street-tgg", options_for(d["options"]), lambda t: t, "turns")
    problems += same("BOARD", board_of(g), d["end"]["board"])
    pile = {p[0].upper(): g.state.pile("reserve", p).get("L", 0) for p in ("host", "guest")}
    problems += same("PILE", pile, d["end"]["pile"])
    w = g.outcome.winner.upper() if g.outcome and g.outcome.winner else None
    if g.outcome and g.outcome.reason == "both harmony sets":
        w = "TIE"
    problems += same("WINNER", w, d["end"]["winner"])
    return problems, n


if __name__ == "__main__":
    main(compare, sys.argv[1:])
