"""Tests of ``paisho compare`` (issue 11): figures recounted from the games' records, identical
JSON for any worker count, rules tables that follow an overlay, every section for every variant.

Game counts and ply caps are kept small; the variants under construction are skipped by the
command itself (with the reason), so these tests hold whatever state the plugins are in.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

import paisho_core as paisho
from paisho_core import board, compare, stats
from paisho_core.cli.app import app
from paisho_core.tiles import other

SMALL = dict(games=3, seed=7, max_plies=120, players="random")


def _working(names):
    out = []
    for name in names:
        try:
            g = paisho.new_game(name, seed=0, auto_chance=False)
            g.legal_moves()
        except Exception:
            continue
        out.append(name)
    return out


@pytest.fixture(scope="module")
def skud_fire():
    """A small comparison with records kept: Skud (no chance) and Fire (chance draws)."""
    names = _working(["skud", "fire"])
    if not names:
        pytest.skip("neither skud nor fire loads")
    return compare.run_compare(names, workers=2, keep_records=True, **SMALL)


# -- statistics ------------------------------------------------------------------------------------

def test_wilson_interval_known_values():
    lo, hi = stats.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = stats.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert stats.wilson(0, 0) is None


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=80),
       st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]))
def test_counter_quantile_matches_list_quantile(xs, q):
    counts = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    assert stats.counter_quantile(counts, q) == pytest.approx(stats.quantile(xs, q))
    h = stats.histogram(xs)
    assert sum(h["counts"]) == len(xs) and len(h["edges"]) == len(h["counts"]) + 1


def test_end_category_strips_numbers():
    assert compare.end_category("more midline-crossing harmonies (4-0)") == "more midline-crossing harmonies"
    assert compare.end_category("a reserve is empty; midline-crossing harmonies tied 1-1") == \
        "a reserve is empty; midline-crossing harmonies tied n"


# -- acceptance 1: the figures, recounted from the records -------------------------------------------

def _recount(record: str):
    """Replay a record on a fresh game, independently of compare.play_one, and count."""
    loaded = paisho.load_record(record)
    options = json.loads(loaded.tags["Options"]) if "Options" in loaded.tags else {}
    game = paisho.new_game(loaded.name, options=options, seed=loaded.seed, auto_chance=False)
    decisions = chance = captures = 0
    branching = []
    longest: dict = {}
    first = None
    for move in loaded.moves:
        if game.chance_outcomes():
            chance += 1
            game.play(move)
            continue
        mover = game.to_move
        if first is None and game.state.turn >= 1:
            first = mover
        branching.append(len(game.legal_moves()))
        before = len(game.state.tiles(other(mover)))
        start = {game.state.ident[i]: i for i, _t in game.state.tiles()}
        game.play(move)
        if move.src >= 0 and move.dst >= 0 and move.src != move.dst:
            tile = game.state.board[move.dst]
            if tile is not None and start.get(game.state.ident[move.dst]) == move.src:
                (x1, y1), (x2, y2) = board.coords(move.src), board.coords(move.dst)
                longest[tile.code] = max(longest.get(tile.code, 0), abs(x1 - x2) + abs(y1 - y2))
        captures += max(0, before - len(game.state.tiles(other(mover))))
        decisions += 1
    assert game.position() == loaded.position()
    return {"decisions": decisions, "chance": chance, "captures": captures, "branching": branching,
            "turns": len(loaded.turns()), "first": first, "outcome": loaded.outcome, "longest": longest}


def test_figures_match_an_independent_recount_of_the_records(skud_fire):
    for item in skud_fire["variants"]:
        play = item["play"]
        counts = [_recount(r) for r in item["records"]]
        n = len(counts)
        assert play["games"] == n == SMALL["games"]
        dec = [c["decisions"] for c in counts]
        assert play["decisions"]["mean"] == pytest.approx(sum(dec) / n, abs=1e-4)
        assert play["decisions"]["max"] == max(dec) and play["decisions"]["min"] == min(dec)
        assert play["turns"]["mean"] == pytest.approx(sum(c["turns"] for c in counts) / n, abs=1e-4)
        assert play["chance_steps_per_game"] == pytest.approx(sum(c["chance"] for c in counts) / n, abs=1e-4)
        allb = [b for c in counts for b in c["branching"]]
        assert play["branching"]["decisions"] == len(allb) == sum(dec)
        assert play["branching"]["mean"] == pytest.approx(sum(allb) / len(allb), abs=1e-4)
        assert play["branching"]["max"] == max(allb)
        assert play["branching"]["median"] == pytest.approx(stats.median(allb), abs=1e-4)
        assert play["captures"]["mean"] == pytest.approx(sum(c["captures"] for c in counts) / n, abs=1e-4)
        first_wins = sum(1 for c in counts if c["outcome"] and c["outcome"].winner == c["first"])
        draws = sum(1 for c in counts if c["outcome"] and c["outcome"].winner is None)
        capped = sum(1 for c in counts if c["outcome"] is None)
        assert play["first_player_wins"]["count"] == first_wins
        assert play["draws"]["count"] == draws
        assert play["capped"]["count"] == capped
        # a capped game stopped exactly at the cap
        assert all(c["decisions"] == SMALL["max_plies"] for c in counts if c["outcome"] is None)
        ends = {e["reason"]: e["count"] for e in play["ends"]}
        expected: dict = {}
        for c in counts:
            key = compare.end_category(c["outcome"].reason) if c["outcome"] else "ply cap"
            expected[key] = expected.get(key, 0) + 1
        assert ends == expected
        longest: dict = {}
        for c in counts:
            for code, d in c["longest"].items():
                longest[code] = max(d, longest.get(code, 0))
        assert play["longest_move_seen"] == longest


# -- acceptance 2: byte-identical JSON whatever the worker count ----------------------------------

def test_json_identical_for_one_and_two_workers(skud_fire):
    names = [v["name"] for v in skud_fire["variants"]]
    one = compare.render_json(compare.run_compare(names, workers=1, **SMALL))
    two = compare.render_json(skud_fire)
    assert one == two
    assert '"records"' not in two


def test_cli_json_identical_across_processes_and_hash_seeds(tmp_path):
    """Two separate ``paisho compare`` runs with different PYTHONHASHSEED and worker counts."""
    outs = []
    for hashseed, workers in (("1", "1"), ("2", "2")):
        out = tmp_path / f"r{hashseed}.json"
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        subprocess.run([sys.executable, "-m", "paisho_core.cli", "compare", "skud", "iroh", "--games", "2", "--players", "random",
                        "--max-plies", "60", "--workers", workers, "--format", "json", "--out", str(out),
                        "--quiet"], check=True, env=env, timeout=120)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


# -- acceptance 3: the rules table follows an overlay ------------------------------------------------

def test_rules_table_changes_with_an_overlay(tmp_path):
    overlay = tmp_path / "five-roses.yaml"
    overlay.write_text("name: five-roses\nextends: skud\ntiles:\n  - {code: R3, count: 5}\n"
                       "harmony:\n  circle: [R3, R4, R5, W3]\n  pairs: [[W4, W5]]\n  wild: [L]\n", "utf-8")
    report = compare.run_compare(["skud", str(overlay)], games=1, seed=1, max_plies=10, players="random")
    base, house = report["variants"]
    assert house["label"] == "five-roses"
    rose = {v["label"]: next(t for t in v["rules"]["tiles"] if t["code"] == "R3") for v in (base, house)}
    assert rose["skud"]["count"] == 3 and rose["five-roses"]["count"] == 5
    assert rose["five-roses"]["in_play"] == {"host": 5, "guest": 5}
    assert base["rules"]["harmony"]["pairs"] != house["rules"]["harmony"]["pairs"]
    assert ["W4", "W5"] in house["rules"]["harmony"]["extra_pairs"]
    md = compare.render(report, "md")
    row = next(line for line in md.splitlines() if line.startswith("| Rose |"))
    assert "R3 x3" in row and "R3 x5" in row
    harmony_row = next(line for line in md.splitlines() if line.startswith("| Harmony |"))
    assert "R3-R4-R5-W3-W4-W5" in harmony_row and "circle R3-R4-R5-W3-(R3)" in harmony_row
    assert "pairs W4~W5" in harmony_row


# -- every section for every registered variant ---------------------------------------------------

PLAY_KEYS = ["games", "decisions", "turns", "branching", "first_player_wins", "second_player_wins",
             "draws", "capped", "ends", "captures", "chance_steps_per_game"]
RULES_KEYS = ["setup", "tiles", "harmony", "clash", "rules_text", "chance", "options", "hooks"]


def test_every_registered_variant_gets_every_section():
    names = paisho.variants()
    report = compare.run_compare(names, games=2, seed=3, workers=2, max_plies=40, players="random")
    assert len(report["variants"]) + len(report["skipped"]) == len(names)
    for s in report["skipped"]:
        assert s["reason"]
    for item in report["variants"]:
        for key in RULES_KEYS:
            assert key in item["rules"], (item["label"], key)
        for key in PLAY_KEYS:
            assert key in item["play"], (item["label"], key)
        p = item["play"]
        assert len(p["branching"]["by_progress"]) == compare.DECILES
        assert sum(p["decisions"]["histogram"]["counts"]) == 2
        assert sum(e["count"] for e in p["ends"]) == 2
        if item["name"] == "skud":  # the others may be under construction
            assert p["errors"]["count"] == 0, p["errors"]
    md = compare.render(report, "md")
    for heading in ("## Rules side by side", "### Tile kinds", "### What each tile does",
                    "### Options", "## How they play", "### How games end"):
        assert heading in md
    html = compare.render(report, "html")
    assert html.count("<svg") >= 3 * len(report["variants"])
    text = compare.render(report, "text")
    assert "How they play" in text and "Rules side by side" in text


# -- command line ----------------------------------------------------------------------------------

def test_cli_reports_bad_input_without_a_traceback(tmp_path):
    runner = CliRunner()
    res = runner.invoke(app, ["compare", "skud", "--format", "pdf"])
    assert res.exit_code == 2 and "unknown format" in res.output
    res = runner.invoke(app, ["compare", "skud", "--games", "0", "-q"])
    assert res.exit_code == 2 and "--games" in res.output
    res = runner.invoke(app, ["compare", "skud", "--players", "oracle", "-q"])
    assert res.exit_code == 2 and "unknown player" in res.output
    # a variant the user names that does not resolve is refused before any game is played
    # (only the registered variants compared by default are skipped, one broken plugin not
    # hiding the others)
    out = tmp_path / "r.json"
    res = runner.invoke(app, ["compare", "skud", "no-such-variant", "--games", "1", "--max-plies", "5", "--players", "random",
                              "--format", "json", "--out", str(out), "-q", "--records", str(tmp_path / "rec")])
    assert res.exit_code == 2, res.output
    assert "no-such-variant" in res.output and "nothing was played" in res.output
    assert not out.exists() and not (tmp_path / "rec").exists()
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nextends: skud\nrules: [\n")
    res = runner.invoke(app, ["compare", "skud", str(bad), "--games", "1", "-q"])
    assert res.exit_code == 2 and "bad.yaml" in res.output and "line" in res.output, res.output


def test_plots_are_written_or_skipped_with_a_message(tmp_path, skud_fire):
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        with pytest.raises(compare.CompareError, match="matplotlib"):
            compare.write_plots(skud_fire, tmp_path)
        return
    paths = compare.write_plots(skud_fire, tmp_path / "plots")
    assert {p.name for p in paths} == {"lengths.png", "branching.png", "branching_over_game.png", "win_rates.png",
                                       "harmony-skud.png", "harmony-fire.png"}
    assert all(p.stat().st_size > 1000 for p in paths)


def test_greedy_players_run_or_fail_clearly():
    with pytest.raises(compare.CompareError, match="wizard"):
        compare.run_compare(["skud"], games=1, players="wizard", max_plies=4)
    report = compare.run_compare(["iroh"], games=1, players="greedy", max_plies=6, seed=2)
    assert report["variants"][0]["play"]["decisions"]["max"] <= 6


def test_ray_backend_matches_local_processes():
    ray = pytest.importorskip("ray")
    local = compare.run_compare(["iroh"], games=2, seed=4, max_plies=30, workers=1, players="random")
    try:
        remote = compare.run_compare(["iroh"], games=2, seed=4, max_plies=30, workers=2, backend="ray", players="random")
    finally:
        if ray.is_initialized():
            ray.shutdown()
    assert compare.render_json(local) == compare.render_json(remote)


# -- rules rows come from data written for people, never from docstrings ----------------------------

def _docstrings() -> set[str]:
    """Every function and module docstring of the loaded variant plugins, whole and as first
    sentences, whitespace normalised."""
    import inspect
    import re

    out = set()
    for name, mod in list(sys.modules.items()):
        if mod is None or not name.startswith(("paisho_variants", "variants.")):
            continue
        docs = [mod.__doc__] + [fn.__doc__ for fn in vars(mod).values()
                                if inspect.isfunction(fn) or inspect.isclass(fn)]
        for doc in docs:
            if not doc:
                continue
            text = " ".join(doc.split())
            out.add(text)
            first = re.match(r"(.+?\.)(\s|$)", text)
            if first and len(first.group(1)) > 20:
                out.add(first.group(1))
    return out


def test_no_rules_cell_is_empty_or_a_docstring():
    """Issue 16: over all seven variants, every cell of the rules tables is filled from the YAML
    (tile effects, rules_text with sources, option descriptions), none from a docstring."""
    names = paisho.variants()
    assert len(names) >= 7
    report = compare.run_compare(names, games=1, seed=1, max_plies=2, backend="inline", players="random")
    assert not report["skipped"], report["skipped"]
    docs = _docstrings()
    assert docs, "the plugins' docstrings were not found"
    rules = next(sec for sec in compare.build_sections(report) if sec["title"] == "Rules side by side")
    checked = 0
    for table in rules["tables"]:
        for row in table["rows"]:
            for cell in row:
                text = " ".join(str(cell).split())
                assert text, (table["title"], row[0])
                assert not any(d in text for d in docs), (table["title"], row[:2], text)
                checked += 1
    assert checked > 200
    for item in report["variants"]:
        for t in item["rules"]["tiles"]:
            assert t["effect"], (item["name"], t["code"])
        for key, rule in item["rules"]["rules_text"].items():
            assert rule["text"] and rule["source"], (item["name"], key)


def test_hidden_information_follows_the_option():
    """Issue 20 item 10: Fire hides nothing unless HideReserveTiles is on; Ancient's hands are
    always hidden; Skud hides nothing."""
    from paisho_core.compare.rules import rules_of
    from paisho_core.compare.specs import resolve_spec

    def hidden(text):
        variant, options = resolve_spec(text)
        return rules_of(variant, options)["chance"]["hidden_information"]

    assert hidden("fire") is False
    assert hidden("fire:HideReserveTiles=true") is True
    assert hidden("skud") is False
    assert hidden("ancient") is True


def test_area_descriptions():
    from paisho_core import board

    assert compare.describe_area(0) == "-"
    assert compare.describe_area(board.PLAYABLE & ~board.GATES) == "any"
    assert compare.describe_area(board.PLAYABLE) == "any+gates"
    assert compare.describe_area((board.AREA["neutral"] | board.AREA["red"]) & ~board.GATES) == "red+neutral"
    assert compare.describe_area(1 << board.index(0, 0)) == "1 point"


# -- issue 16: default players, the house-rule view, Markdown without SVG, a stable JSON shape ----------

def test_default_players_are_rule_aware_from_the_factory_and_reproducible():
    """The default level (issue 33: the rule-aware level over greedy or quick) is named in the
    report; its JSON does not depend on the worker count."""
    assert compare.DEFAULT_PLAYERS == "explore"
    one = compare.run_compare(["iroh", "modern"], games=2, seed=5, max_plies=24, workers=1)
    two = compare.run_compare(["iroh", "modern"], games=2, seed=5, max_plies=24, workers=2)
    assert compare.render_json(one) == compare.render_json(two)
    assert one["settings"]["players"] == "explore"
    assert "rule-aware" in compare.render(one, "md").split("## Rules", 1)[0]


def test_capped_variants_are_flagged():
    report = compare.run_compare(["iroh"], games=2, seed=1, max_plies=6, players="random", backend="inline")
    assert report["variants"][0]["play"]["at_cap"]["rate"] == 1
    assert report["warnings"] and "iroh" in report["warnings"][0]
    assert "**Warning:**" in compare.render(report, "md")


def test_acceptance_house_rule_markdown_with_plots(tmp_path):
    """Issue 16 acceptance 1 (smaller n): a differences section, no inline SVG, PNGs in the folder."""
    pytest.importorskip("matplotlib")
    runner = CliRunner()
    out, plots = tmp_path / "r.md", tmp_path / "d"
    res = runner.invoke(app, ["compare", "skud", "skud:NoWheels=true", "-n", "4", "--workers", "2",
                              "--players", "random", "--max-plies", "60", "--format", "md",
                              "--out", str(out), "--plots", str(plots), "-q"])
    assert res.exit_code == 0, res.output
    md = out.read_text()
    assert "## What the house rule changes" in md and "<svg" not in md
    assert "| Options set | defaults | NoWheels=true |" in md
    pngs = sorted(p.name for p in plots.iterdir())
    assert "win_rates.png" in pngs and "harmony-skud.png" in pngs
    for name in pngs:
        assert f"](d/{name})" in md


def test_differences_recount_from_the_figures():
    report = compare.run_compare(["skud", "skud:NoWheels=true"], games=3, seed=2, max_plies=40,
                                 players="random", backend="inline")
    (diff,) = report["differences"]
    base, house = (v["play"] for v in report["variants"])
    fig = {f["figure"]: f for f in diff["figures"]}
    first = fig["First player wins"]
    assert first["diff"] == pytest.approx(house["first_player_wins"]["rate"] - base["first_player_wins"]["rate"], abs=1e-4)
    assert first["ci95"][0] <= first["diff"] <= first["ci95"][1]
    assert fig["Decisions per game"]["diff"] == pytest.approx(house["decisions"]["mean"] - base["decisions"]["mean"], abs=1e-3)
    assert any(r["row"] == "Options set" for r in diff["rules"])
    # two different variants are no house-rule view
    assert compare.run_compare(["skud", "fire"], games=1, max_plies=4, players="random",
                               backend="inline")["differences"] == []


def test_difference_intervals():
    d = stats.diff_proportions(50, 100, 50, 100)
    assert d["diff"] == 0 and d["ci95"][0] < 0 < d["ci95"][1] and not d["significant"]
    d = stats.diff_proportions(10, 100, 60, 100)
    assert d["significant"] and 0 < d["ci95"][0] < 0.5 < d["ci95"][1] < 1
    m = stats.diff_means(10.0, 1.0, 50, 12.0, 1.0, 50)
    assert m["diff"] == 2.0 and m["significant"]
    assert m["ci95"][1] - m["ci95"][0] == pytest.approx(2 * stats.Z95 * (2 / 50) ** 0.5)


JSON_KEYS = ["report", "version", "settings", "variants", "skipped", "warnings", "differences", "sample_size"]
VARIANT_KEYS = ["label", "name", "title", "options", "rules", "play", "pictures"]


def test_json_shape_is_the_documented_one():
    """docs/comparing.md documents these keys; a change to them changes REPORT_VERSION."""
    report = json.loads(compare.render_json(compare.run_compare(
        ["skud", "skud:NoWheels=true"], games=1, max_plies=4, players="random", backend="inline")))
    assert list(report) == JSON_KEYS and report["version"] == compare.REPORT_VERSION == 3
    assert list(report["variants"][0]) == VARIANT_KEYS
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "comparing.md").read_text()
    for key in JSON_KEYS + VARIANT_KEYS + ["rules_text", "at_cap", "undecided_at_limit", "host_wins", "first_player_wins", "ci95"]:
        assert f"`{key}`" in page, key


def test_plots_adapt_to_degenerate_data(tmp_path):
    """Every game capped: the length plot says so instead of drawing one bar with 400.0-401.0 ticks."""
    pytest.importorskip("matplotlib")
    report = compare.run_compare(["iroh"], games=2, max_plies=5, players="random", backend="inline")
    assert report["variants"][0]["play"]["decisions"]["min"] == report["variants"][0]["play"]["decisions"]["max"] == 5
    paths = compare.write_plots(report, tmp_path)
    assert all(p.stat().st_size > 1000 for p in paths)
