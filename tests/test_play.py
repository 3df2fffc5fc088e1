"""Terminal play (issue 9, acceptance 1): for every registered variant a scripted session plays
a whole game between a person typing moves and the ``random`` computer player, with a bad move
(clear message, same position), ``undo``, ``save`` and the end of the game; once more through a
real pseudo-terminal.  Also ``paisho show`` (``--move``, ``--svg``) and ``paisho match``.

The script is made in two passes: a :class:`Session` driven in-process decides each human line
from the live game (moves, a point then a number, commands), then the same lines are fed to the
command line, which must reproduce the same game (every player and chance step is seeded).
"""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paisho_core as paisho
from functools import partial

from tests.test_play_support import midgame as support_midgame
from tests.test_play_support import available_variants, variant_guard
from paisho_core.cli.app import app
from paisho_core.cli.play import Session, tile_rules

SEED = 11


VARIANTS = available_variants()


class ScriptedSession(Session):
    """A session whose human lines come from a seeded script written as the game goes."""

    def __init__(self, game, sides, seed, save_path: str, final_path: str) -> None:
        super().__init__(game, sides, seed=seed, think=0.1, colour=False)
        self.rng = random.Random(seed)
        self.lines: list[str] = []
        self.step = 0
        self.save_path = save_path
        self.final_path = final_path
        self.pending: list[str] = []
        self.bad_position = None
        self.interactive = False

    def say(self, text: str = "") -> None:
        pass

    def show(self) -> None:
        pass

    def next_line(self) -> str:
        g = self.game
        if self.pending:
            return self.pending.pop(0)
        self.step += 1
        moves = g.legal_moves()
        if self.step == 1:
            return "help"
        if self.step == 2:
            return "zzz-not-a-move"
        if self.step == 3:
            code = g.tileset.kinds[0].code
            return f"rules {code}"
        if self.step == 5:
            return "moves"
        if self.step == 6:
            return str(1 + self.rng.randrange(len(moves)))
        if self.step == 9:
            return "undo"
        if self.step == 12:
            return f"save {self.save_path}"
        if self.step in (14, 15) or self.step % 7 == 0:
            with_src = [m for m in moves if m.src >= 0 and str(m) != paisho.board.LABEL[m.src]]
            if with_src:
                m = self.rng.choice(with_src)
                same = [x for x in moves if x.src == m.src]
                return_ = paisho.board.LABEL[m.src]
                self.pending.append(str(same.index(m) + 1))
                return return_
        return str(self.rng.choice(moves))

    def ask(self, prompt: str):
        if prompt.startswith("Save the record"):
            line = self.final_path
        else:
            line = self.next_line()
        self.lines.append(line)
        if len(self.lines) > 5000:
            raise AssertionError("the scripted game did not end")
        return line + "\n"


def script_for(variant: str, tmp_path: Path):
    game = paisho.new_game(variant, seed=SEED)
    session = ScriptedSession(game, {"guest": "human", "host": "random"}, SEED,
                              str(tmp_path / "mid.txt"), str(tmp_path / "final.txt"))
    session.run()
    return session


@pytest.mark.parametrize("variant", VARIANTS)
def test_scripted_game_against_random(variant, tmp_path):
    """A whole human-v-random game through the CLI: bad move, undo, save, the end, the record."""
    with variant_guard(variant):
        session = script_for(variant, tmp_path)
        assert session.game.outcome is not None, "the scripted game must end"
        text = "\n".join(session.lines) + "\n"
        result = CliRunner().invoke(app, ["play", variant, "--seed", str(SEED), "--host", "random", "--plain"],
                                    input=text)
        assert result.exit_code == 0, result.output[-3000:]
        out = result.output
        # the bad move: a clear message and the same position
        assert "not played: 'zzz-not-a-move' is not written like a move" in out
        assert "(the position is unchanged" in out
        assert "undone:" in out
        assert "legal moves (type a number" in out
        assert "Game over:" in out
        mid = tmp_path / "mid.txt"
        assert mid.exists() and paisho.load_record(mid.read_text()).name == session.game.name
        final = paisho.load_record((tmp_path / "final.txt").read_text())
        assert final.outcome is not None
        assert final.outcome.result == session.game.outcome.result
        assert final.record() == session.game.record()


