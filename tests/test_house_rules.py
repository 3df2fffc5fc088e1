"""House rules (issue 10): YAML overlays, hook files, scaffolded plugin packages, the examples.

Acceptance:
1. an overlay written in a temp dir plays random games to the end through the API and through
   ``paisho play`` with piped input, and its saved record replays (CLI and ``load_record``);
2. a scaffolded package is built and installed with ``pip install --target`` and found by
   ``paisho variants`` (entry point group ``paisho.variants``);
3. malformed overlays each give one message naming the file and the line, exit code 2, from
   ``paisho validate`` and ``paisho play``;
4. the examples under ``examples/house-rules`` touch only their own files and play to the end.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import paisho_core as paisho
from paisho_core.cli.app import app
from paisho_core.errors import IllegalMoveError, VariantError
from paisho_core.variant import load_variant_file, merge_overlay, variant_from_plugin

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "house-rules"
PLAYERS = ("host", "guest")


def cli(*args, input=None):
    """Run ``paisho ARGS`` in a subprocess (the real console entry, piped stdin)."""
    return subprocess.run([sys.executable, "-m", "paisho_core.cli", *map(str, args)], input=input,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def random_game(variant, seed, options=None, cap=4000):
    """Play uniformly random moves to the end; returns the game."""
    rng = random.Random(seed)
    game = paisho.new_game(variant, options=options, seed=seed)
    for _ in range(cap):
        moves = game.legal_moves()
        if game.outcome is not None or not moves:
            break
        game.play(rng.choice(moves))
    return game


def no_seed(position):
    return {k: v for k, v in position.items() if k != "seed"}


# -- a designer's overlay in a temp dir --------------------------------------------------------

OVERLAY = """\
# A designer's quick idea: fewer, faster flowers, a new flower kind, and a turn cap.
name: test-fast-garden
extends: skud
title: Fast garden
tiles:
  - {code: R3, count: 2, move: 4}
  - {code: R4, count: 2}
  - {code: R5, count: 2}
  - {code: W3, count: 2, move: 4}
  - {code: W4, count: 2}
  - {code: W5, count: 2}
  - {code: W, count: 0}
  - {code: R6, name: Camellia, group: basic, colour: red, number: 6, count: 1, move: 6, stops: [neutral, red]}
harmony:
  circle: [R3, R4, R5, R6, W3, W4, W5]
  wild: [L]
clash:
  pairs: [[R3, W3], [R4, W4], [R5, W5], [R6, W5]]
options:
  - {name: InformalStart, default: true}
  - {name: TurnCap, type: integer, default: 40, minimum: 1, description: "Draw after this many turns."}
rules:
  cap_reason: turn cap
hooks: cap.py
"""

CAP_HOOKS = """\
from paisho_core import Outcome, hookimpl


@hookimpl(tryfirst=True)
def paisho_check_end(game):
    st = game.state
    if st.phase == "turn" and st.turn > game.options["TurnCap"]:
        return Outcome(None, game.variant.rules_config["cap_reason"])
    return None
