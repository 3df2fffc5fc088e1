"""The ``paisho`` command line, run as a subprocess (``python -m paisho_core.cli``).

Sources: spec README section 6 ("The CLI mirrors it ... bad input exits with code 2 and one
clear message on stderr"); issue 3, CLI paragraph ("Bad input: one clear message naming file,
line, field or move number, exit code 2, never a traceback, game state unchanged").
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import paisho_core as paisho

ROOT = Path(__file__).resolve().parent.parent
RING = ROOT / "examples" / "skud-ring.txt"

OPENING = '[Variant "skud"]\n0H.R,W,K,B\n0G.R,W,K,B\n1G.R3(0,-8)\n1H.R3(0,8)\n'
POSITION = {"variant": "skud", "to_move": "guest", "phase": "turn", "turn": 3,
            "board": [{"x": 0, "y": -8, "tile": "R3", "owner": "guest"},
                      {"x": 2, "y": 2, "tile": "R4", "owner": "host"}],
            "reserves": {"guest": {"R3": 2, "R4": 3, "L": 1}, "host": {"R3": 3, "W4": 2}}}


def cli(*args, stdin: str | None = None, cwd: Path | None = None, timeout: int = 180):
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", TERM="dumb")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "paisho_core.cli", *map(str, args)],
                          input=stdin, capture_output=True, text=True,
                          cwd=cwd or tempfile.gettempdir(),
                          timeout=timeout, env=env)


def ok(result):
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


# -- the commands --------------------------------------------------------------------------------

def test_variants():
    """spec README section 6: `paisho variants` lists the registered variants."""
    out = ok(cli("variants"))
    assert "skud" in [line.split()[0] for line in out.splitlines() if line.strip()]
    rows = json.loads(ok(cli("variants", "--json")))
    skud = [r for r in rows if r["name"] == "skud"][0]
    assert "NoWheels" in skud["options"] and "MustLeaveOpponentAMove" in skud["options"]


def test_moves_of_a_new_game():
    """spec README section 6: `paisho moves VARIANT` prints the legal moves of the pending
    decision, one per line (a new Skud game starts with the Host's accent choice)."""
    lines = ok(cli("moves", "skud")).split()
    assert len(lines) == 19 and "R,W,K,B" in lines
    assert lines == [str(m) for m in paisho.new_game("skud", seed=1).legal_moves()]


def test_moves_after_a_record(tmp_path):
    """`paisho moves skud --record F`: the moves after the record's last turn."""
    rec = write(tmp_path, "opening.txt", OPENING)
    lines = ok(cli("moves", "skud", "--record", rec)).split()
    expected = [str(m) for m in paisho.load_record(OPENING).legal_moves()]
    assert lines == expected
    assert "(0,-8)-(0,-5)" in lines and "R4(8,0)" in lines


def test_moves_of_a_position_as_json(tmp_path):
    """`paisho moves skud --position F --json` (spec section 5 position)."""
    pos = write(tmp_path, "pos.json", json.dumps(POSITION))
    data = json.loads(ok(cli("moves", "skud", "--position", pos, "--json")))
    assert data["variant"] == "skud" and data["to_move"] == "guest" and data["phase"] == "turn"
    assert data["moves"] == [str(m) for m in paisho.from_position(POSITION).legal_moves()]
    assert "(0,-8)-(0,-5)" in data["moves"]


def test_replay():
    """spec README section 6: `paisho replay FILE` replays a record and prints the outcome."""
    out = ok(cli("replay", RING))
    assert "host" in out.lower() and "ring" in out.lower()


def test_replay_json_matches_the_api():
    """`paisho replay FILE --json`: outcome, harmonies with midline marks and the final position
    equal what the Python API gives for the same record."""
    data = json.loads(ok(cli("replay", RING, "--json")))
    game = paisho.load_record(RING.read_text("utf-8"))
    assert data["outcome"]["winner"] == game.outcome.winner == "host"
    got = {(h["owner"], frozenset((tuple(h["a"]), tuple(h["b"]))), h["midline_crossing"])
           for h in data["harmonies"]}
    assert got == {(h.owner, frozenset((h.a, h.b)), h.crosses_midline) for h in game.harmonies()}
    pos = game.position()
    assert data["position"]["board"] == pos["board"]
    assert data["position"]["reserves"] == pos["reserves"]


def test_show_a_record_and_a_position(tmp_path):
    """issue 3: `paisho show FILE`, the board as text, plain when not a terminal."""
    out = ok(cli("show", RING))
    assert "\x1b[" not in out
    assert len([line for line in out.splitlines() if line.strip()]) >= 17
    pos = write(tmp_path, "pos.json", json.dumps(POSITION))
    out = ok(cli("show", pos))
    assert "\x1b[" not in out and "R3" in out


def test_validate_yaml_position_and_record(tmp_path):
    """issue 3: `paisho validate FILE` for a variant YAML, a position or a record."""
    house = write(tmp_path, "house.yaml",
                  "name: test-house\nextends: skud\ntitle: Test house rule\n"
                  "tiles:\n  - {code: R, count: 1}\n")
    assert "valid" in ok(cli("validate", house))
    pos = write(tmp_path, "pos.json", json.dumps(POSITION))
    out = ok(cli("validate", pos))
    assert "valid" in out and "position" in out
    out = ok(cli("validate", RING))
    assert "valid" in out and "record" in out


def test_validate_the_shipped_skud_yaml():
    """issue 3: `paisho validate FILE` (a variant YAML): the project's own Skud YAML is valid."""
    ok(cli("validate", ROOT / "variants" / "skud" / "skud.yaml"))


def test_play_with_piped_input(tmp_path):
    """issue 3: `paisho play skud` for two people at one terminal: a move in notation, `moves`
    lists the legal ones, `undo`, `quit`; an illegal move is refused and changes nothing."""
    saved = tmp_path / "saved.txt"
    script = "\n".join(["moves", "R,W,K,B", "undo", "R,R,K,B", "W,K,B,B", "R3(8,0)", "R4(0,-8)",
                        "moves", "R4(0,8)", "quit"]) + "\n"
    result = cli("play", "skud", "--seed", "1", "--plain", "--save", saved, stdin=script, cwd=tmp_path)
    out = ok(result)
    assert "R,R,W,W" in out                  # the first `moves`
    assert "undone: R,W,K,B" in out
    assert "R3(8,0)" in out and "illegal" in out.lower()
    record = saved.read_text("utf-8")
    turns = [line for line in record.splitlines() if line and not line.startswith("[")]
    assert turns == ["0H.R,R,K,B", "0G.W,K,B,B", "1G.R4(0,-8)", "1H.R4(0,8)"]
    game = paisho.load_record(record)
    assert game.to_move == "guest" and game.state.turn == 2


def test_play_ends_at_end_of_input():
    """Piped input that runs out ends the session cleanly."""
    ok(cli("play", "skud", "--seed", "2", "--plain", stdin="R,W,K,B\n"))


# -- bad input -----------------------------------------------------------------------------------

BAD_RECORD_LINE = '[Variant "skud"]\n0H.R,W,K,B\n0G.R,W,K,B\n1G.R3(0,-8)\nthis is not a turn\n'
ILLEGAL_RECORD = OPENING + "2G.(0,-8)-(0,0)\n"
BAD_TAG = '[Variant skud]\n0H.R,W,K,B\n'
BAD_POSITION = dict(POSITION, board=POSITION["board"] + [{"x": 20, "y": 1, "tile": "R4", "owner": "host"}])
BAD_TO_MOVE = dict(POSITION, to_move="nobody")
BAD_TILE = dict(POSITION, board=[{"x": 1, "y": 1, "tile": "Q9", "owner": "guest"}])
BAD_YAML = ("name: demo\ntitle: Demo\ntiles:\n  - {code: A, name: Alpha, group: basic, count: 3}\n"
            "  - {code: B, name: Beta, group: basic, count: three}\n")
BROKEN_YAML = "name: demo\ntitle: [unclosed\ntiles:\n  - {code: A}\n"

CASES = {
    # id: (command with {F} for the file, file name, file text, fragments the message names)
    "missing-file": (["replay", "{F}"], None, None, ["nothere.txt"]),
    "missing-position": (["moves", "skud", "--position", "{F}"], None, None, ["nothere.txt"]),
    "show-missing": (["show", "{F}"], None, None, ["nothere.txt"]),
    "malformed-record-line": (["replay", "{F}"], "bad.txt", BAD_RECORD_LINE, ["bad.txt", "line 5"]),
    "malformed-tag": (["replay", "{F}"], "bad.txt", BAD_TAG, ["bad.txt", "line 1"]),
    "illegal-move-in-record": (["replay", "{F}"], "bad.txt", ILLEGAL_RECORD,
                               ["bad.txt", "line 6", "2G"]),
    "illegal-move-moves": (["moves", "skud", "--record", "{F}"], "bad.txt", ILLEGAL_RECORD, ["2G"]),
    "illegal-move-validate": (["validate", "{F}"], "bad.txt", ILLEGAL_RECORD, ["2G"]),
    "position-bad-x": (["moves", "skud", "--position", "{F}"], "pos.json", json.dumps(BAD_POSITION),
                       ["pos.json", "$.board[2].x"]),
    "position-bad-to-move": (["validate", "{F}"], "pos.json", json.dumps(BAD_TO_MOVE),
                             ["pos.json", "$.to_move"]),
    "position-bad-tile": (["show", "{F}"], "pos.json", json.dumps(BAD_TILE),
                          ["pos.json", "$.board[0].tile"]),
    "position-not-json": (["moves", "skud", "--position", "{F}"], "pos.json",
                          '{"variant": "skud",\n "to_move": ', ["pos.json", "line 2"]),
    "yaml-bad-field": (["validate", "{F}"], "bad.yaml", BAD_YAML,
                       ["bad.yaml", "line 5", "$.tiles[1].count"]),
    "yaml-not-yaml": (["validate", "{F}"], "bad.yaml", BROKEN_YAML, ["bad.yaml", "line"]),
    "unknown-variant": (["moves", "nosuch"], None, None, ["nosuch"]),
    "unknown-option": (["moves", "skud", "--options", '{"Nope": true}'], None, None, ["Nope"]),
    "options-not-json": (["moves", "skud", "--options", "{bad"], None, None, ["--options"]),
    "record-and-position": (["moves", "skud", "--record", "{F}", "--position", "{F}"], "x.txt",
                            OPENING, ["--record", "--position"]),
    "play-missing-record": (["play", "skud", "--record", "{F}"], None, None, ["nothere.txt"]),
    "wrong-variant-position": (["moves", "fire", "--position", "{F}"], "pos.json", json.dumps(POSITION),
                               ["skud", "fire"]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_exits_2_with_one_message(tmp_path, case):
    """issue 3: "Bad input: one clear message naming file, line, field or move number, exit
    code 2, never a traceback"."""
    args, name, text, fragments = CASES[case]
    path = tmp_path / (name or "nothere.txt")
    if text is not None:
        path.write_text(text, "utf-8")
    result = cli(*[a.replace("{F}", str(path)) for a in args], cwd=tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    message = result.stderr.strip()
    assert message and len(message.splitlines()) == 1, message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    if text is not None:
        assert path.read_text("utf-8") == text      # the input file is left alone