def test_bad_move_leaves_position(tmp_path):
    """A bad move prints the reason and the board is unchanged (Skud)."""
    game = paisho.new_game("skud", seed=1)
    before = game.position()
    s = Session(game, {"guest": "human", "host": "human"}, seed=1, colour=False)
    s.command("(9,9)-(0,0)")
    assert game.position() == before
    s.command("R3(0,-8)")  # not legal during the accent choice
    assert game.position() == before


def test_undo_against_computer_takes_back_both_sides():
    """``undo`` against the computer returns to the human's previous decision."""
    game = paisho.new_game("skud", seed=4)
    s = Session(game, {"guest": "human", "host": "random"}, seed=4, colour=False)
    s.say = lambda text="": None
    s.show = lambda: None
    while game.to_move in s.bots:
        s.computer_move()
    s.command(str(game.legal_moves()[0]))
    while game.to_move in s.bots:
        s.computer_move()
    mine = game.position()
    s.command(str(game.legal_moves()[0]))
    while game.to_move in s.bots and game.outcome is None:
        s.computer_move()
    s.command("undo")
    assert game.position() == mine


def test_resign_writes_result(tmp_path):
    game = paisho.new_game("skud", seed=2)
    s = Session(game, {"guest": "human", "host": "human"}, seed=2, colour=False)
    s.say = lambda text="": None
    s.command("resign")
    assert s.resigned == game.to_move
    winner = "guest" if game.to_move == "host" else "host"
    assert f'[Result "{winner}"]' in s.record_text()
    assert "resigned" in s.record_text()


@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_command_reads_variant_data(variant):
    with variant_guard(variant):
        game = paisho.new_game(variant, seed=1)
        kind = game.tileset.kinds[0]
        text = tile_rules(game, kind.code)
        assert kind.name in text and f"({kind.code})" in text
        assert "no tile" in tile_rules(game, "no-such-tile-xyz")


def test_play_from_record_continues(tmp_path):
    game = paisho.new_game("skud", seed=3)
    rng = random.Random(3)
    for _ in range(12):
        game.play(rng.choice(game.legal_moves()))
    rec = tmp_path / "g.txt"
    rec.write_text(game.record())
    result = CliRunner().invoke(app, ["play", "skud", "--record", str(rec), "--plain"], input="record\nquit\n")
    assert result.exit_code == 0, result.output
    assert game.record().strip().splitlines()[-1] in result.output


def test_play_rejects_unknown_player():
    result = CliRunner().invoke(app, ["play", "skud", "--host", "wizard"])
    assert result.exit_code == 2
    assert "choose human, random, greedy, quick, easy, medium, hard" in result.output


def test_show_move_and_svg(tmp_path):
    game = paisho.new_game("skud", seed=5)
    rng = random.Random(5)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    rec = tmp_path / "g.txt"
    rec.write_text(game.record())
    out = CliRunner().invoke(app, ["show", str(rec), "--move", "2", "--plain"])
    assert out.exit_code == 0, out.output
    assert "Turn 1, guest to move" in out.output
    bad = CliRunner().invoke(app, ["show", str(rec), "--move", "999"])
    assert bad.exit_code == 2 and "turns" in bad.output
    svg = tmp_path / "b.svg"
    out = CliRunner().invoke(app, ["show", str(rec), "--svg", str(svg)])
    assert out.exit_code == 0, out.output
    assert svg.read_text().startswith("<svg")


def test_match_command_prints_score():
    result = CliRunner().invoke(app, ["match", "skud", "--guest", "random", "--host", "random", "-n", "2",
                                      "--max-plies", "60"])
    assert result.exit_code == 0, result.output
    assert "2 games of skud" in result.output
    assert "Score:" not in result.output or "random" in result.output
    assert "cap" in result.output  # 60 decisions never finish a Skud game: scored by evaluation