"""


@pytest.fixture(scope="module")
def overlay(tmp_path_factory):
    d = tmp_path_factory.mktemp("designer")
    (d / "fast.yaml").write_text(OVERLAY)
    (d / "cap.py").write_text(CAP_HOOKS)
    return d / "fast.yaml"


def test_overlay_merges_the_changes(overlay):
    v = load_variant_file(overlay)
    base = paisho.get_variant("skud")
    assert v.name == "test-fast-garden" and v.title == "Fast garden"
    ts = v.tileset.by_code
    assert ts["R3"].move == 4 and ts["R3"].count == 2 and ts["R4"].move == base.tileset.by_code["R4"].move
    assert ts["W"].count == 0
    assert ts["R6"].group == "basic" and ts["R6"].move == 6 and ts["R6"].ordinal == len(base.tileset.kinds)
    assert v.harmony("R5", "R6") and v.harmony("R6", "W3") and not v.harmony("R5", "W3")
    assert v.clash("R6", "W5") and v.clash("R5", "W5") and not v.clash("R6", "W4")
    assert v.option_specs["InformalStart"]["default"] is True
    assert v.option_specs["NoWheels"] == base.option_specs["NoWheels"]
    assert v.rules_config["cap_reason"] == "turn cap" and v.rules_config["gates"] == base.rules_config["gates"]
    game = paisho.new_game(v, seed=1)
    assert "W" not in game.state.pile("reserve", "host")
    assert game.state.pile("reserve", "guest")["R6"] == 1
    assert "untagged_records" not in v.definition  # only the parent reads untagged records


def test_overlay_random_games_api(overlay):
    v = load_variant_file(overlay)
    for seed in range(3):
        game = random_game(v, seed)
        assert game.outcome is not None, "every game ends"
        assert game.state.turn <= 41
        again = paisho.load_record(game.record())
        assert again.name == v.name and no_seed(again.position()) == no_seed(game.position())
        assert again.outcome == game.outcome
        back = paisho.from_position(game.position())
        assert back.position() == game.position()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), cap=st.integers(1, 12))
def test_overlay_properties(overlay, seed, cap):
    """Random games with the option changed: undo restores the previous position exactly, an
    illegal move raises and changes nothing, records replay to the same position."""
    v = load_variant_file(overlay)
    rng = random.Random(seed)
    game = paisho.new_game(v, options={"TurnCap": cap}, seed=seed)
    while game.outcome is None and game.legal_moves():
        before = game.position()
        with pytest.raises(IllegalMoveError):
            game.play("(9,9)-(9,8)" if game.phase == "turn" else "Z9(0,0)")
        assert game.position() == before
        game.play(rng.choice(game.legal_moves()))
        if rng.random() < 0.1:
            game.undo()
            assert game.position() == before
            game.play(rng.choice(game.legal_moves()))
    assert game.outcome is not None and game.state.turn <= cap + 1
    again = paisho.load_record(game.record(), variant=v.name)
    assert no_seed(again.position()) == no_seed(game.position())


def invoke(*args, input=None):
    """Run ``paisho ARGS`` in this process (fast); returns (exit code, stdout, stderr)."""
    result = CliRunner().invoke(app, [str(a) for a in args], input=input)
    return result.exit_code, result.stdout, result.stderr


def test_overlay_cli_play_options_moves_replay(overlay, tmp_path):
    """`paisho play FILE.yaml` with piped moves plays to the end and saves a record that
    `paisho replay --variant FILE.yaml` and `load_record` read back."""
    v = load_variant_file(overlay)
    game = random_game(v, 5, options={"TurnCap": 8})
    assert game.outcome is not None
    script = "\n".join(str(m) for m in game.moves) + "\nquit\n"
    saved = tmp_path / "game.txt"
    run = cli("play", overlay, "-o", "TurnCap=8", "--save", saved, input=script)
    assert run.returncode == 0, run.stderr
    assert "Game over" in run.stdout
    assert saved.read_text() == game.record()

    run = cli("replay", saved, "--variant", overlay, "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["variant"] == "test-fast-garden" and out["outcome"]["reason"] == "turn cap"

    again = paisho.load_record(saved.read_text(), variant=paisho.load_variant_file(overlay))
    assert again.outcome == game.outcome
    code, out, err = invoke("replay", saved, "--variant", "skud")
    assert code == 2 and "--variant gives skud" in err

    code, out, err = invoke("options", overlay, "--json")
    assert code == 0, err
    names = {o["name"]: o["default"] for o in json.loads(out)}
    assert names["TurnCap"] == 40 and names["InformalStart"] is True
    code, out, err = invoke("moves", overlay, "-o", "TurnCap=oops")
    assert code == 2 and "TurnCap" in err and "whole number" in err
    code, out, err = invoke("moves", overlay, "-o", "TurnCap=0")
    assert code == 2 and "at least 1" in err
    code, out, err = invoke("moves", f"{overlay}:Nope=1")
    assert code == 2 and "known:" in err and "TurnCap" in err
    code, out, err = invoke("moves", f"{overlay}:TurnCap=3", "--record", saved)
    assert code == 0 and out == "", err  # the record carries its own options; the game is over
    code, out, err = invoke("validate", saved, "--variant", overlay)
    assert code == 0 and "over" in out, err
    code, out, err = invoke("validate", overlay)
    assert code == 0 and "valid variant 'test-fast-garden'" in out, err


def test_replay_of_an_overlay_record_needs_its_file(overlay, tmp_path):
    """In a fresh process the overlay's name is unknown until its file is given."""
    v = load_variant_file(overlay)
    saved = tmp_path / "game.txt"
    saved.write_text(random_game(v, 1, options={"TurnCap": 3}).record())
    run = cli("replay", saved)
    assert run.returncode == 2 and "test-fast-garden" in run.stderr and "yaml" in run.stderr


