"""Issue 19: records, positions and requests are data; limits on untrusted input; typed engine
errors; the tolerant record reader.  Each test names the numbered item of the issue it covers."""
from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paisho_core as paisho
from paisho_core.cli.app import app
from paisho_core.engine import Engine
from paisho_core.variant import load_variant_file

DATA = Path(__file__).parent / "data"
runner = CliRunner()

ALIAS_BOMB = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *[f"{n}: &{n} [{','.join([f'*{p}'] * 9)}]" for p, n in zip("abcdefgh", "bcdefghi")],
    ]
) + "\n"


def cli(*args):
    return runner.invoke(app, [str(a) for a in args])


def _evil(tmp_path: Path) -> Path:
    """A house-rule file whose hooks write a file when loaded, and a record naming it."""
    marker = tmp_path / "PWNED"
    (tmp_path / "evil.py").write_text(f"from pathlib import Path\nPath({str(marker)!r}).write_text('x')\n")
    (tmp_path / "evil.yaml").write_text("name: test-evil\nextends: skud\nhooks: evil.py\n")
    return marker


# -- item 1: a record naming a YAML file never runs it -------------------------------------------

@pytest.mark.parametrize("tag", ["evil.yaml", "./evil.yaml", "{dir}/evil.yaml"])
@pytest.mark.parametrize("command", [["replay"], ["show"], ["validate"], ["moves", "skud", "--record"]])
def test_record_naming_a_yaml_file_runs_nothing(tmp_path, monkeypatch, tag, command):
    marker = _evil(tmp_path)
    monkeypatch.chdir(tmp_path)
    record = tmp_path / "game.txt"
    record.write_text(f'[Variant "{tag.format(dir=tmp_path)}"]\n0H.R,W,K,B\n')
    run = cli(*command, record)
    assert run.exit_code == 2
    assert "--variant FILE" in run.output and "explicitly" in run.output
    assert not marker.exists()


def test_api_and_engine_refuse_file_names(tmp_path, monkeypatch):
    marker = _evil(tmp_path)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(paisho.RecordError, match="explicitly"):
        paisho.load_record('[Variant "evil.yaml"]\n')
    (tmp_path / "evil").write_text((tmp_path / "evil.yaml").read_text())  # a file with no suffix
    for tag in ("evil", "evil.yaml", "skud:NoWheels=true"):
        with pytest.raises(paisho.RecordError):
            paisho.load_record(f'[Variant "{tag}"]\n0H.R,W,K,B\n')
        with pytest.raises(paisho.PositionError):
            paisho.from_position({"variant": tag, "to_move": "guest", "board": []})
    with pytest.raises(paisho.PositionError, match="explicitly"):
        paisho.from_position({"variant": str(tmp_path / "evil.yaml"), "to_move": "guest", "board": []})
    engine = Engine()
    for req in ({"cmd": "new", "variant": "evil.yaml"}, {"cmd": "new", "variant": str(tmp_path / "evil.yaml")},
                {"cmd": "load", "record": '[Variant "evil.yaml"]\n'}):
        reply = engine.handle(json.dumps(req))
        assert not reply["ok"] and "explicitly" in reply["error"]
    from paisho_core.reader import read_game
    with pytest.raises(paisho.RecordError):
        read_game('[Variant "evil.yaml"]\n0H.R,W,K,B\n')
    assert not marker.exists()


def test_explicit_variant_file_still_works(tmp_path):
    (tmp_path / "quick.yaml").write_text("name: test-explicit\nextends: skud\n")
    v = load_variant_file(tmp_path / "quick.yaml")
    record = paisho.new_game(v, seed=1).record()
    assert paisho.load_record(record, variant=v).name == "test-explicit"
    (tmp_path / "g.txt").write_text(record)
    assert cli("replay", tmp_path / "g.txt", "--variant", tmp_path / "quick.yaml").exit_code == 0


