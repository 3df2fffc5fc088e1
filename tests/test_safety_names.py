"""Issue 32: safe by construction.  Each numbered item of the issue is a test here (the web's
through HTTP in tests/test_safety_web.py): names are names, files are explicit, ``extends:`` stays
in its folder and runs nothing before the whole chain is checked, sizes are checked before
reading, every outside number passes one boundary, a save never destroys, and what is shared of
a game under way carries no seed.

The planted hooks write a marker file when they run; every refusal test checks that the marker
was never written."""
from __future__ import annotations

import json
import os
import resource
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paisho_core as paisho
from paisho_core.cli.app import app
from paisho_core.engine import Engine
from paisho_core.errors import PaishoError
from paisho_core.schema import load_yaml

PLANTED = "from pathlib import Path\nPath({marker!r}).write_text('ran')\n"


def plant(folder: Path, marker: Path, name: str = "house", extends: str = "skud") -> Path:
    """A house-rule overlay ``name.yaml`` in ``folder`` whose hook file writes ``marker``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}_hooks.py").write_text(PLANTED.format(marker=str(marker)))
    path = folder / f"{name}.yaml"
    path.write_text(f"name: planted-{name}-{abs(hash(str(folder))) % 10**6}\nextends: {extends}\n"
                    f"hooks: [{name}_hooks.py]\n")
    return path


# -- 1. names are names ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["house.yaml:", "house.yaml", "notes", ".mine", "config.yml:",
                                  "./house.yaml", "house.yaml:NoWheels=true", "x" * 300])
def test_new_game_never_loads_a_file(tmp_path, monkeypatch, name):
    marker = tmp_path / "marker"
    plant(tmp_path, marker)
    (tmp_path / "notes").write_text((tmp_path / "house.yaml").read_text())
    (tmp_path / ".mine").write_text((tmp_path / "house.yaml").read_text())
    (tmp_path / "config.yml").write_text("secret_key: 1\npassword: 2\n")
    monkeypatch.chdir(tmp_path)
    before = paisho.variants()
    with pytest.raises(paisho.VariantError) as err:
        paisho.new_game(name)
    message = str(err.value)
    assert "skud" in message and "registered" in message  # names the registered variants
    assert "secret_key" not in message and "password" not in message
    assert not marker.exists()
    assert paisho.variants() == before


def test_load_record_and_positions_never_load_a_file(tmp_path, monkeypatch):
    marker = tmp_path / "marker"
    plant(tmp_path, marker)
    (tmp_path / ".mine").write_text((tmp_path / "house.yaml").read_text())
    monkeypatch.chdir(tmp_path)
    for variant in (".mine", "house.yaml", "house.yaml:"):
        with pytest.raises(paisho.PaishoError):
            paisho.load_record("1G.R3(0,-8)\n", variant=variant)
    with pytest.raises(paisho.PaishoError):
        paisho.load_record('[Variant "house.yaml"]\n1G.R3(0,-8)\n')
    position = paisho.new_game("skud", seed=1).position()
    for variant in ("house.yaml", ".mine", "notes"):
        with pytest.raises(paisho.PositionError):
            paisho.from_position({**position, "variant": variant})
    reply = Engine().handle(json.dumps({"cmd": "new", "variant": "house.yaml:"}))
    assert reply["ok"] is False and reply["kind"] != "InternalError"
    assert not marker.exists()


def test_a_file_is_loaded_when_named_explicitly(tmp_path):
    marker = tmp_path / "marker"
    path = plant(tmp_path, marker)
    variant = paisho.load_variant_file(path)  # the explicit file API: the hooks run
    assert marker.exists()
    game = paisho.new_game(variant, seed=1)
    assert paisho.load_record(game.record(), variant=variant).name == variant.name


def test_the_registry_module_opens_no_file():
    """The registry of names and the loading of files are separate modules; only the second
    touches the file system (issue 32, the boundary visible in the tree)."""
    root = Path(paisho.__file__).parent / "variant"
    registry = (root / "registry.py").read_text()
    for word in ("open(", "read_text", "read_bytes", "is_file", "exec_module", "spec_from_file"):
        assert word not in registry, word
    assert "exec_module" in (root / "files.py").read_text()


# -- 2. extends ------------------------------------------------------------------------------------

def _extends_case(tmp_path: Path, how: str) -> tuple[Path, Path]:
    """An overlay in tmp/house whose ``extends:`` leads to a planted file elsewhere."""
    marker = tmp_path / "marker"
    elsewhere = tmp_path / "elsewhere"
    parent = plant(elsewhere, marker, name="parent")
    house = tmp_path / "house"
    house.mkdir()
    if how == "absolute":
        target = str(parent)
    elif how == "dotdot":
        target = "../elsewhere/parent.yaml"
    elif how == "symlink":
        (house / "link.yaml").symlink_to(parent)
        target = "link.yaml"
    elif how == "subfolder":
        target = "sub/parent.yaml"
    else:
        target = "p" * 300 + ".yaml"
    overlay = house / "o.yaml"
    overlay.write_text(f"name: test-extends-{how}\nextends: {target}\n")
    return overlay, marker


@pytest.mark.parametrize("how", ["absolute", "dotdot", "symlink", "subfolder", "long"])
def test_extends_stays_in_the_overlay_folder_and_runs_nothing(tmp_path, how):
    overlay, marker = _extends_case(tmp_path, how)
    with pytest.raises(paisho.VariantError) as err:
        paisho.load_variant_file(overlay)
    assert "o.yaml" in str(err.value) and "line 2" in str(err.value)
    assert not marker.exists()


def test_no_hook_runs_before_the_whole_chain_is_checked(tmp_path):
    """The parent file in the same folder has a hook; the child is broken: nothing runs."""
    marker = tmp_path / "marker"
    plant(tmp_path, marker, name="parent")
    child = tmp_path / "child.yaml"
    child.write_text("name: test-broken-child\nextends: parent.yaml\ntiles:\n  - code: ZZ\n")
    with pytest.raises(paisho.VariantError) as err:
        paisho.load_variant_file(child)
    assert "child.yaml" in str(err.value) and "ZZ" in str(err.value)
    assert not marker.exists()


def test_extends_in_the_same_folder_still_works(tmp_path):
    marker = tmp_path / "marker"
    plant(tmp_path, marker, name="parent")
    child = tmp_path / "child.yaml"
    child.write_text("name: test-good-child\nextends: ./parent.yaml\n")
    variant = paisho.load_variant_file(child)
    assert marker.exists() and variant.name == "test-good-child"


def test_sizes_are_checked_before_reading(tmp_path):
    """A 3 GiB (sparse) file named by extends is refused from its size, without reading it."""
    big = tmp_path / "big.yaml"
    with open(big, "wb") as handle:
        handle.truncate(3 * 2**30)
    overlay = tmp_path / "o.yaml"
    overlay.write_text("name: test-big-parent\nextends: big.yaml\n")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for path in (overlay, big):
        with pytest.raises(paisho.VariantError) as err:
            paisho.load_variant_file(path)
        assert "bytes" in str(err.value)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # KiB


def test_special_files_are_refused(tmp_path):
    with pytest.raises(paisho.VariantError) as err:
        paisho.load_variant_file("/dev/zero")
    assert "regular file" in str(err.value)
    with pytest.raises(paisho.VariantError):
        paisho.load_variant_file(tmp_path)


# -- 3. hidden information ---------------------------------------------------------------------------

def _ancient_under_way():
    from paisho_core.players import make_player

    game = paisho.new_game("ancient", seed=5)
    player = make_player("random", seed=1)
    for n in range(60):
        if n >= 8 and not game.state.pending:  # stop between whole turns
            break
        chance = game.chance_outcomes()
        game.play(game.sample_chance(chance) if chance else player.choose(game))
    return game


def test_shared_record_and_views_carry_no_seed_until_the_end():
    game = _ancient_under_way()
    assert game.outcome is None and game.withholds_seed
    shared = game.record(shared=True)
    assert "[Seed" not in shared and "[Withheld" in shared
    with pytest.raises(paisho.RecordError) as err:
        paisho.load_record(shared)
    assert "withholds" in str(err.value)
    for player in ("host", "guest"):
        view = game.observation(player)
        assert "seed" not in view
    fire = paisho.new_game("fire", seed=9)
    assert "seed" not in fire.observation("host") and "[Seed" not in fire.record(shared=True)
    game.resign("host")
    full = game.record(shared=True)
    assert '[Seed "5"]' in full and "[Withheld" not in full
    assert paisho.load_record(full).outcome is not None


# -- 4. inputs that used to end in a traceback ----------------------------------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize("text", [
    '[Variant "skud"]\n[Seed "²"]\n1G.R3(0,-8)\n',
    f'[Variant "fire"]\n[Seed "{HUGE}"]\n',
    f'[Variant "skud"]\n[Options "{{\\"x\\": {HUGE}}}"]\n',
    '[Variant "skud"]\n[Options "{\\"NoWheels\\": NaN}"]\n',
    f'[Variant "skud"]\n{HUGE}G.R3(0,-8)\n',
    f'[Variant "skud"]\n1G.R3({HUGE},-8)\n',
])
def test_records_refuse_bad_numbers(text):
    with pytest.raises(paisho.RecordError):
        paisho.load_record(text)


@pytest.mark.parametrize("change", [
    {"turn": 30.0}, {"scores": {"host": float("nan")}}, {"seed": "²"}, {"seed": 10**5000},
    {"turn": 10**5000}, {"board": [{"x": 0.0, "y": 0, "tile": "R3", "owner": "host"}]},
])
def test_positions_refuse_bad_numbers(change):
    position = {**paisho.new_game("skud", seed=1).position(), **change}
    with pytest.raises(paisho.PositionError):
        paisho.from_position(position)


@pytest.mark.parametrize("text", ['{"variant": "skud", "turn": NaN}', '{"turn": Infinity}',
                                  '{"turn": ' + HUGE + "}"])
def test_position_text_refuses_non_json_numbers(text):
    from paisho_core.reader import read_game

    with pytest.raises(paisho.PaishoError):
        read_game(text)


@pytest.mark.parametrize("value", ["!!bool maybe", "!!int 0x", "!!float x", "!!timestamp x",
                                   "2001-01-01", "!!binary AAAA", "!!set {x}", HUGE, ".nan"])
def test_yaml_tags_and_numbers_are_refused_at_their_line(tmp_path, value):
    path = tmp_path / "o.yaml"
    path.write_text(f"name: test-yaml-tags\nextends: skud\noptions:\n  - name: X\n    default: {value}\n")
    with pytest.raises(paisho.VariantError) as err:
        paisho.load_variant_file(path)
    assert "line 5" in str(err.value) or "line 4" in str(err.value), str(err.value)
    if value != ".nan":  # YAML reads .nan; the document check refuses it (above)
        with pytest.raises(PaishoError):
            load_yaml(f"a: {value}\n", "a.yaml")


@pytest.mark.parametrize("value", ["1" + "0" * 400, "²", "1e400", "nan", "inf", HUGE])
def test_option_values_are_bounded(value):
    from paisho_core.variant import parse_option_pairs

    variant = paisho.get_variant("basic")
    numeric = [n for n, s in variant.option_specs.items()
               if isinstance(s["default"], (int, float)) and not isinstance(s["default"], bool)]
    assert numeric
    with pytest.raises(paisho.VariantError):
        parse_option_pairs(variant, [f"{numeric[0]}={value}"])
    with pytest.raises(paisho.VariantError):
        paisho.new_game(f"basic:{numeric[0]}={value}")


def test_engine_answers_are_json_and_bounded():
    engine = Engine()
    for line in ('{"cmd": "hello", "id": NaN}', '{"cmd": "hello", "id": ' + HUGE + "}",
                 '{"cmd": "new", "variant": "skud", "seed": "²"}',
                 '{"cmd": "new", "variant": "skud", "seed": ' + HUGE + "}"):
        reply = engine.handle(line)
        assert reply["ok"] is False and reply["kind"] != "InternalError", reply
        json.loads(json.dumps(reply, allow_nan=False))
    assert engine.handle('{"cmd": "new", "variant": "skud", "seed": 1}')["ok"]
    for player in ("mcts:999999999", "mcts:²", "mcts:" + HUGE):
        reply = engine.handle(json.dumps({"cmd": "go", "player": player}))
        assert reply["ok"] is False and reply["kind"] != "InternalError", reply
    for seconds in ("1e308", "Infinity", "NaN"):
        reply = engine.handle('{"cmd": "go", "player": "medium", "seconds": %s}' % seconds)
        assert reply["ok"] is False and reply["kind"] != "InternalError", reply


# -- 5. caps that cap ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("think", ["nan", "inf", "1e308", "-1"])
def test_match_refuses_endless_thinking(think):
    result = CliRunner().invoke(app, ["match", "skud", "--guest", "greedy", "--host", "random",
                                      "-n", "1", "--think", think])
    assert result.exit_code == 2 and "--think" in result.output + (result.stderr or "")


def test_bad_player_budget_is_a_message():
    result = CliRunner().invoke(app, ["match", "skud", "--guest", "mcts:²", "--host", "random", "-n", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output


# -- 6. saving never destroys -------------------------------------------------------------------------------

def test_a_failed_save_keeps_the_old_record_and_exits_non_zero(tmp_path, monkeypatch):
    from paisho_core import safe_io

    good = tmp_path / "g.txt"
    game = paisho.new_game("skud", seed=1)
    game.play(game.legal_moves()[0])
    good.write_text(game.record())
    before = good.read_text()

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safe_io.os, "fsync", full_disk)
    result = CliRunner().invoke(app, ["play", "skud", "--record", str(good), "--save", str(good)],
                                input="quit\n\n")
    assert result.exit_code != 0, result.output
    assert "No space left" in result.output + (result.stderr or "")
    assert good.read_text() == before
    assert sorted(os.listdir(tmp_path)) == ["g.txt"]  # no temporary file left behind


def test_write_atomic_replaces_whole(tmp_path):
    from paisho_core.safe_io import write_atomic

    path = tmp_path / "x.txt"
    path.write_text("old")
    write_atomic(path, "new text")
    assert path.read_text() == "new text" and os.listdir(tmp_path) == ["x.txt"]


@pytest.mark.parametrize("saved", ["{not json", '{"variants": []}', '{"settings": {}, "variants": [{}]}'])
def test_the_report_script_changes_nothing_when_the_saved_report_is_bad(tmp_path, saved):
    """Rendering a malformed saved report used to delete the committed plots first."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "gen_compare_report", Path(__file__).resolve().parents[1] / "scripts" / "gen_compare_report.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    plots = tmp_path / "img" / "compare"
    plots.mkdir(parents=True)
    (plots / "kept.png").write_bytes(b"png")
    page = tmp_path / "page.md"
    page.write_text("the page\n")
    bad = tmp_path / "bad.json"
    bad.write_text(saved)
    assert script.main(["--from-json", str(bad), "--page", str(page), "--house"]) == 2
    assert (plots / "kept.png").read_bytes() == b"png" and page.read_text() == "the page\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "img", "page.md"]