def test_api_errors_from_a_broken_hook_at_run_time(tmp_path):
    """A hook that crashes during play: one VariantError naming the hook, file and line; the
    game is unchanged."""
    (tmp_path / "o.yaml").write_text("name: test-crashing\nextends: skud\nhooks: boom.py\n")
    (tmp_path / "boom.py").write_text(textwrap.dedent("""\
        from paisho_core import hookimpl


        @hookimpl(tryfirst=True)
        def paisho_check_end(game):
            if game.state.turn >= 1:
                return 1 / 0
            return None
        """))
    v = load_variant_file(tmp_path / "o.yaml")
    game = paisho.new_game(v, seed=1)
    game.play(game.legal_moves()[0])
    before = game.position()
    with pytest.raises(VariantError) as err:
        game.play(game.legal_moves()[0])
    msg = str(err.value)
    assert "boom.py: line 7" in msg and "paisho_check_end" in msg and "ZeroDivisionError" in msg
    assert game.position() == before


# -- malformed overlays -------------------------------------------------------------------------

GOOD_HOOK = "from paisho_core import hookimpl\n\n\n@hookimpl\ndef paisho_status(game):\n    return None\n"

MALFORMED = {
    # name: (files {name: text}, expected text in the message, expected line of o.yaml;
    # (file, line) for another file; None: a line of the hook file h.py)
    "wrong-type": ({"o.yaml": "name: bad\nextends: skud\ntiles:\n  - {code: R3, count: three}\n"},
                   "$.tiles[0].count", 4),
    "unknown-field": ({"o.yaml": "name: bad\nextends: skud\nwin_by: ring\n"}, "win_by", 3),
    "yaml-syntax": ({"o.yaml": "name: bad\nextends: skud\ntiles:\n  - {code: R3, count: 2\n"},
                    "not valid YAML", 5),
    "unknown-parent": ({"o.yaml": "name: bad\nextends: skudd\n"}, "unknown variant 'skudd'", 2),
    "missing-parent-file": ({"o.yaml": "name: bad\nextends: ./nowhere.yaml\n"}, "no such file", 2),
    "missing-hook-file": ({"o.yaml": "name: bad\nextends: skud\nhooks: nowhere.py\n"},
                          "hooks file 'nowhere.py' not found", 3),
    "hook-syntax": ({"o.yaml": "name: bad\nextends: skud\nhooks: h.py\n",
                     "h.py": "from paisho_core import hookimpl\n\ndef paisho_status(game)\n    return None\n"},
                    "h.py: line 3", None),
    "hook-import-error": ({"o.yaml": "name: bad\nextends: skud\nhooks: h.py\n",
                           "h.py": "import paisho_core\n\nTARGET = undefined_name + 1\n"},
                          "h.py: line 3", None),
    "hook-unknown-name": ({"o.yaml": "name: bad\nextends: skud\nhooks: [h.py]\n",
                           "h.py": "from paisho_core import hookimpl\n\n\n@hookimpl\ndef paisho_check_ends(game):\n    return None\n"},
                          "did you mean paisho_check_end", None),
    "hook-unknown-argument": ({"o.yaml": "name: bad\nextends: skud\nhooks: h.py\n",
                               "h.py": "from paisho_core import hookimpl\n\n\n@hookimpl\ndef paisho_check_end(game, board):\n    return None\n"},
                              "unknown argument(s) board", None),
    "hook-not-marked": ({"o.yaml": "name: bad\nextends: skud\nhooks: h.py\n",
                         "h.py": "def paisho_check_end(game):\n    return None\n"},
                        "not marked @paisho_core.hookimpl", None),
    "cycle": ({"o.yaml": "name: bad\nextends: ./b.yaml\n", "b.yaml": "name: bad-b\nextends: ./o.yaml\n"},
              "cycle: o.yaml -> b.yaml -> o.yaml", ("b.yaml", 2)),
    "self-extends": ({"o.yaml": "name: bad\nextends: ./o.yaml\n"}, "cycle: o.yaml -> o.yaml", 2),
    "unknown-harmony-code": ({"o.yaml": "name: bad\nextends: skud\nharmony:\n  circle: [R3, R4, X5]\n"},
                             "unknown tile code 'X5'", 4),
    "typo-new-tile": ({"o.yaml": "name: bad\nextends: skud\ntiles:\n  - {code: R33, count: 1}\n"},
                      "'R33' is not a tile of skud", 4),
    "option-default-type": ({"o.yaml": "name: bad\nextends: skud\noptions:\n  - {name: NoWheels, default: 'yes'}\n"},
                            "takes true or false", 4),
    "unknown-area": ({"o.yaml": "name: bad\nextends: skud\ntiles:\n  - code: R3\n    stops: [neutral, blue]\n"},
                     "unknown area or point set 'blue'", 5),
    "change-tiles-matches-nothing": ({"o.yaml": "name: bad\nextends: skud\nchange_tiles:\n  - where: {group: flower}\n    set: {move: 4}\n"},
                                     "no tile of skud matches", 4),
    "change-tiles-bad-field": ({"o.yaml": "name: bad\nextends: skud\nchange_tiles:\n  - where: {group: basic}\n    set: {speed: 4}\n"},
                               "unknown field 'speed'", 5),
    "no-name": ({"o.yaml": "extends: skud\ntitle: nameless\n"}, "'name' is a required property", 1),
    "not-a-mapping": ({"o.yaml": "- extends: skud\n"}, "must be a mapping", 1),
    "installed-name": ({"o.yaml": "name: fire\nextends: skud\n"}, "installed variant", 1),
    "no-rules": ({"o.yaml": "name: bad\ntitle: Bad\ntiles: []\n"}, "needs 'extends'", 1),
    "wrapper-without-yield": ({"o.yaml": "name: bad\nextends: skud\nhooks: h.py\n",
                               "h.py": "from paisho_core import hookimpl\n\n\n@hookimpl(wrapper=True)\ndef paisho_legal_moves(game):\n    return []\n"},
                              "does not 'yield'", None),
}


