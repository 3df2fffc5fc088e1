"""The ratings benchmark's fit (``benchmarks/ratings.py``) and the TGG benchmark's tabling of the
harness's game files (``benchmarks/tgg_strength.py``), on made-up games: no game is played and
nothing is timed."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location(f"{name}_bench", ROOT / "benchmarks" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


def test_bradley_terry_recovers_known_odds_and_anchors_random():
    pytest.importorskip("scipy")
    ratings = _load("ratings")
    # greedy scores 90% against random (odds 9 to 1: 382 Elo points), quick 75% against greedy
    games = [("greedy", "random", 1.0)] * 90 + [("greedy", "random", 0.0)] * 10
    games += [("quick", "greedy", 1.0)] * 75 + [("quick", "greedy", 0.0)] * 25
    fitted = ratings.fit(games, prior=0)
    assert fitted["random"] == (0.0, 0.0)
    assert fitted["greedy"][0] == pytest.approx(381.7, abs=1)
    assert fitted["quick"][0] - fitted["greedy"][0] == pytest.approx(190.8, abs=1)
    low, high = fitted["greedy"][0] - fitted["greedy"][1], fitted["greedy"][0] + fitted["greedy"][1]
    assert 250 < low < 381.7 < high < 520
    # a level that won every game still gets a finite rating with the default prior
    assert ratings.fit([("greedy", "random", 1.0)] * 5)["greedy"][0] < 1000


def test_chain_pairs_connect_every_level():
    pytest.importorskip("scipy")
    ratings = _load("ratings")
    assert ratings.chain_pairs(["random", "greedy", "quick", "easy"]) == [
        "greedy:random", "quick:random", "quick:greedy", "easy:greedy", "easy:quick"]


def _game(seed, result, findings=(), paisho="greedy", bot="v1"):
    return {"game": seed, "seed": seed, "tgg_ai": bot, "paisho": paisho, "paisho_side": "host",
            "result": result, "plies": 80, "reason": "harmony ring" if result != "capped" else None,
            "paisho_s_per_turn": 0.01, "bot_s_per_turn": 0.5, "n_paisho_turns": 40, "n_bot_turns": 40,
            "findings": list(findings), "record": []}


def test_tgg_table_counts_results_and_disagreements(tmp_path):
    tgg = _load("tgg_strength")
    ignored = {"kind": "bot turn illegal for paisho", "turn": "5G.(1,-6)-(-1,-5)+W4(8,0)",
               "continued_with": "5G.(1,-6)-(-1,-5)"}
    differs = {"kind": "position differs", "after": "9H.(0,1)-(0,2)"}
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(g) for g in [
        _game(1, "win", [ignored]), _game(2, "loss"), _game(3, "draw"), _game(4, "capped", [differs])]) + "\n")
    groups = tgg.load([path])
    s = tgg.summarise(groups[("greedy", "v1")])
    assert (s["wins"], s["draws"], s["losses"], s["capped"]) == (1, 1, 1, 1)
    assert s["score"] == pytest.approx(0.5) and s["disagreements"] == 1 and s["bonus_ignored"] == 1
    assert "| greedy | SkudAIv1 | 4 | 50% (" in tgg.table(groups)
    assert tgg.parse_pair("medium@0.5:v2") == ("medium", 0.5, "v2")
    with pytest.raises(ValueError):
        tgg.parse_pair("medium:v3")


def test_tgg_replay_check_finds_a_turn_the_code_now_plays_otherwise():
    """The replay check plays a saved game again with the player the driver made (seed * 7 + 1)
    and names the first of its turns the code at hand plays otherwise."""
    import paisho_core as paisho
    from paisho_core.players import make_player

    tgg = _load("tgg_strength")
    seed = 6001
    g = paisho.new_game("skud", seed=seed)
    me, other = make_player("greedy", seed=seed * 7 + 1), make_player("random", seed=5)
    while g.outcome is None and g.ply < 60:  # the "bot" is a random player here
        g.play((me if g.to_move == "host" else other).choose(g))
    record = [t for t in g.record().splitlines() if t and t[0].isdigit()]
    game = {"seed": seed, "paisho_side": "host", "record": record}
    out = tgg.replay_check({("greedy", "v1"): [game], ("medium think=1.0", "v2"): [dict(game)]})
    assert "1 played alike, 0 differ; 1 games of clocked levels" in out
    host_turns = [k for k, t in enumerate(record) if t.split(".")[0].endswith("H") and k > 3]
    k = host_turns[0]
    bent = dict(game, record=record[:k] + ["%s.resign" % record[k].split(".")[0]] + record[k + 1:])
    out = tgg.replay_check({("greedy", "v1"): [bent]})
    assert f"greedy seed {seed}: turn {k}: recorded" in out and "0 played alike, 1 differ" in out
def test_pair_table_scores_pairs_and_checks_a_floor():
    ratings = _load("ratings")

    def game(variant, score, up_ms):
        return {"variant": variant, "upper": "quick", "lower": "greedy", "score": score,
                "upper_times": [up_ms / 1000] * 3, "lower_times": [0.002] * 3}

    games = [game("skud", 1.0, 5)] * 8 + [game("skud", 0.5, 5)] * 2 + [game("iroh", 1.0, 12)] * 3 + [game("iroh", 0.0, 12)] * 7
    text = ratings.pair_table(games, (0.7, 10))
    skud, iroh = (line for line in text.splitlines() if line.startswith(("| skud", "| iroh")))
    assert "| 10 | 90% (" in skud and "| 8 / 2 / 0 |" in skud and "quick 5.0, greedy 2.0" in skud
    assert skud.endswith("| met |")
    assert iroh.endswith("| short: score and CPU |")
