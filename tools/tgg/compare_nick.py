"""Replay Nick self-play games of TGG's engine (nick_selfplay.js JSON) in paisho's `nick` variant and
compare TGG's legal moves at the dumped plies, every move, the final board and the winner.
usage: python tools/tgg/compare_nick.py GAME.json ...   (one line per difference, then totals)"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from tgg_compare import main, replay, same  # noqa: E402

from paisho_core.board import LABEL  # noqa: E402


def options_for(tgg_options: list[str]) -> dict:
    """paisho's options for a TGG game (TGG has no draw rule: repetition and turn limit off)."""
    o: dict = {"repetition": 0, "max_turns": 0}
    if "NickJumpOverEnemies" in tgg_options:
        o["hop_over"] = "any_tile"
    return o


def board_of(game) -> list[str]:
    return sorted(f"{LABEL[i].strip('()')} {t.owner[0].upper()}{t.kind.code.upper()}" for i, t in game.state.tiles())


def turn_text(t: dict) -> str:
    return f"{t['moveNum'] + 1}{'G' if t['player'] == 'GUEST' else 'H'}.({t['startPoint']})-({t['endPoint']})"


def compare(d: dict):
    g, problems, n = replay(d, "nick", options_for(d["options"]), turn_text, "moves")
    problems += same("BOARD", board_of(g), d["end"]["board"])
    w = g.outcome.winner.upper() if g.outcome and g.outcome.winner else None
    problems += same("WINNER", w, d["end"]["winner"])
    return problems, n


if __name__ == "__main__":
    main(compare, sys.argv[1:])