def test_options_typed_with_the_variant_are_used_to_read_a_record():
    """`paisho replay FILE --variant NAME:Option=value` reads an untagged record with those
    options (they used to be dropped: a Vagabond record with VDoubleMoveDistance stopped at 10H)."""
    folder = Path(__file__).parent / "data" / "tgg" / "vagabond" / "records"
    record = sorted(folder.glob("*VDoubleMoveDistance*.txt"))[0]
    runner = CliRunner()
    good = runner.invoke(app, ["replay", str(record), "--variant", "vagabond:VDoubleMoveDistance=true", "--json"])
    assert good.exit_code == 0, good.output
    assert json.loads(good.output)["outcome"] is not None
    assert runner.invoke(app, ["replay", str(record), "--variant", "vagabond"]).exit_code == 2
    shown = runner.invoke(app, ["show", str(record), "--variant", "vagabond:VDoubleMoveDistance=true", "--plain"])
    assert shown.exit_code == 0, shown.output


def test_a_shared_record_leaves_secret_choices_blank_until_the_end():
    """Adevar's Hidden Tiles (chosen, not dealt: no seed involved) are written blank in what is
    shared of a game under way (the variant's paisho_public_turn), and in full once it ends."""
    from paisho_core.players import make_player

    game = paisho.new_game("adevar", seed=3)
    player = make_player("random", seed=2)
    while game.ply < 4:
        game.play(player.choose(game))
    full = game.record()
    secrets = [line for line in full.splitlines() if "cHT:" in line]
    assert secrets and all("HiddenTile" not in line for line in secrets)
    shared = game.record(shared=True)
    assert all(line not in shared for line in secrets) and "cHT:HiddenTile" in shared
    assert "[Withheld" in shared
    game.resign("host")
    assert all(line in game.record(shared=True) for line in secrets)