@pytest.mark.parametrize("hooks", ["this", "os.path", "/tmp/h.py", "../h.py", "sub/h.py", "[this]"])
def test_hooks_name_only_a_python_file_beside_the_yaml(tmp_path, hooks):
    (tmp_path / "o.yaml").write_text(f"name: test-hooks\nextends: skud\nhooks: {hooks}\n")
    with pytest.raises(paisho.VariantError, match="same folder"):
        load_variant_file(tmp_path / "o.yaml")


# -- item 2: limits -------------------------------------------------------------------------------

def _limited(args, stdin=None, seconds=20):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))

    return subprocess.run([sys.executable, "-m", "paisho_core.cli", *map(str, args)], input=stdin,
                          capture_output=True, text=True, timeout=seconds, preexec_fn=limit)


def test_alias_bomb_exits_2_with_one_line(tmp_path):
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(ALIAS_BOMB)
    assert len(ALIAS_BOMB) < 400
    run = _limited(["validate", bomb])
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "alias" in run.stderr


def test_alias_bomb_through_every_door(tmp_path):
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(ALIAS_BOMB)
    for args in (["play", bomb], ["moves", bomb], ["options", bomb]):
        assert cli(*args).exit_code == 2
    reply = Engine().handle(json.dumps({"cmd": "new", "variant": str(bomb)}))
    assert not reply["ok"]


def test_huge_ancient_target_exits_2_quickly(tmp_path):
    record = tmp_path / "a.txt"
    record.write_text('[Variant "ancient"]\n[Options "{\\"target\\": 1000000000000000000}"]\n')
    run = _limited(["replay", record])
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "target" in run.stderr


@pytest.mark.parametrize("text", ["a: " + "[" * 2000 + "]" * 2000,
                                  "a:\n" + "".join("  " * i + "- \n" for i in range(1, 200)),
                                  "a: &a [*a]\n", "a: " + "x" * 30000 + "\n"])
def test_deep_or_long_yaml_is_a_variant_error(tmp_path, text):
    (tmp_path / "deep.yaml").write_text(text)
    with pytest.raises(paisho.VariantError):
        load_variant_file(tmp_path / "deep.yaml")


def _numeric_options():
    for name in paisho.variants():
        v = paisho.get_variant(name)
        for opt, spec in v.option_specs.items():
            yield name, opt, spec