def _write(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return tmp_path / "o.yaml"


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_overlay_one_message_with_file_and_line(case, tmp_path):
    files, expected, line = MALFORMED[case]
    path = _write(tmp_path, files)
    runner = CliRunner()
    for args in (["validate", str(path)], ["play", str(path)], ["moves", str(path)]):
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 2, (case, args, result.output)
        message = result.stderr.strip()
        assert "Traceback" not in message
        assert len(message.splitlines()) == 1, message
        assert expected in message, message
        if isinstance(line, tuple):  # the problem is in another file of the chain
            assert f"{tmp_path / line[0]}: line {line[1]}, " in message, message
        elif line is not None:
            assert f"{path}: line {line}, " in message, message
        else:
            assert f"{tmp_path / 'h.py'}: line " in message, message
    with pytest.raises(VariantError):
        load_variant_file(path)


def test_malformed_cases_are_at_least_ten():
    assert len(MALFORMED) >= 10


def test_cli_play_real_process_reports_a_bad_overlay(tmp_path):
    path = _write(tmp_path, MALFORMED["unknown-parent"][0])
    run = cli("play", path, input="quit\n")
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert f"{path}: line 2, $.extends: cannot extend 'skudd'" in run.stderr


# -- the examples -------------------------------------------------------------------------------

def test_yaml_only_examples_play_to_the_end():
    for file, check in (
            ("one-of-each-accent.yaml", lambda g: g.moves[0].text == "R,W,K,B"),
            ("beginner-garden.yaml", lambda g: g.options["InformalStart"] and g.options["IgnoreClashing"]),
            ("skud-on-fire-reserve.yaml", lambda g: g.variant.tileset.by_code["R3"].count == 2),
            ("all-flowers-move-4.yaml",
             lambda g: {k.move for k in g.variant.tileset.kinds if k.group != "accent"} == {4})):
        v = load_variant_file(EXAMPLES / file)
        for seed in range(1):
            game = random_game(v, seed)
            assert game.outcome is not None, file
            assert check(game), file
            again = paisho.load_record(game.record())
            assert no_seed(again.position()) == no_seed(game.position())
    # the beginner garden extends the one-of-each-accent file and keeps its counts
    v = paisho.get_variant("skud-beginner-garden")
    assert v.tileset.by_code["K"].count == 1


def test_five_harmonies_hook_example():
    v = load_variant_file(EXAMPLES / "five-harmonies" / "five-harmonies.yaml")
    assert v.rules_config["target_harmonies"] == 5
    for seed in (2, 4):
        game = random_game(v, seed)
        assert game.outcome is not None and game.outcome.reason == "5 harmonies"
        counts = {p: sum(p in (h.owners or (h.owner,)) for h in game.harmonies()) for p in PLAYERS}
        assert counts[game.outcome.winner] >= 5
        again = paisho.load_record(game.record())
        assert again.outcome == game.outcome


def _untagged(record: str) -> str:
    return "\n".join(line for line in record.splitlines() if not line.startswith("[Variant"))


def test_five_harmonies_on_a_skud_ring_game(tmp_path):
    """examples/skud-ring.txt ends with a Host ring in Skud.  Under the five-harmonies rule the
    Host wins earlier by count; with an unreachable target the ring alone does not end the game
    unless ``ring_wins`` is set."""
    record = (ROOT / "examples" / "skud-ring.txt").read_text()
    assert paisho.load_record(record).outcome.reason == "harmony ring"
    five = load_variant_file(EXAMPLES / "five-harmonies" / "five-harmonies.yaml")
    turns = [line for line in _untagged(record).splitlines() if line[:1].isdigit()]
    for n in range(len(turns), 0, -1):  # the longest prefix that replays under the house rule
        try:
            game = paisho.load_record("\n".join(turns[:n]), variant=five.name)
            break
        except paisho.RecordError:
            continue
    assert game.outcome.reason == "5 harmonies" and game.outcome.winner == "host"
    assert n < len(turns)
    for ring_wins, ended in (("false", False), ("true", True)):  # extends the loaded overlay by name
        (tmp_path / f"r{ring_wins}.yaml").write_text(
            f"name: test-ring-{ring_wins}\nextends: {five.name}\n"
            f"rules:\n  target_harmonies: 99\n  ring_wins: {ring_wins}\n")
        v = load_variant_file(tmp_path / f"r{ring_wins}.yaml")
        game = paisho.load_record(_untagged(record), variant=v.name)
        assert (game.outcome is not None) == ended
        if ended:
            assert game.outcome.reason == "harmony ring"


def test_quick_package_example_in_process():
    sys.path.insert(0, str(EXAMPLES / "paisho-skud-quick"))
    try:
        import paisho_skud_quick
    finally:
        sys.path.pop(0)
    v = variant_from_plugin(paisho_skud_quick)
    assert v.name == "skud-quick" and v.option_specs["ClashingOpening"]["default"] is True
    game = random_game(v, 2, options={"TurnLimit": 5})
    assert game.outcome is not None and "turn limit 5" in game.outcome.reason
    assert game.state.turn == 6
    opening = [m.tile for m in game.moves if m.action == "plant"][:2]
    assert v.clash(*opening)
    with pytest.raises(VariantError, match="at least 0"):
        paisho.new_game(v, options={"TurnLimit": -1})


def test_scaffold_and_installed_packages_are_discovered(tmp_path):
    """`paisho new-variant` writes a package; pip builds and installs it (and the example
    package) into a target folder; `paisho variants` finds both through their entry points,
    and their games run in that environment."""
    run = cli("new-variant", "test-scaffolded", "--dir", tmp_path, "--extends", "skud")
    assert run.returncode == 0, run.stderr
    pkg = tmp_path / "paisho-test-scaffolded"
    for rel in ("pyproject.toml", "paisho_test_scaffolded/__init__.py",
                "paisho_test_scaffolded/paisho_test_scaffolded.yaml",
                "tests/test_paisho_test_scaffolded.py", "README.md"):
        assert (pkg / rel).is_file(), rel
    assert '"paisho.variants"' in (pkg / "pyproject.toml").read_text()
    run = cli("validate", pkg / "paisho_test_scaffolded" / "paisho_test_scaffolded.yaml")
    assert run.returncode == 0, run.stderr
    again = cli("new-variant", "test-scaffolded", "--dir", tmp_path)
    assert again.returncode == 2 and "already exists" in again.stderr
    bad = cli("new-variant", "Bad Name", "--dir", tmp_path)
    assert bad.returncode == 2 and "not a variant name" in bad.stderr

    target = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                          "--disable-pip-version-check", "--target", str(target), str(pkg)],
                         capture_output=True, text=True, timeout=600)
    assert pip.returncode == 0, pip.stderr
    assert (target / "paisho_test_scaffolded" / "paisho_test_scaffolded.yaml").is_file()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(ROOT)])}
    script = textwrap.dedent(f"""\
        import runpy
        from importlib.metadata import entry_points
        from typer.testing import CliRunner
        from paisho_core.cli.app import app
        assert "test-scaffolded" in {{ep.name for ep in entry_points(group="paisho.variants")}}
        listed = CliRunner().invoke(app, ["variants"])
        assert listed.exit_code == 0 and "test-scaffolded" in listed.stdout, listed.output
        print(listed.stdout)
        tests = runpy.run_path({str(pkg / "tests" / "test_paisho_test_scaffolded.py")!r})
        for name, fn in tests.items():
            if name.startswith("test_"):
                fn()
                print("passed", name)
        """)
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "test-scaffolded" in run.stdout and "passed test_random_games_end_and_replay" in run.stdout


