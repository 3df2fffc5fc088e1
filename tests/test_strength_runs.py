"""The strength benchmark's saved runs: ``--save`` writes every game with its settings and
``--merge`` builds one table from several saved runs, refusing what would make it wrong (a game
counted twice, runs played under different budgets, a file that is not a saved run)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("strength_bench", ROOT / "benchmarks" / "strength.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(strength, *argv):
    return strength.main([*argv])


def test_save_then_merge_gives_the_same_table(strength, tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(strength, "--variants", "fire", "--pairs", "greedy:random", "--games", "2", "--backend", "inline", "--save", str(a))
    played = capsys.readouterr().out
    run(strength, "--variants", "ancient", "--pairs", "greedy:random", "--games", "1", "--backend", "inline", "--save", str(b))
    capsys.readouterr()
    saved = json.loads(a.read_text())
    assert saved["settings"]["games"] == 2 and len(saved["games"]) == 2
    assert {g["seed"] for g in saved["games"]} == {1}
    run(strength, "--merge", str(a))
    assert capsys.readouterr().out == played
    run(strength, "--merge", str(a), str(b))
    merged = capsys.readouterr().out
    assert "1-2 games per row" in merged and "| fire | greedy v random |" in merged and "| ancient |" in merged


def test_merge_refuses_a_game_twice_other_settings_and_other_files(strength, tmp_path):
    a = tmp_path / "a.json"
    run(strength, "--variants", "fire", "--pairs", "greedy:random", "--games", "1", "--backend", "inline", "--save", str(a))
    with pytest.raises(SystemExit, match="count twice"):
        run(strength, "--merge", str(a), str(a))
    other = json.loads(a.read_text())
    other["settings"]["scale"] = 0.5
    other["games"][0]["seed"] = 2
    b = tmp_path / "b.json"
    b.write_text(json.dumps(other))
    with pytest.raises(SystemExit, match="same settings"):
        run(strength, "--merge", str(a), str(b))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(SystemExit, match="bad.json: not a run saved by --save"):
        run(strength, "--merge", str(bad))


def test_merge_writes_between_the_named_markers(strength, tmp_path, capsys):
    a = tmp_path / "a.json"
    run(strength, "--variants", "fire", "--pairs", "greedy:random", "--games", "1", "--backend", "inline", "--save", str(a))
    page = tmp_path / "page.md"
    page.write_text("top\n<!-- search:start -->\nold\n<!-- search:end -->\n<!-- strength:start -->\nkeep\n<!-- strength:end -->\n")
    run(strength, "--merge", str(a), "--write-docs", str(page), "--marker", "search")
    text = page.read_text()
    assert "old" not in text and "keep" in text and "| fire | greedy v random |" in text
    with pytest.raises(SystemExit, match="no <!-- other:start -->"):
        run(strength, "--merge", str(a), "--write-docs", str(page), "--marker", "other")


@pytest.mark.parametrize("argv, said", [
    (["--pairs", "hard-medium"], "STRONGER:WEAKER"),
    (["--pairs", "hard:mediu"], "unknown player 'mediu'"),
    (["--variants", "chess"], "unknown variant 'chess'"),
    (["--games", "0"], "at least one game"),
])
def test_a_bad_command_line_is_refused_before_any_game(strength, capsys, argv, said):
    with pytest.raises(SystemExit) as stop:
        run(strength, *argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_runs_under_another_decision_cap_merge_and_the_table_says_which(strength, tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(strength, "--variants", "fire", "--pairs", "greedy:random", "--games", "1", "--backend", "inline",
        "--max-plies", "500", "--save", str(a))
    run(strength, "--variants", "skud", "--pairs", "greedy:random", "--games", "1", "--backend", "inline",
        "--save", str(b))
    capsys.readouterr()
    assert json.loads(b.read_text())["games"][0]["cap"] == strength.MAX_PLIES
    legacy = json.loads(a.read_text())
    for game in legacy["games"]:
        del game["cap"]  # saved before games recorded their cap: the file's settings say it
    a.write_text(json.dumps(legacy))
    run(strength, "--merge", str(a), str(b))
    first = capsys.readouterr().out.splitlines()[0]
    assert f"decision cap {strength.MAX_PLIES}; 500 for fire greedy v random (a capped" in first


def test_a_run_resumed_with_first_merges_into_the_whole(strength, tmp_path, capsys):
    """``--first N`` plays games N to --games only (a run stopped early is finished so), and the
    two parts merge into the table the whole run gives."""
    whole, head, tail = tmp_path / "whole.json", tmp_path / "head.json", tmp_path / "tail.json"
    common = ("--variants", "fire", "--pairs", "greedy:random", "--backend", "inline")
    run(strength, *common, "--games", "3", "--save", str(whole))
    played = capsys.readouterr().out
    run(strength, *common, "--games", "1", "--save", str(head))
    run(strength, *common, "--games", "3", "--first", "2", "--save", str(tail))
    capsys.readouterr()
    assert [g["index"] for g in json.loads(tail.read_text())["games"]] == [1, 2]
    run(strength, "--merge", str(head), str(tail))
    assert capsys.readouterr().out == played
    with pytest.raises(SystemExit):
        run(strength, *common, "--games", "3", "--first", "4")
    assert "--first 4: give a game from 1 to --games (3)" in capsys.readouterr().err