def test_match_json_tally():
    import json

    result = CliRunner().invoke(app, ["match", "skud", "--guest", "greedy", "--host", "random", "-n", "1",
                                      "--max-plies", "6", "--json"])
    assert result.exit_code == 0, result.output
    tally = json.loads(result.output)
    assert tally["games"] == 1 and tally["capped"] == 1
    assert set(tally["points"]) == {"greedy", "random"}


def test_pseudo_terminal_game(tmp_path):
    """The same kind of game once through a real pseudo-terminal (Skud, colour on)."""
    import pty

    session = script_for("skud", tmp_path)
    lines = session.lines
    pid, fd = pty.fork()
    if pid == 0:  # child: the real command line on the terminal
        os.chdir(tmp_path)
        os.environ["COLUMNS"] = "120"
        os.execv(sys.executable, [sys.executable, "-m", "paisho_core.cli", "play", "skud", "--seed", str(SEED),
                                  "--host", "random"])
    chunks: list[bytes] = []

    def writer():
        for line in lines:
            os.write(fd, (line + "\n").encode())

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    out = b"".join(chunks).decode("utf-8", "replace")
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out)
    assert os.waitstatus_to_exitcode(status) == 0, plain[-2000:]
    assert "\x1b[" in out  # colour on a terminal
    assert "not played: 'zzz-not-a-move' is not written like a move" in plain
    assert "Game over:" in plain
    final = paisho.load_record((tmp_path / "final.txt").read_text())
    assert final.record() == session.game.record()


def test_house_rule_overlay_plays(tmp_path):
    """A house-rule variant made from a YAML overlay plays against the computer with no code of
    its own: the player and the AI only use the public API."""
    overlay = tmp_path / "fast.yaml"
    overlay.write_text("name: skud-fast-test\nextends: skud\ntitle: Skud, fast flowers\n"
                       "tiles:\n  - {code: R3, move: 4}\n  - {code: W, count: 0}\n", "utf-8")
    script = "R,R,K,B\nmoves\nrules R3\nhint\nquit\n"
    result = CliRunner().invoke(app, ["play", str(overlay), "--seed", "2", "--host", "greedy", "--plain",
                                      "--think", "0"], input=script)
    assert result.exit_code == 0, result.output
    assert "Skud, fast flowers" in result.output
    assert "moves up to 4 points" in result.output
    assert "hint (greedy" in result.output


_midgame = partial(support_midgame, plies=40, seed=6)


@pytest.mark.parametrize("variant", VARIANTS)
def test_text_board_shows_every_point_and_tile(variant):
    """The text board: 249 points, each tile once with its owner's letter, the last turn marked,
    coordinates on the edges; turned variants keep every point's coordinates."""
    from paisho_core.drawing import render

    with variant_guard(variant):
        game = _midgame(variant)
        lines = render.board_lines(game, colour=False)
        body = lines[1:-1] if not render.is_rotated(game) else lines[1:]
        tokens = " ".join(body).replace(">", " ").replace("*", " ").split()
        marks = [t for t in tokens if not re.fullmatch(r"(x\+y=)?-?\d+|\(-?\d+,-?\d+\)", t)]
        assert len(marks) == 249, (variant, len(marks))
        symbol = {k.code: k.symbol or k.code for k in game.tileset.kinds}
        on_board = sorted(f"{render.OWNER_LETTER[p['owner']]}{symbol[p['tile']]}"[:3]
                          for p in game.position()["board"])
        assert sorted(t for t in marks if t[0] in "hg" and len(t) > 1) == on_board
        if render.last_points(game):
            assert ">" in "".join(body)
        if render.is_rotated(game):
            assert "(0,8)" in "".join(lines) and "(-8,0)" in "".join(lines)
        else:
            assert lines[0].split() == [str(x) for x in range(-8, 9)]


def test_colour_board_is_rich_markup():
    from rich.text import Text

    from paisho_core.drawing import render

    game = _midgame("skud")
    for line in render.board_lines(game, colour=True):
        Text.from_markup(line)  # valid markup: no stray [ ] from gates or tiles