def test_change_tiles_then_per_code_entries():
    parent = {"name": "p", "title": "P", "tiles": [
        {"code": "A", "name": "a", "group": "basic", "count": 2, "move": 3, "tags": ["x"]},
        {"code": "B", "name": "b", "group": "basic", "count": 2, "move": 5},
        {"code": "C", "name": "c", "group": "accent", "count": 1}]}
    merged = merge_overlay(parent, {"name": "c", "change_tiles": [
        {"where": {"group": "basic"}, "set": {"move": 4}},
        {"where": {"tag": ["x", "y"]}, "set": {"count": 1}}],
        "tiles": [{"code": "B", "move": 6}]})
    assert [(t["code"], t.get("move"), t["count"]) for t in merged["tiles"]] == [
        ("A", 4, 1), ("B", 6, 2), ("C", None, 1)]


def test_merge_overlay_is_pure():
    parent = {"name": "p", "title": "P", "untagged_records": True,
              "tiles": [{"code": "A", "name": "a", "group": "basic", "count": 2}],
              "options": [{"name": "X", "default": False}], "rules": {"k": 1, "j": 2}}
    merged = merge_overlay(parent, {"name": "c", "tiles": [{"code": "A", "count": 0}],
                                    "options": [{"name": "X", "default": True}], "rules": {"k": 3}})
    assert merged["tiles"] == [{"code": "A", "name": "a", "group": "basic", "count": 0}]
    assert merged["options"] == [{"name": "X", "default": True}] and merged["rules"] == {"k": 3, "j": 2}
    assert "untagged_records" not in merged and merged["title"] == "P (c)"
    assert parent["tiles"][0]["count"] == 2 and parent["options"][0]["default"] is False


