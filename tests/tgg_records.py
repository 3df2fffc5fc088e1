"""Reading the self-play records and legal-move dumps made with The Garden Gate's engines for the
games in tests/data/tgg/<game>/ (each folder's README says how they were made)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from paisho_core.board import coords

DATA = Path(__file__).parent / "data" / "tgg"
PLAYER = {"H": "host", "G": "guest"}
WINNER = {"HOST": "host", "GUEST": "guest", "BOTH": None}


def records(game: str) -> list[Path]:
    return sorted((DATA / game / "records").glob("*.txt"))


def turns_of(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def options_of(text: str) -> dict:
    m = re.search(r"^# game options: (.*)$", text, re.M)
    if not m or m.group(1).startswith("none"):
        return {}
    return {name.strip(): True for name in m.group(1).split(",") if name.strip()}


def expected_end(text: str, pile_section: str):
    """(final board {(x, y): (owner, code)}, {owner: sorted codes} of the section whose header
    contains ``pile_section``, winner or None for a tie)."""
    final, piles, section = {}, {}, ""
    for line in text.splitlines():
        if line.startswith("# ----"):
            section = line
        elif "final position" in section and (m := re.match(r"# \((-?\d+),(-?\d+)\) ([HG])(\w+)$", line)):
            final[(int(m[1]), int(m[2]))] = (PLAYER[m[3]], m[4])
        elif pile_section in section and (m := re.match(r"# ([HG]): ?(.*)$", line)):
            piles[PLAYER[m[1]]] = sorted(c for c in m[2].split(",") if c)
    who = re.search(r"# result \(engine\): (\w+)", text)[1]
    return final, piles, WINNER[who]


def dumps(game: str) -> dict[str, dict[int, dict]]:
    """{record file name: {ply: the dump line}}."""
    out: dict[str, dict[int, dict]] = {}
    for line in (DATA / game / "legal-dump.jsonl").read_text().splitlines():
        d = json.loads(line)
        out.setdefault(d["record"], {})[d["ply"]] = d
    return out


def board_of(game) -> dict:
    return {coords(i): (t.owner, t.kind.code) for i, t in game.state.tiles()}


def pile_of(game, name: str) -> dict:
    return {p: sorted(c for c, n in game.state.pile(name, p).items() for _ in range(n))
            for p in ("host", "guest")}


def legal_texts(game) -> list[str]:
    return sorted(str(m) for m in game.legal_moves())