@pytest.mark.parametrize("name,opt,spec", list(_numeric_options()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_option_of_every_variant_is_checked_before_work(name, opt, spec):
    """Every option of every variant refuses absurd values with a VariantError; a numeric option
    has bounds (declared or the default ones), and its extreme legal values start a game."""
    for bad in (10**18, -10**18, float("nan"), "x" * 1000, None, [1]):
        if bad == spec["default"]:
            continue
        try:
            paisho.new_game(name, options={opt: bad}, seed=0)
        except paisho.VariantError:
            continue
        raise AssertionError(f"{name} option {opt} accepted {bad!r}")
    if "maximum" in spec:
        try:
            paisho.new_game(name, options={opt: spec["maximum"]}, seed=0).legal_moves()
        except paisho.VariantError:
            pass  # refused by a combined check (a hand the pool cannot fill): fine


def test_size_limits(tmp_path):
    big = tmp_path / "big.txt"
    big.write_text('[Variant "skud"]\n' + "# x\n" * 600_000)
    assert cli("replay", big).exit_code == 2
    with pytest.raises(paisho.RecordError, match="line 2"):
        paisho.load_record('[Variant "skud"]\n' + "0H." + "R" * 30000 + "\n")
    with pytest.raises(paisho.PaishoError):
        from paisho_core.reader import read_game
        read_game('{"a":' * 100 + "1" + "}" * 100)
    lines = [json.dumps({"cmd": "hello", "pad": "x" * 4_100_000}), json.dumps({"cmd": "hello"})]
    out = subprocess.run([sys.executable, "-m", "paisho_core.cli", "engine"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=60).stdout.splitlines()
    assert [json.loads(o)["ok"] for o in out] == [False, True]


# -- item 3: engine null and wrong-typed fields -------------------------------------------------

@pytest.mark.parametrize("req", [
    {"cmd": "new", "variant": None}, {"cmd": "new", "variant": 3}, {"cmd": "new", "variant": "skud", "options": []},
    {"cmd": "new", "variant": "skud", "seed": True}, {"cmd": "new", "variant": "skud", "options": {"NoWheels": None}},
    {"cmd": "play", "move": None}, {"cmd": "play", "move": 5}, {"cmd": "load", "record": None},
    {"cmd": "position", "position": None}, {"cmd": "position", "position": "x"},
    {"cmd": "go", "player": 1}, {"cmd": "go", "iterations": "many"}, {"cmd": "observe", "player": 7},
    {"cmd": "new", "variant": "skud", "options": {"NoWheels": [None]}},
])
def test_engine_null_and_wrong_fields_are_typed_errors(req):
    engine = Engine()
    engine.handle(json.dumps({"cmd": "new", "variant": "skud", "seed": 1}))
    before = engine.game.position()
    reply = engine.handle(json.dumps(req))
    assert reply["ok"] is False and reply["kind"] != "InternalError", reply
    assert engine.game.position() == before


def test_engine_null_optional_fields_mean_absent():
    engine = Engine()
    reply = engine.handle(json.dumps({"cmd": "new", "variant": "skud", "options": None, "seed": None}))
    assert reply["ok"]


# -- item 10: the tolerant reader ---------------------------------------------------------------

def test_dropped_harmony_bonus_is_one_listed_repair():
    """tests/data/skud-dropped-bonus.txt: at 12G the arrangement (6,-1)-(4,2) forms no harmony,
    yet the turn is written with a bonus plant, as The Garden Gate's Skud bot writes it."""
    text = (DATA / "skud-dropped-bonus.txt").read_text()
    assert "12G.(6,-1)-(4,2)+R4(-8,0)" in text
    game = paisho.load_record(text)
    assert len(game.repairs) == 1
    repair = game.repairs[0]
    assert repair.move == "12G" and repair.written == "12G.(6,-1)-(4,2)+R4(-8,0)"
    assert repair.played == "12G.(6,-1)-(4,2)" and "no new harmony" in repair.note
    assert game.state.pile("reserve", "guest")["R4"] == 3  # the bonus tile stayed in the reserve
    with pytest.raises(paisho.RecordError, match="12G"):
        paisho.load_record(text, strict=True)
    run = cli("replay", DATA / "skud-dropped-bonus.txt")
    assert run.exit_code == 0 and "Repaired line 30, move 12G" in run.output
    assert cli("replay", DATA / "skud-dropped-bonus.txt", "--strict").exit_code == 2


def test_tolerance_guesses_nothing_else():
    text = (DATA / "skud-dropped-bonus.txt").read_text()
    # the arrangement itself illegal: stays an error
    with pytest.raises(paisho.RecordError, match="12G"):
        paisho.load_record(text.replace("12G.(6,-1)-(4,2)+R4(-8,0)", "12G.(6,-1)-(-6,4)+R4(-8,0)"))
    # a clean record has no repairs
    game = paisho.load_record((Path(__file__).parents[1] / "examples" / "skud-ring.txt").read_text())
    assert game.repairs == []


# -- items 5, 6, 8, 9: CLI fixes -----------------------------------------------------------------

def test_play_refuses_a_record_of_another_variant(tmp_path):
    record = tmp_path / "skud-game.txt"
    record.write_text('[Variant "skud"]\n0H.R,W,K,B\n')
    run = cli("play", "fire", "--record", record)
    assert run.exit_code == 2 and "skud game" in run.output


@pytest.mark.parametrize("command", [["replay"], ["show"], ["validate"], ["play", "skud", "--record"],
                                     ["moves", "skud", "--record"]])
def test_empty_file_is_an_error(tmp_path, command):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n  \n")
    run = cli(*command, empty)
    assert run.exit_code == 2 and "empty" in run.output


def _session(tmp_path, save_to):
    from paisho_core.cli.play import Session

    s = Session(paisho.new_game("skud", seed=1), {"guest": "human", "host": "human"}, seed=1, colour=False)
    s.save_to = save_to
    s.interactive = False
    return s


@pytest.mark.parametrize("answer,saved", [("\n", "default"), ("no\n", None), ("other.txt\n", "other"), ("", "default")])
def test_save_prompt_does_what_it_says(tmp_path, monkeypatch, answer, saved):
    import io

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer))
    s = _session(tmp_path, tmp_path / "default.txt")
    s.offer_save()
    files = sorted(p.stem for p in tmp_path.glob("*.txt"))
    assert files == ([saved] if saved else [])


def test_enter_skips_without_save_flag(tmp_path, monkeypatch):
    import io

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    _session(tmp_path, None).offer_save()
    assert not list(tmp_path.iterdir())


def test_ctrl_c_offers_to_save(tmp_path, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    s = _session(tmp_path, tmp_path / "f.txt")

    def interrupted():
        raise KeyboardInterrupt

    s.loop = interrupted
    s.run()
    assert (tmp_path / "f.txt").exists()


def test_version_completion_aliases_and_help():
    version = cli("--version")
    assert version.exit_code == 0 and version.output.startswith("paisho ")
    top = cli("--help").output
    assert "--install-completion" in top and "--version" in top
    assert "also: street" in cli("variants").output
    assert any("street" in row["aliases"] for row in json.loads(cli("variants", "--json").output))
    moves = cli("moves", "--help").output
    assert "reproducible" in moves and "as JSON" in moves
    for command in ("variants", "moves", "replay", "options", "validate", "play", "show", "match",
                    "engine", "compare"):
        assert "<bool>" not in cli(command, "--help").output, command


@pytest.mark.parametrize("name", ["modern", "3-piece"])
def test_rotated_board_names_columns_along_both_edges(name):
    from paisho_core.drawing import render

    lines = render.board_lines(paisho.new_game(name, seed=1))
    heads = [line for line in lines if "x+y=" in line]
    assert len(heads) == 4 and lines[1:3] == heads[:2] and lines[-2:] == heads[:2][::-1]
    # every point of the row from (-8,0) to (0,8) (x - y = -8) sits under the header x + y
    row = next(line for line in lines if line.lstrip().startswith("(-8,0)"))
    for x in range(-8, 1):
        u = 2 * x + 8
        end = 9 + 2 * (u + 16) + 4
        head = heads[u % 2]
        assert head[end - len(str(u)):end] == str(u), (x, u)
        assert row[end - 2:end].strip(), (x, row)


# -- item 7: errors that explain ---------------------------------------------------------------

def test_typos_are_notation_errors_that_say_what_was_expected():
    game = paisho.new_game("skud", seed=1)
    game.play("R,W,K,B")
    game.play("R,W,K,B")
    before = game.position()
    with pytest.raises(paisho.NotationError, match=r"\(99,99\) is not a point of the board"):
        game.play("(99,99)")
    with pytest.raises(paisho.NotationError, match="expected T\\(x,y\\)"):
        game.play("R3(0,8")
    with pytest.raises(paisho.NotationError, match="expected"):
        game.play("zzz")
    with pytest.raises(paisho.IllegalMoveError) as exc:
        game.play("(0,0)-(0,1)")  # well formed: a rules refusal, not a typo
    assert not isinstance(exc.value, paisho.NotationError) and "no tile on (0,0)" in str(exc.value)
    assert game.position() == before


@pytest.mark.parametrize("move,why", [
    ("(5,-6)-(-1,-8)", "a Lily moves at most 4 steps"),
    ("(5,-6)-(-1,-5)", "may not end on (-1,-5), a point of the red garden"),
    ("(5,-6)-(6,-5)", "may not capture the Boat on (6,-5)"),
    ("(5,-6)-(7,-5)", "out of reach"),
    ("(5,-6)-(5,-6)", "must go somewhere"),
])
def test_skud_says_why_a_move_is_illegal(move, why):
    """examples/skud-ring.txt after its first 38 turns (Guest to move, turn 14)."""
    lines = (Path(__file__).parents[1] / "examples" / "skud-ring.txt").read_text().splitlines()
    game = paisho.load_record("\n".join(lines[:40]))
    before = game.position()
    with pytest.raises(paisho.IllegalMoveError, match=re.escape(why)):
        game.play(move)
    assert game.position() == before