def test_display_only_options_of_a_tgg_record_are_ignored_with_a_note(tmp_path):
    """Issue 35, item 10: a TGG game carrying NoHarmonyAids (a display choice there) replays,
    saying the option was ignored, in the library and in `paisho replay`."""
    game = paisho.new_game("skud", seed=1)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    text = game.record().replace('[Variant "skud"]', '[Variant "skud"]\n[Options "{\\"NoHarmonyAids\\": true}"]')
    again = paisho.load_record(text)
    assert again.ignored_options and "NoHarmonyAids" in again.ignored_options[0]
    path = tmp_path / "g.txt"
    path.write_text(text)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "NoHarmonyAids ignored" in result.output, result.output
    with pytest.raises(paisho.RecordError):  # an option no program has is still an error
        paisho.load_record(text.replace("NoHarmonyAids", "NoSuchOption"))


def test_a_stopped_compare_keeps_its_games_and_resumes(tmp_path, monkeypatch):
    """Issue 32, item 6: Ctrl-C in `paisho compare --out x.json` keeps the games played (a
    journal beside the report) and the same command resumes: the report equals an unstopped run."""
    from paisho_core.compare import report as report_module

    args = ["compare", "fire", "-n", "6", "--workers", "2", "--backend", "inline", "--players",
            "random", "--format", "json", "--quiet"]
    runner = CliRunner()
    whole = tmp_path / "whole.json"
    assert runner.invoke(app, args + ["--out", str(whole)]).exit_code == 0
    real = report_module.run_tasks

    def stopped(fn, tasks, workers, backend, on_done, address):
        for n, task in enumerate(tasks[:2]):
            on_done(n, fn(*task))
        raise KeyboardInterrupt

    monkeypatch.setattr(report_module, "run_tasks", stopped)
    out = tmp_path / "x.json"
    result = runner.invoke(app, args + ["--out", str(out)])
    assert result.exit_code == 130 and "games kept" in result.output + (result.stderr or "")
    journal = tmp_path / "x.json.partial.jsonl"
    assert journal.exists() and not out.exists()
    kept = len(journal.read_text().splitlines()) - 1
    assert 0 < kept < 6
    played = []

    def counting(fn, tasks, workers, backend, on_done, address):
        played.extend(i for task in tasks for i in task[2])
        return real(fn, tasks, workers, backend, on_done, address)

    monkeypatch.setattr(report_module, "run_tasks", counting)
    again = runner.invoke(app, args + ["--out", str(out)])
    assert again.exit_code == 0, again.output
    assert len(played) == 6 - kept  # only the games not kept were played
    assert json.loads(out.read_text()) == json.loads(whole.read_text())
    assert not journal.exists()
    other = runner.invoke(app, args + ["--seed", "2", "--out", str(out)])
    assert other.exit_code == 0  # the journal was removed: a new run starts afresh
