"""Vagabond against The Garden Gate's own engine: every committed self-play record replays exactly
(same final board with its flags, same reserves, same winner), and at every dumped position the
legal turns equal TGG's list.  The vectors and how they were made: tests/data/tgg/vagabond/README.md.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

import paisho_core as paisho
from paisho_core import board

HERE = Path(__file__).resolve().parent / "data" / "tgg" / "vagabond"
RECORDS = sorted((HERE / "records").glob("*.txt"))


def read(path: Path) -> dict:
    text = path.read_text("utf-8")
    opts_line = re.search(r"# game options: (.*)", text).group(1)
    options = {} if opts_line.startswith("none") else {o.strip(): True for o in opts_line.split(",")}
    moves = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    sections: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines():
        if line.startswith("# ----"):
            name = line
            sections[name] = []
        elif name and line.startswith("# "):
            sections[name].append(line[2:].strip())
    final = next(v for k, v in sections.items() if "final position" in k)
    unplayed = next(v for k, v in sections.items() if "unplayed" in k)
    result = re.search(r"# result \(engine\): (\S+)", text).group(1)
    return {"options": options, "moves": moves, "final": sorted(final),
            "unplayed": {ln.split(":")[0]: ln.split(":")[1].strip() for ln in unplayed},
            "winner": result.lower()}


def record_text(vec: dict) -> str:
    tags = '[Variant "vagabond"]\n'
    if vec["options"]:
        tags += '[Options "%s"]\n' % json.dumps(vec["options"]).replace('"', '\\"')
    return tags + "\n".join(vec["moves"]) + "\n"


def snapshot(game) -> list[str]:
    flags = game.flags()
    out = []
    for i, t in game.state.tiles():
        marks = "".join(" " + n for n, m in sorted(flags.items()) if m >> i & 1)
        out.append(f"{board.LABEL[i]} {t.owner[0].upper()}{t.kind.code}{marks}")
    return sorted(out)


def reserve(game, player: str) -> str:
    pile = game.state.piles.get("reserve", {}).get(player, {})
    return ",".join(sorted(c for c, n in pile.items() for _ in range(n)))


def test_enough_vectors():
    assert len(RECORDS) >= 40
    options = {tuple(sorted(read(p)["options"])) for p in RECORDS}
    for name in ("DoubleTiles", "SwapBisonWithLemur", "VDoubleMoveDistance"):
        assert any(name in o for o in options), name


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_exactly(path):
    vec = read(path)
    game = paisho.load_record(record_text(vec))
    assert snapshot(game) == vec["final"]
    assert reserve(game, "host") == vec["unplayed"]["H"]
    assert reserve(game, "guest") == vec["unplayed"]["G"]
    assert game.outcome is not None and game.outcome.winner == vec["winner"]
    assert game.outcome.reason == "captured the White Lotus"
    written = [ln for ln in game.record().splitlines() if ln and not ln.startswith("[")]
    assert written == vec["moves"]                      # TGG notation out, turn for turn


def test_a_game_pasted_from_tgg_replays():
    """TGG exports a game as its turns joined by ';', with no tags."""
    vec = read(RECORDS[0])
    assert not vec["options"]
    game = paisho.load_record(";".join(vec["moves"]), variant="vagabond")
    assert snapshot(game) == vec["final"] and game.outcome.winner == vec["winner"]


def dumps():
    for path in RECORDS:
        dump = HERE / "legal" / (path.stem + ".jsonl.gz")
        with gzip.open(dump, "rt", encoding="utf-8") as f:
            yield path, [json.loads(line) for line in f if line.strip()]


def test_legal_turns_equal_tgg():
    positions = 0
    for path, lines in dumps():
        vec = read(path)
        game = paisho.new_game("vagabond", vec["options"])
        wanted = {d["ply"]: d for d in lines}
        for ply, line in enumerate(vec["moves"]):
            if ply in wanted:
                d = wanted[ply]
                assert f"{game.state.turn}{game.to_move[0].upper()}" == d["turn"]
                ours = sorted(str(m) for m in game.legal_moves())
                assert ours == d["legal"], (path.name, ply, sorted(set(ours) ^ set(d["legal"]))[:10])
                positions += 1
            number, rest = line.split(".", 1)
            game.play_turn(int(number[:-1]), {"H": "host", "G": "guest"}[number[-1]], rest)
    assert positions >= 300, positions