def test_schema_reference_page_is_current():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_schema_docs.py"), "--check"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


def test_validate_accepts_the_yaml_of_an_installed_variant():
    """An installed variant's own YAML has no hooks line (its module supplies the rules): it
    validates as that variant rather than as a rule-less file."""
    code, out, err = invoke("validate", ROOT / "variants" / "skud" / "skud.yaml")
    assert code == 0 and "valid variant 'skud'" in out, err


def test_a_broken_installed_package_is_named_with_file_and_line(tmp_path):
    """An installed plugin (here a hand-made dist-info on PYTHONPATH) whose module raises on
    import: `paisho play` reports the entry point, the file and the line; `paisho variants`
    still lists every other variant."""
    (tmp_path / "paisho_broken_rule").mkdir()
    (tmp_path / "paisho_broken_rule" / "__init__.py").write_text("import paisho_core\n\nSPEED = 1 / 0\n")
    info = tmp_path / "paisho_broken_rule-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: paisho-broken-rule\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[paisho.variants]\nbroken-rule = paisho_broken_rule\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    run = subprocess.run([sys.executable, "-m", "paisho_core.cli", "play", "broken-rule"], env=env,
                         input="quit\n", capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert f"{tmp_path / 'paisho_broken_rule' / '__init__.py'}: line 3: ZeroDivisionError" in run.stderr
    run = subprocess.run([sys.executable, "-m", "paisho_core.cli", "variants"], env=env,
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0 and "broken-rule" in run.stdout and "skud " in run.stdout


def test_a_broken_wrapper_hook_is_named_too(tmp_path):
    """A wrapper hook (a generator around the parent's hook) that crashes after its yield."""
    (tmp_path / "o.yaml").write_text("name: test-broken-wrapper\nextends: skud\nhooks: w.py\n")
    (tmp_path / "w.py").write_text(textwrap.dedent("""\
        from paisho_core import hookimpl


        @hookimpl(wrapper=True)
        def paisho_legal_moves(game):
            moves = yield
            if game.state.turn >= 1:
                return [m for m in moves if m.text.startswith(not_defined)]
            return moves
        """))
    v = load_variant_file(tmp_path / "o.yaml")
    game = paisho.new_game(v, seed=1)
    game.play(game.legal_moves()[0])
    before = game.position()
    with pytest.raises(VariantError, match=r"w\.py: line 8: hook paisho_legal_moves failed: NameError"):
        game.play(game.legal_moves()[0])
    assert game.position() == before
