"""benchmarks/adevar_objectives.py: a game with the Guest moving first starts from the position
the choices reached, the Guest to move, nothing else changed; the summary by side counts the
Host's wins and the first mover's; bad arguments are a message and exit 2."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import paisho_core as paisho

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("adevar_objectives_bench",
                                                  ROOT / "benchmarks" / "adevar_objectives.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_guest_moves_first_from_the_same_position(bench, monkeypatch):
    seen = {}

    def record(game, players, **kw):  # stands in for the players: what the game starts from
        seen["game"] = game

    monkeypatch.setattr(bench, "play_game", record)
    row = bench.one_game("WhiteRose", "Iris", 0, "greedy", None, 500, False, 100, mover="guest")
    game = seen["game"]
    ref = paisho.new_game("adevar", seed=500)
    ref.play("cHT:WhiteRose")
    ref.play("cHT:Iris")
    assert game.to_move == "guest" and ref.to_move == "host"
    want = ref.position()
    got = game.position()
    assert {k: v for k, v in got.items() if k != "to_move"} == {k: v for k, v in want.items() if k != "to_move"}
    assert row["mover"] == "guest" and row["first_side"] == "host"


def test_summary_by_side(bench):
    games = [{"winner": "host", "mover": "guest"}, {"winner": "guest", "mover": "guest"},
             {"winner": "guest", "mover": "guest"}, {"first": "Iris"}]
    assert bench.sides(games) == ("By side: the Host won 1 of 3 games, the side that moved first 2 "
                                  "(guest moving first).")
    assert bench.sides([{"first": "Iris"}]) == ""


def test_a_short_run_both_ways(bench, capsys):
    assert bench.main(["--tiles", "WhiteRose,WhiteRose", "--games", "2", "--level", "greedy",
                       "--workers", "1", "--first-mover", "guest"]) == 0
    out = capsys.readouterr().out
    assert "the guest moving first" in out and "By side: the Host won" in out


def test_bad_tiles_exit_2(bench, capsys):
    assert bench.main(["--tiles", "WhiteRose,Tulip"]) == 2
    assert "Tulip" in capsys.readouterr().err


@pytest.mark.parametrize("line, field", [('{"first": "Iris"}', "decisions"), ("[1, 2]", "fields"),
                                         ('{"first": "Tulip", "second": "Iris", "score": 1, "decisions": 3}',
                                          "first, second"), ("{not json", "line 1")])
def test_merge_of_a_file_that_is_not_saved_games_exits_2(bench, tmp_path, capsys, line, field):
    path = tmp_path / "games.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    assert bench.main(["--merge", str(path)]) == 2
    err = capsys.readouterr().err
    assert "line 1" in err and field in err and "Traceback" not in err
